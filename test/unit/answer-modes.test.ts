import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { type PipelineSettings } from '@/lib/run/pipeline-settings';
import { type PipelineDeps } from '@/lib/answering/deps';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { defaultSettings } from '@/lib/settings';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { viaLoopback, type FixtureSite } from '../fakes/fixture-site';
import {
  spansInPrompt,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
  type ScriptedReply,
} from '../fakes/openai-server';
import { startCensusWorld } from '../fakes/census-world';
import type { FakeServer } from '../fakes/http-server';

// The answer modes the end-to-end pipeline tests do not reach: questions that are not searched,
// a planner that sees no need to search, a reply cut off before its first sentence ended, a judge
// that fails. Each through the real pipeline, the real SDK and the real adapters over HTTP fakes.

const NOW = () => new Date('2026-11-30T12:00:00Z');

let site: FixtureSite;
let brave: FakeServer & { baseUrl: string };
let model: FakeOpenAi;
let reply: (body: ChatRequestBody) => ScriptedReply = () => 'INSUFFICIENT';
let plan: ((body: ChatRequestBody) => ScriptedReply) | undefined;
let judge: (body: ChatRequestBody) => ScriptedReply = () => '{"verdicts":[]}';
const fetchVia = viaLoopback();

beforeAll(async () => {
  ({ site, brave } = await startCensusWorld());
  model = await startFakeOpenAi({
    apiKey: 'mk',
    reply: (b) => reply(b),
    plan: (b) =>
      plan ? plan(b) : JSON.stringify({ needs_search: true, queries: ['Exampleville population'], freshness_days: null }),
    judge: (b) => judge(b),
  });
});
afterAll(async () => {
  await Promise.all([site.close(), brave.close(), model.close()]);
});

function deps(over: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    now: NOW,
    fetch: fetchVia,
    providers: [createBraveProvider({ apiKey: 'bk', baseUrl: brave.baseUrl })],
    fetchPage: (url) =>
      fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now: NOW }),
    readTabs: async () => [],
    model: createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'mk', model: 'fake-model' }),
    onProgress: () => undefined,
    ...over,
  };
}
const settings: PipelineSettings = { ...pipelineSettings(defaultSettings()), maxPages: 4, maxSpans: 5 };
const TRANSFORM = 'Translate this into French: the bridge is closed.';
const Q = 'How did the population of Exampleville change between 2020 and 2026, and why?';
const stages = (r: { trace: { stages: Array<{ stage: string }> } }) => r.trace.stages.map((s) => s.stage);

describe('answer modes the pipeline reaches without evidence, and failures late in the run', () => {
  it('a text transformation is not searched: without a model it says there is nothing to write it with', async () => {
    const r = await answerQuestion(TRANSFORM, deps({ model: null }), settings);
    expect(r.mode).toBe('not-searched');
    if (r.mode !== 'not-searched') return;
    expect(r.reason).toBe('Not searched: a request to transform text, not a question about the world. This reply cites nothing.');
    expect(r.text).toContain('without a model configured (Settings → Model)');
    expect(stages(r)).toEqual(['route']);
    expect(r.searched).toEqual([TRANSFORM]);
  });

  it('with a model, a question that is not searched gets the model’s reply, traced with its tokens', async () => {
    reply = () => 'Le pont est fermé.';
    const r = await answerQuestion(TRANSFORM, deps(), settings);
    expect(r.mode).toBe('not-searched');
    if (r.mode !== 'not-searched') return;
    expect(r.text).toBe('Le pont est fermé.');
    expect(stages(r)).toEqual(['route', 'compose']);
    expect(r.trace.stages[1]!.tokensOut).toBeGreaterThan(0);
  });

  it('a model that fails on a question that is not searched is "unavailable", naming the model', async () => {
    const r = await answerQuestion(
      TRANSFORM,
      deps({ model: createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'wrong', model: 'm' }) }),
      settings,
    );
    expect(r.mode).toBe('unavailable');
    if (r.mode !== 'unavailable') return;
    expect(r.reason).toContain('rejected the key (401): check Settings → Model');
    expect(r.failures).toHaveLength(1);
    expect(r.evidence).toEqual([]);
  });

  it('a planner that judges no lookup is needed: not searched, said in the reason', async () => {
    plan = () => JSON.stringify({ needs_search: false, queries: [], freshness_days: null });
    reply = () => 'It depends on the census.';
    try {
      const r = await answerQuestion(Q, deps(), settings);
      expect(r.mode).toBe('not-searched');
      if (r.mode !== 'not-searched') return;
      expect(r.reason).toBe('Not searched: the planner judged that no web lookup is needed. This reply cites nothing.');
      expect(stages(r)).toEqual(['route', 'plan', 'compose']);
    } finally {
      plan = undefined;
    }
  });

  it('a reply cut off before its first sentence ended is "unavailable", with the spans it was composed from', async () => {
    reply = () => ({ cutAfter: 'Exampleville had 412,000 resid' });
    const r = await answerQuestion(Q, deps(), settings);
    expect(r.mode).toBe('unavailable');
    if (r.mode !== 'unavailable') return;
    // The search answered; the one failure is the model's, and it is the reason.
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]!.provider).toMatch(/^The model endpoint/);
    expect(r.reason).toBe(r.failures[0]!.message);
    expect(r.evidence.map((e) => new URL(e.url).hostname).sort()).toEqual(['city-news.test', 'stats-office.test']);
    expect(r.gate?.passed).toBe(true);
    expect(stages(r)).toEqual(['route', 'plan', 'search', 'fetch', 'tabs', 'select', 'gate', 'compose']);
  });

  it('a judge that fails leaves the unsettled claims as the checks had them, and the trace says why', async () => {
    judge = () => ({ status: 503 });
    reply = (b) => {
      const census = spansInPrompt(b).find((s) => s.text.includes('412,000'))!;
      return `The census office said Exampleville had 412,000 inhabitants in January 2026 [${census.id}].`;
    };
    const r = await answerQuestion(Q, deps(), { ...settings, judge: true });
    const judged = r.trace.stages.find((s) => s.stage === 'judge')!;
    expect(judged.ok).toBe(false);
    expect(judged.summary).toContain('the model judge is unavailable');
    expect(stages(r).slice(-3)).toEqual(['cite', 'judge', 'verify']);
    expect(r.mode === 'grounded' || r.mode === 'partial').toBe(true);
    if (r.mode === 'grounded' || r.mode === 'partial') expect(r.claims[0]!.status).toBe('supported');
  });
});
