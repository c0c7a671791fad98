import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { type PipelineSettings } from '@/lib/run/pipeline-settings';
import { type PipelineDeps } from '@/lib/answering/deps';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { defaultSettings } from '@/lib/settings';
import { fetchPage } from '@/lib/pages/fetch-page';
import { memoryCache } from '@/lib/run/cache';
import { cachedPageReader } from '@/lib/pages/read-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { PLAN_SYSTEM } from '@/lib/planning/plan';
import { articleHtml, viaLoopback, type FixtureSite } from '../../fakes/fixture-site';
import {
  spansInPrompt,
  startFakeOpenAi,
  type FakeOpenAi,
  type ScriptedReply,
  type ChatRequestBody,
} from '../../fakes/openai-server';
import { startFakeBrave } from '../../fakes/search-servers';
import { CENSUS, startCensusWorld } from '../../fakes/census-world';
import { startFakeServer, type FakeServer } from '../../fakes/http-server';

let site: FixtureSite;
let brave: FakeServer & { baseUrl: string };
let model: FakeOpenAi;
let down: FakeServer;
let reply: (body: ChatRequestBody) => ScriptedReply = () => 'INSUFFICIENT';
let judge: ((body: ChatRequestBody) => ScriptedReply) | undefined;
const fetchVia = viaLoopback();

beforeAll(async () => {
  ({ site, brave } = await startCensusWorld());
  model = await startFakeOpenAi({ apiKey: 'mk', reply: (b) => reply(b), judge: (b) => judge?.(b) ?? '{"verdicts":[]}' });
  down = await startFakeServer((_req, res) => {
    res.writeHead(503);
    res.end('down');
  });
});
afterAll(async () => {
  await Promise.all([site.close(), brave.close(), model.close(), down.close()]);
});

function deps(over: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    now: () => new Date('2026-11-30T12:00:00Z'),
    fetch: fetchVia,
    providers: [createBraveProvider({ apiKey: 'bk', baseUrl: brave.baseUrl })],
    fetchPage: (url) =>
      fetchPage(url, {
        fetch: fetchVia,
        parseHtml: parseHtmlWithLinkedom,
        allowPrivateNetwork: false,
        now: () => new Date('2026-11-30T12:00:00Z'),
      }),
    readTabs: async () => [],
    model: createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'mk', model: 'fake-model' }),
    onProgress: () => undefined,
    ...over,
  };
}
const settings: PipelineSettings = {
  ...pipelineSettings(defaultSettings()),
  maxPages: 4,
  maxSpans: 5,
};
const Q = 'What is the population of Exampleville?';

function citeBoth(b: ChatRequestBody) {
  const spans = spansInPrompt(b);
  const c = spans.find((s) => s.text.includes('412,000'))!;
  const g = spans.find((s) => s.text.includes('3.4 percent'))!;
  return `Exampleville had 412,000 residents on 1 January 2026 [${c.id}]. The population grew by 3.4 percent in 2025 [${g.id}].`;
}

