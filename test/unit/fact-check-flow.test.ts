import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import { type FactCheckDeps } from '@/lib/factcheck/deps';
import { partsOf, toFactCheckResult } from '@/lib/factcheck/result';
import { AnswerResultSchema } from '@/lib/shared/types';
import { fetchPage } from '@/lib/pages/fetch-page';
import { memoryCache } from '@/lib/run/cache';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import {
  isJudgeRequest,
  judgeItemsInPrompt,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
} from '../fakes/openai-server';

const PAGE = `Exampleville is a river town. Exampleville had 412,000 residents on 1 January 2026. Its mayor, Ana Ruiz, was elected in 2022. The bridge festival draws 50,000 visitors every summer.`;
const FESTIVAL = 'Each summer, the tourism board counts some fifty thousand guests at the river celebration by the old crossing.';
const NOW = new Date('2026-11-30T12:00:00Z');

let site: FixtureSite;
let brave: Awaited<ReturnType<typeof startFakeBrave>>;
let model: FakeOpenAi;
let judge: (b: ChatRequestBody) => string = () => '{"verdicts":[]}';

beforeAll(async () => {
  site = await startFixtureSite([
    { host: 'exampleville-blog.test', path: '/post', html: articleHtml({ title: 'Our town', paragraphs: [PAGE] }) },
    {
      host: 'stats-office.test',
      path: '/census',
      html: articleHtml({
        title: 'Census',
        paragraphs: ['The census office reported that Exampleville had 412,000 residents on 1 January 2026.'],
      }),
    },
    {
      host: 'city-hall.test',
      path: '/mayor',
      html: articleHtml({
        title: 'Mayor',
        paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023.'],
      }),
    },
    {
      host: 'tourism.test',
      path: '/summer',
      html: articleHtml({ title: 'Summer guide', published: '2026-06-01T00:00:00Z', paragraphs: [FESTIVAL] }),
    },
  ]);
  brave = await startFakeBrave({
    apiKey: 'k',
    results: (q) => [
      { url: site.urlOf('exampleville-blog.test', '/post'), title: 'Our town', description: 'the page itself' },
      ...(/residents/.test(q) ? [{ url: site.urlOf('stats-office.test', '/census'), title: 'Census', description: 'c' }] : []),
      ...(/mayor|Ruiz/.test(q) ? [{ url: site.urlOf('city-hall.test', '/mayor'), title: 'Mayor', description: 'm' }] : []),
      ...(/festival/.test(q) ? [{ url: site.urlOf('tourism.test', '/summer'), title: 'Summer guide', description: 's' }] : []),
    ],
  });
  model = await startFakeOpenAi({ apiKey: 'k', reply: () => 'not used', judge: (b) => judge(b) });
});
afterAll(async () => {
  await Promise.all([site.close(), brave.close(), model.close()]);
});

/** Only the judge uses this model: claims come from the checkable sentences (a model that fails at claims). */
function deps(over: Partial<FactCheckDeps> = {}): FactCheckDeps {
  const fetchVia = viaLoopback();
  const real = createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'k', model: 'm' });
  return {
    now: () => NOW,
    fetch: fetchVia,
    providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
    fetchPage: (url) =>
      fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now: () => NOW }),
    model: {
      name: 'judge-only',
      complete: (req) =>
        req.system.startsWith('You check claims') ? real.complete(req) : Promise.reject(new Error('no claims model')),
    },
    onProgress: () => undefined,
    ...over,
  };
}
const input = { text: PAGE, pageUrl: 'https://exampleville-blog.test/post', title: 'Our town', judge: true };
const judgeRequests = () => model.chats.filter(isJudgeRequest);

