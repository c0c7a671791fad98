import { sendJson, startFakeServer, type FakeServer, type RecordedRequest } from './http-server';

/** A scripted reply: text, an HTTP error the endpoint should send, or a stream cut off after `cutAfter`. */
export type ScriptedReply = string | { status: number; body?: unknown; headers?: Record<string, string> } | { cutAfter: string };

export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  temperature?: number;
  messages: Array<{ role: string; content: string }>;
}

export interface FakeOpenAi extends FakeServer {
  /** Base URL to configure: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Parsed chat-completions requests, in order. */
  chats: ChatRequestBody[];
}

/**
 * Speaks OpenAI's chat-completions protocol, plain JSON or SSE streaming (with a usage chunk when
 * asked), checks `Authorization: Bearer <key>` (401 in OpenAI's error shape otherwise), and answers
 * with a reply scripted per request by the test.
 */
/** The planner's prompt opens with this (lib/planning/plan.ts). */
const PLANNER = 'You convert a user question into web search queries.';

/** Whether a request is the planner's. */
export function isPlanRequest(body: ChatRequestBody): boolean {
  return body.messages[0]?.content.startsWith(PLANNER) ?? false;
}

/** The model judge's prompt opens with this (lib/verdict/judge.ts). */
const JUDGE = 'You check claims against passages.';

/** Whether a request is the model judge's. */
export function isJudgeRequest(body: ChatRequestBody): boolean {
  return body.messages[0]?.content.startsWith(JUDGE) ?? false;
}

/** A claim and its passages as the judge's prompt numbers them: "Item 1\nClaim: …\n[S3] text". */
export function judgeItemsInPrompt(
  body: ChatRequestBody,
): Array<{ item: number; claim: string; spans: Array<{ id: string; text: string }> }> {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  return [...user.matchAll(/^Item (\d+)\nClaim: (.*)\n((?:\[[^\]\s]+\] .*(?:\n|$))*)/gm)].map((m) => ({
    item: Number(m[1]),
    claim: m[2]!,
    spans: [...m[3]!.matchAll(/^\[([^\]\s]+)\] (.*)$/gm)].map((x) => ({ id: x[1]!, text: x[2]! })),
  }));
}

/** What a good planner answers: the question itself as the one query, no freshness window. */
export function defaultPlan(body: ChatRequestBody): string {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  const question = /Question: ([\s\S]*)$/.exec(user)?.[1]?.trim() ?? user;
  return JSON.stringify({ needs_search: true, queries: [question], freshness_days: null });
}

export async function startFakeOpenAi(options: {
  apiKey: string;
  reply: (body: ChatRequestBody, req: RecordedRequest) => ScriptedReply;
  /** The planner's reply; by default the question as the one query (see defaultPlan). */
  plan?: (body: ChatRequestBody) => ScriptedReply;
  /** The model judge's reply; by default a judge that gives no verdict (`{"verdicts":[]}`). */
  judge?: (body: ChatRequestBody) => ScriptedReply;
  /** Milliseconds to wait before answering a composer request (a slow model). */
  delayMs?: () => number;
  /** Milliseconds before answering a planner request. */
  planDelayMs?: number;
  /** Milliseconds between streamed chunks of a composer reply (24 characters a chunk). */
  chunkDelayMs?: number;
}): Promise<FakeOpenAi> {
  const chats: ChatRequestBody[] = [];
  const server = await startFakeServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'test' }] });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return sendJson(res, 404, { error: { message: 'not found' } });
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      });
    }
    const body = JSON.parse(req.body) as ChatRequestBody;
    chats.push(body);
    const isPlan = isPlanRequest(body);
    const delay = isPlan ? (options.planDelayMs ?? 0) : (options.delayMs?.() ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const reply = isPlan
      ? (options.plan ?? defaultPlan)(body)
      : isJudgeRequest(body)
        ? (options.judge?.(body) ?? '{"verdicts":[]}')
        : options.reply(body, req);
    if (typeof reply !== 'string' && 'cutAfter' in reply) {
      // A stream that breaks mid-reply: some chunks, then the connection drops.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of reply.cutAfter.match(/[\s\S]{1,24}/g) ?? []) {
        const chunk = {
          id: 'cut',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    if (typeof reply !== 'string')
      return sendJson(res, reply.status, reply.body ?? { error: { message: 'scripted error' } }, reply.headers);
    const usage = {
      prompt_tokens: Math.ceil(body.messages.map((m) => m.content).join(' ').length / 4),
      completion_tokens: Math.ceil(reply.length / 4),
    };
    const id = `chatcmpl-${chats.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply } }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of reply.match(/[\s\S]{1,24}/g) ?? []) {
      res.write(chunk({ content: piece }, null));
      if (options.chunkDelayMs && !isPlan) await new Promise((r) => setTimeout(r, options.chunkDelayMs));
    }
    res.write(chunk({}, 'stop'));
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
  return { ...server, baseUrl: `${server.origin}/v1`, chats };
}

/** Whether a request is the composer's: its evidence is fenced (lib/claims/compose.ts). */
export function isComposeRequest(body: ChatRequestBody): boolean {
  return body.messages.find((m) => m.role === 'user')?.content.includes('\n<evidence>\n') ?? false;
}

/**
 * Span ids and texts as the composer numbered them inside its evidence fence (lib/claims/compose.ts):
 * "Source: title | published …" once per source, then "[S1] text" per span, a text running to the
 * next span, source or the fence's end.
 */
export function spansInPrompt(body: ChatRequestBody): Array<{ id: string; title: string; text: string }> {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  const fenced = /<evidence>\n([\s\S]*)\n<\/evidence>/.exec(user)?.[1] ?? '';
  const out: Array<{ id: string; title: string; text: string }> = [];
  let title = '';
  let open: { id: string; title: string; lines: string[] } | undefined;
  const close = () => {
    if (!open) return;
    while (open.lines.length > 1 && open.lines.at(-1) === '') open.lines.pop();
    out.push({ id: open.id, title: open.title, text: open.lines.join('\n') });
    open = undefined;
  };
  for (const line of fenced.split('\n')) {
    const source = /^Source: (.*) \| (?:published \S+|undated)$/.exec(line);
    const span = /^\[(S\d+)\] ([\s\S]*)$/.exec(line);
    if (source || span) close();
    if (source) title = source[1]!;
    else if (span) open = { id: span[1]!, title, lines: [span[2]!] };
    else open?.lines.push(line);
  }
  close();
  return out;
}