describe('the first pipeline, end to end in Node over HTTP fakes', () => {
  it('answers grounded, with sources from the evidence list and a trace of every stage', async () => {
    reply = citeBoth;
    const r = await answerQuestion(Q, deps(), settings);
    expect(r.mode).toBe('grounded');
    if (r.mode !== 'grounded') return;
    expect(r.claims.map((c) => c.status)).toEqual(['supported', 'supported']);
    expect(r.sources.map((s) => new URL(s.url).hostname).sort()).toEqual(['city-news.test', 'stats-office.test']);
    expect(r.trace.stages.map((s) => s.stage)).toEqual([
      'route',
      'plan',
      'search',
      'fetch',
      'tabs',
      'select',
      'gate',
      'compose',
      'cite',
      'verify',
    ]);
    const compose = r.trace.stages.find((s) => s.stage === 'compose')!;
    expect(compose.tokensIn).toBeGreaterThan(0);
    const census = r.evidence.find((e) => e.text.includes('412,000'))!;
    expect(census.published).toEqual({ iso: '2026-02-10T09:00:00.000Z', source: 'meta', why: 'a meta tag (2026-02-10)' });
  });

  it('one provider failing while another answers: the answer comes, the failure is in the trace', async () => {
    reply = citeBoth;
    const r = await answerQuestion(
      Q,
      deps({
        providers: [
          createWikipediaProvider({ baseUrl: `${down.origin}/w/api.php` }),
          createBraveProvider({ apiKey: 'bk', baseUrl: brave.baseUrl }),
        ],
      }),
      settings,
    );
    expect(r.mode).toBe('grounded');
    expect(r.warnings).toEqual([
      expect.objectContaining({
        role: 'search',
        code: 'provider-skipped',
        cause: expect.objectContaining({ code: 'server-error', params: { provider: 'Wikipedia', status: 503 } }),
        message: 'Wikipedia had a server error (503): try again. Spanlight went on without it.',
      }),
    ]);
    expect(JSON.stringify(r.trace.stages.find((s) => s.stage === 'search')!.detail)).toContain('"kind":"server"');
  });

  it('every provider failing is "unavailable", never "nothing found"', async () => {
    const r = await answerQuestion(
      Q,
      deps({ providers: [createBraveProvider({ apiKey: 'wrong', baseUrl: brave.baseUrl })] }),
      settings,
    );
    expect(r.mode).toBe('unavailable');
    if (r.mode === 'unavailable')
      expect(r.failures[0]!.message).toBe('Brave Search rejected the key (401): check Settings → Search providers.');
  });

  it('an unreachable model is "unavailable" with a message naming it', async () => {
    const r = await answerQuestion(
      Q,
      deps({
        model: createOpenAiCompatibleModel({ baseUrl: `${down.origin.replace(/:\d+$/, ':1')}/v1`, apiKey: 'mk', model: 'm' }),
      }),
      settings,
    );
    expect(r.mode).toBe('unavailable');
    if (r.mode === 'unavailable') expect(r.reason).toMatch(/^Model unavailable: could not reach/);
  });

  it('a wrong model key names the model endpoint', async () => {
    const r = await answerQuestion(
      Q,
      deps({ model: createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'nope', model: 'm' }) }),
      settings,
    );
    expect(r.mode).toBe('unavailable');
    if (r.mode === 'unavailable') expect(r.reason).toContain('rejected the key (401): check Settings → Model');
  });

  it('a draft citing spans that do not exist is discarded, retried once with fewer spans, then refused', async () => {
    let calls = 0;
    reply = () => {
      calls++;
      return 'Exampleville had 412,000 residents [S9].';
    };
    const r = await answerQuestion(Q, deps(), settings);
    expect(calls).toBe(2);
    expect(r.mode).toBe('abstained');
    if (r.mode === 'abstained')
      expect(r.reason).toBe('The model cited evidence that does not exist, twice; its answer was discarded.');
  });

  it('a retry that cites real spans recovers', async () => {
    let calls = 0;
    reply = (b) =>
      ++calls === 1 ? 'Exampleville had 412,000 residents [S9].' : `Exampleville is described here [${spansInPrompt(b)[0]!.id}].`;
    const r = await answerQuestion(Q, deps(), settings);
    expect(calls).toBe(2);
    expect(r.evidence.length).toBeLessThan(2);
    expect(r.warnings).toEqual([
      expect.objectContaining({ role: 'model', code: 'unknown-spans-cited', params: { spans: 'S9' } }),
    ]);
  });

  it('INSUFFICIENT from the model is an abstention with the links that were found', async () => {
    reply = () => 'INSUFFICIENT';
    const r = await answerQuestion(Q, deps(), settings);
    expect(r.mode).toBe('abstained');
    if (r.mode !== 'abstained') return;
    expect(r.links.length).toBeGreaterThan(0);
    // The best passages found, each a span of the refusal's evidence with its sentence.
    expect(r.best.length).toBeGreaterThan(0);
    for (const b of r.best) expect(r.evidence.find((e) => e.spanId === b.spanId)!.text).toContain(b.sentence);
    expect(r.best.map((b) => b.sentence)).toContain(CENSUS);
  });

  it('a partly supported draft is partial: the unsupported sentence is dropped and listed, not silently kept', async () => {
    reply = (b) => `${citeBoth(b)} Exampleville has 9 bridges [S1].`;
    const r = await answerQuestion(Q, deps(), settings);
    expect(r.mode).toBe('partial');
    if (r.mode === 'partial') {
      const bridges = r.claims.find((c) => c.text.includes('bridges'))!;
      expect(bridges.status).toBe('dropped');
      expect(bridges.reasons).toContain('the number 9 is not in the passage');
      expect(r.sources.every((s) => r.claims.some((c) => c.status !== 'dropped' && c.cites.includes(s.spanId)))).toBe(true);
    }
  });

  it('private-network pages are refused unless allowed, with the reason in the trace', async () => {
    const local = await startFakeBrave({
      apiKey: 'bk',
      results: () => [{ url: `${site.origin}/population`, title: 'x', description: 'x' }],
    });
    const r = await answerQuestion(
      Q,
      deps({ providers: [createBraveProvider({ apiKey: 'bk', baseUrl: local.baseUrl })] }),
      settings,
    );
    await local.close();
    expect(r.mode).toBe('nothing-found');
    expect(JSON.stringify(r.trace.stages.find((s) => s.stage === 'fetch')!.detail)).toContain('private-network address refused');
  });

  it('keyless: open tabs only, extractive composer, no model', async () => {
    const { extractPage } = await import('@/lib/pages/extract');
    const tab = await extractPage(
      {
        html: articleHtml({ title: 'Census', paragraphs: [CENSUS] }),
        url: 'https://stats.example/p',
        lastModified: null,
        retrievedAt: '2026-11-30T12:00:00Z',
        origin: 'tab',
        tabId: 4,
      },
      parseHtmlWithLinkedom,
    );
    const r = await answerQuestion(
      'How many residents did Exampleville have?',
      deps({ providers: [], model: null, readTabs: async () => [tab.page] }),
      settings,
    );
    expect(r.mode).toBe('grounded');
    if (r.mode === 'grounded') {
      expect(r.claims[0]!.text).toContain('412,000');
      expect(r.sources[0]).toMatchObject({ origin: 'tab', url: 'https://stats.example/p' });
    }
  });

  it('claims are verified and handed on while the model streams', async () => {
    reply = citeBoth;
    const streamed: string[] = [];
    const r = await answerQuestion(Q, deps({ onClaim: (c) => streamed.push(`${c.status}:${c.text}`) }), settings);
    expect(r.mode).toBe('grounded');
    expect(streamed).toEqual(['supported:Exampleville had 412,000 residents on 1 January 2026.']);
  });

  it('a stream cut off mid-claim keeps the complete, verified sentences and says the rest is missing', async () => {
    reply = (b) => ({ cutAfter: `${citeBoth(b).split(' The population')[0]} The population grew by 3.` });
    const r = await answerQuestion(Q, deps(), settings);
    expect(r.mode).toBe('partial');
    if (r.mode !== 'partial') return;
    expect(r.claims.map((c) => c.text)).toEqual(['Exampleville had 412,000 residents on 1 January 2026.']);
    expect(r.unsupported.join(' ')).toContain('cut off');
    expect(r.warnings).toEqual([
      expect.objectContaining({ role: 'model', code: 'reply-cut-off', cause: expect.objectContaining({ role: 'model' }) }),
    ]);
    expect(r.warnings[0]!.message).toContain("The model's reply was cut off (");
  });

  it('the model judge settles claims the deterministic checks cannot, in one batched call', async () => {
    const judgeCalls: string[] = [];
    judge = (b) => {
      judgeCalls.push(b.messages[1]!.content);
      return '{"verdicts":[{"item":1,"verdict":"neither"}]}';
    };
    reply = (b) => {
      const census = spansInPrompt(b).find((s) => s.text.includes('412,000'))!;
      return `Exampleville had 412,000 residents [${census.id}]. The census office said Exampleville had 412,000 inhabitants in January 2026 [${census.id}].`;
    };
    const r = await answerQuestion(Q, deps(), { ...settings, judge: true });
    expect(judgeCalls).toHaveLength(1);
    expect(r.trace.stages.map((s) => s.stage)).toContain('judge');
    if (r.mode === 'partial' || r.mode === 'grounded') {
      expect(r.claims.find((c) => c.text.includes('inhabitants'))!.status).toBe('dropped');
      expect(r.claims.find((c) => c.text.includes('inhabitants'))!.reasons).toContain('the model judge found it not supported');
    } else throw new Error(`unexpected mode ${r.mode}`);
  });

  it('the cost estimate comes from the prices in the settings', async () => {
    reply = citeBoth;
    const r = await answerQuestion(Q, deps(), {
      ...settings,
      prices: { inputPerMillion: 3, outputPerMillion: 15, searchPerCall: 0.005 },
    });
    const compose = r.trace.stages.find((s) => s.stage === 'compose')!;
    expect(compose.costUsd).toBeCloseTo((compose.tokensIn! * 3 + compose.tokensOut! * 15) / 1e6, 6);
    // One search call a planned query (a single-hop question: the question and its keywords).
    expect(r.searched).toEqual(['What is the population of Exampleville', 'population Exampleville']);
    expect(r.trace.stages.find((s) => s.stage === 'search')!.costUsd).toBeCloseTo(0.005 * 2, 6);
  });

  it('a repeated question inside the caches’ lifetime makes no search or fetch request; an old page is revalidated by ETag', async () => {
    reply = citeBoth;
    const cache = memoryCache();
    let clock = new Date('2026-11-30T12:00:00Z');
    const now = () => clock;
    const reader = cachedPageReader(
      (url, etag) =>
        fetchPage(url, {
          fetch: fetchVia,
          parseHtml: parseHtmlWithLinkedom,
          allowPrivateNetwork: false,
          now,
          ...(etag ? { etag } : {}),
        }),
      cache,
      now,
    );
    const cachedDeps = deps({ now, cache, fetchPage: reader });
    const first = await answerQuestion(Q, cachedDeps, settings);
    expect(first.mode).toBe('grounded');
    const searches = brave.requests.length;
    const pages = site.requests.length;
    clock = new Date(clock.getTime() + 5 * 60_000);
    const second = await answerQuestion(Q, cachedDeps, settings);
    expect(second.mode).toBe('grounded');
    expect(brave.requests.length - searches).toBe(0);
    expect(site.requests.length - pages).toBe(0);
    expect(second.trace.stages.find((s) => s.stage === 'search')!.summary).toContain(
      `0 requests, ${second.searched.length} from cache`,
    );

    // Two hours on: pages are revalidated with If-None-Match (the fixture answers 304 for a matching ETag).
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await answerQuestion(Q, cachedDeps, settings);
    const revalidations = site.requests.slice(pages).filter((r) => r.headers['if-none-match']);
    expect(revalidations.length).toBeGreaterThan(0);
  });

  it('the fast path: a primary-source snippet with a verifiable token is evidence without fetching its page', async () => {
    const releases = await startFakeBrave({
      apiKey: 'bk',
      results: () => [
        {
          url: 'https://www.python.org/downloads/',
          title: 'Download Python',
          description: 'The latest Python release is Python 3.13.1, released on November 2, 2026.',
          // A "latest" question is planned with a year's window: the snippet is dated inside it.
          page_age: '2026-11-02T00:00:00',
        },
        { url: site.urlOf('city-news.test', '/growth'), title: 'Growth', description: 'growth' },
      ],
    });
    const fetched: string[] = [];
    reply = (b) => {
      const py = spansInPrompt(b).find((s) => s.text.includes('3.13.1'))!;
      return `The latest Python release is Python 3.13.1 [${py.id}].`;
    };
    const r = await answerQuestion(
      'What is the latest Python release?',
      deps({
        providers: [createBraveProvider({ apiKey: 'bk', baseUrl: releases.baseUrl })],
        fetchPage: (url) => {
          fetched.push(url);
          return fetchPage(url, {
            fetch: fetchVia,
            parseHtml: parseHtmlWithLinkedom,
            allowPrivateNetwork: false,
            now: () => new Date('2026-11-30T12:00:00Z'),
          });
        },
      }),
      { ...settings, minDomains: 1 },
    );
    await releases.close();
    expect(fetched.some((u) => u.includes('python.org'))).toBe(false);
    expect(r.trace.stages.find((s) => s.stage === 'fast-path')?.summary).toContain('1 primary-source snippet');
    expect(r.mode).toBe('grounded');
    expect(r.evidence.some((e) => e.url === 'https://www.python.org/downloads/')).toBe(true);
  });

  it('a single-hop question is planned in code (no planner call); a two-part one by the model planner', async () => {
    reply = citeBoth;
    const planner = () => model.chats.filter((c) => c.messages[0]!.content.startsWith(PLAN_SYSTEM)).length;
    const before = planner();
    const single = await answerQuestion(Q, deps(), settings);
    expect(single.mode).toBe('grounded');
    expect(planner()).toBe(before);
    expect(single.trace.stages.find((s) => s.stage === 'route')!.summary).toContain('single-hop, queries planned in code');
    expect(single.trace.stages.find((s) => s.stage === 'plan')).toMatchObject({ summary: '2 queries (heuristic)' });

    const two = await answerQuestion(
      'How many residents did Exampleville have, and how fast did the population grow?',
      deps(),
      settings,
    );
    expect(two.mode).toBe('grounded');
    expect(planner()).toBe(before + 1);
    expect(two.trace.stages.find((s) => s.stage === 'route')!.summary).toContain('not single-hop: two questions in one');
    expect(two.trace.stages.find((s) => s.stage === 'plan')!.tokensIn).toBeGreaterThan(0);
  });
});