describe('fact-check: the judge reads what the code could not settle, and the code disposes', () => {
  it('the closest passage under the selection floor reaches the judge; a verdict with its span and a quote from it is taken', async () => {
    const before = judgeRequests().length;
    judge = (b) => {
      const items = judgeItemsInPrompt(b);
      const festival = items.find((i) => i.claim.includes('festival'))!;
      return JSON.stringify({
        verdicts: [
          { item: festival.item, verdict: 'supports', span: festival.spans[0]!.id, quote: 'some fifty thousand guests' },
        ],
      });
    };
    const r = await factCheck(input, deps());
    const asked = judgeRequests().slice(before);
    expect(asked).toHaveLength(1);
    const items = judgeItemsInPrompt(asked[0]!);
    // Only the claim without a verdict is asked: the code settled the census (supported) and the mayor (contradicted).
    expect(items.map((i) => i.claim)).toEqual(['The bridge festival draws 50,000 visitors every summer.']);
    expect(items[0]!.spans.map((s) => s.text)).toEqual([FESTIVAL]);
    const festival = r.claims.find((c) => c.text.includes('festival'))!;
    expect(festival.verdict).toBe('supported');
    expect(festival.reasons[0]).toContain('some fifty thousand guests');
    expect(r.evidence.find((e) => e.spanId === festival.for[0])?.url).toContain('tourism.test');
    expect(r.stages.find((s) => s.stage === 'judge')?.tokensIn).toBeGreaterThan(0);
  });

  it('a reply that names no span, another claim’s span, or a quote not in its span changes nothing, and is traced', async () => {
    const baseline = await factCheck({ ...input, judge: false }, deps());
    const census = baseline.claims.find((c) => c.text.includes('412,000'))!;
    const replies = [
      () => ({ item: 1, verdict: 'supports', quote: 'some fifty thousand guests' }),
      () => ({ item: 1, verdict: 'supports', span: census.for[0], quote: 'had 412,000 residents' }),
      (id: string) => ({ item: 1, verdict: 'contradicts', span: id, quote: 'only ten thousand guests' }),
    ];
    for (const make of replies) {
      judge = (b) => JSON.stringify({ verdicts: [make(judgeItemsInPrompt(b)[0]!.spans[0]!.id)] });
      const r = await factCheck(input, deps());
      expect(r.claims.map((c) => [c.verdict, c.for, c.against])).toEqual(
        baseline.claims.map((c) => [c.verdict, c.for, c.against]),
      );
      const stage = r.stages.find((s) => s.stage === 'judge')!;
      expect((stage.detail as { ignored: string[] }).ignored).toHaveLength(1);
      expect(stage.summary).toContain('1 ignored');
    }
  });

  it('garbage twice leaves the verdicts as the code gave them, with a warning', async () => {
    const baseline = await factCheck({ ...input, judge: false }, deps());
    judge = () => 'All of these claims are true.';
    const r = await factCheck(input, deps());
    expect(r.claims.map((c) => c.verdict)).toEqual(baseline.claims.map((c) => c.verdict));
    expect(r.warnings).toEqual([expect.objectContaining({ role: 'model', code: 'judge-reply-unreadable' })]);
    expect(r.warnings[0]!.message).toContain('could not be read twice');
  });

  it('judge off: no judge request; a claim without a verdict lists the closest passages read, with the sentence nearest it', async () => {
    const before = judgeRequests().length;
    const r = await factCheck({ ...input, judge: false }, deps());
    expect(judgeRequests().length).toBe(before);
    const festival = r.claims.find((c) => c.text.includes('festival'))!;
    expect(festival.verdict).toBe('not-found');
    expect(festival.closest).toEqual([{ spanId: expect.stringMatching(/^S\d+$/), sentence: FESTIVAL }]);
    expect(r.evidence.find((e) => e.spanId === festival.closest![0]!.spanId)?.title).toBe('Summer guide');
    // Claims with a verdict carry no list.
    expect(r.claims.filter((c) => c.verdict !== 'not-found').every((c) => c.closest === undefined)).toBe(true);
    // The stored result keeps it, and old records without it still parse.
    const stored = toFactCheckResult(partsOf(r), { question: 'q', pageUrl: input.pageUrl, pageTitle: 't' });
    const parsed = AnswerResultSchema.parse(JSON.parse(JSON.stringify(stored)));
    expect(parsed.mode === 'fact-check' && parsed.claims.find((c) => c.text.includes('festival'))?.closest).toEqual(
      festival.closest,
    );
    const old = JSON.parse(JSON.stringify(stored)) as { claims: Array<{ closest?: unknown }> };
    for (const c of old.claims) delete c.closest;
    expect(AnswerResultSchema.safeParse(old).success).toBe(true);
  });
});

describe('fact-check on the shared stages', () => {
  it('claims are searched at once, pages read under one limit and each URL once; the search cache answers a repeat', async () => {
    const text = Array.from(
      { length: 8 },
      (_, i) => `Exampleville had 412,000 residents in district ${i + 1} on 1 January 2026.`,
    ).join(' ');
    let searching = 0;
    let maxSearching = 0;
    let reading = 0;
    let maxReading = 0;
    const reads = new Map<string, number>();
    const fetchVia = viaLoopback();
    const slowSearch: typeof fetchVia = async (url, init) => {
      searching++;
      maxSearching = Math.max(maxSearching, searching);
      try {
        await new Promise((r) => setTimeout(r, 50));
        return await fetchVia(url, init);
      } finally {
        searching--;
      }
    };
    const cache = memoryCache();
    const run = () =>
      factCheck(
        { text, pageUrl: 'https://exampleville-blog.test/post', title: 't', settings: { fetchConcurrency: 2 } },
        deps({
          fetch: slowSearch,
          cache,
          model: null,
          fetchPage: async (url) => {
            reads.set(url, (reads.get(url) ?? 0) + 1);
            reading++;
            maxReading = Math.max(maxReading, reading);
            try {
              return await fetchPage(url, {
                fetch: fetchVia,
                parseHtml: parseHtmlWithLinkedom,
                allowPrivateNetwork: false,
                now: () => NOW,
              });
            } finally {
              reading--;
            }
          },
        }),
      );
    const r = await run();
    expect(r.claims).toHaveLength(8);
    expect(maxSearching).toBe(8);
    expect(maxReading).toBeLessThanOrEqual(2);
    expect([...reads.values()].every((n) => n === 1)).toBe(true);
    expect(reads.size).toBe(1); // the census page, found for all eight claims, read once
    expect(r.evidence.filter((e) => e.url.includes('stats-office.test')).length).toBeGreaterThanOrEqual(8);
    expect(r.stages.find((s) => s.stage === 'search')?.summary).toContain('(8 requests, 0 from cache)');
    const again = await run();
    expect(again.stages.find((s) => s.stage === 'search')?.summary).toContain('(0 requests, 8 from cache)');
  });
});
