import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import { planClaimQueries } from '@/lib/factcheck/claim-queries';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import type { ChatModel } from '@/lib/model/chat-model';
import type { FactCheckDeps } from '@/lib/factcheck/deps';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../../fakes/fixture-site';
import { startFakeBrave, startFakeWikipedia } from '../../fakes/search-servers';

const NOW = new Date('2026-03-01T00:00:00Z');
const CLAIM = 'Exampleville had 412,000 residents on 1 January 2026.';
const PAGE = `Exampleville is a river town. ${CLAIM} We love it here.`;

describe('the queries a check sends, per claim and per engine, and the trace of them', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let wikipedia: Awaited<ReturnType<typeof startFakeWikipedia>>;
  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats.test',
        path: '/census',
        html: articleHtml({ title: 'Census', paragraphs: [`The census office said ${CLAIM}`] }),
      },
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: () => [{ url: site.urlOf('stats.test', '/census'), title: 'Census', description: 'census' }],
    });
    wikipedia = await startFakeWikipedia({ results: () => [] });
  });
  afterAll(async () => {
    await Promise.all([site?.close(), brave?.close(), wikipedia?.close()]);
  });

  const deps = (model: ChatModel | null): FactCheckDeps => ({
    now: () => NOW,
    fetch: viaLoopback(),
    providers: [
      createWikipediaProvider({ baseUrl: `${wikipedia.origin}/w/api.php` }),
      createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl }),
    ],
    fetchPage: (url) =>
      fetchPage(url, { fetch: viaLoopback(), parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: false, now: () => NOW }),
    model,
    onProgress: () => undefined,
  });
  const asked = (server: { requests: Array<{ url: string }> }, param: string, from: number) =>
    server.requests.slice(from).map((r) => new URL(r.url, 'http://x').searchParams.get(param));

  it("without a model: the code's queries, the short ones to Wikipedia, the keyword ones to Brave; the trace says which and what each found", async () => {
    const [b, w] = [brave.requests.length, wikipedia.requests.length];
    const r = await factCheck({ text: PAGE, pageUrl: 'https://blog.test/p', title: 'Exampleville' }, deps(null));
    const plan = planClaimQueries(r.claims[0]!, { title: 'Exampleville' });
    expect(asked(wikipedia, 'srsearch', w)).toEqual(plan.every);
    expect(asked(brave, 'q', b)).toEqual(plan.any);
    expect(r.claims[0]!.verdict).toBe('supported');
    const search = r.stages.find((s) => s.stage === 'search')!;
    const perClaim = (search.detail as { perClaim: Array<Record<string, unknown>> }).perClaim;
    expect(perClaim[0]).toMatchObject({ claim: 1, by: 'code', subject: 'Exampleville' });
    expect(perClaim[0]!.asked).toEqual([
      ...plan.every.map((query) => ({ provider: 'Wikipedia', query, hits: 0 })),
      ...plan.any.map((query) => ({ provider: 'Brave Search', query, hits: 1 })),
    ]);
    expect(perClaim[0]!.read).toEqual([site.urlOf('stats.test', '/census')]);
  });

  it("with a model: its queries go to Brave when every name and number is the claim's; one that adds a name is refused, and said so", async () => {
    const model: ChatModel = {
      name: 'scripted',
      complete: async () => ({
        text: JSON.stringify({
          claims: [
            {
              claim: CLAIM,
              sentence: CLAIM,
              worth: 5,
              queries: ['Exampleville population 412,000 2026', 'Exampleville Springfield census'],
            },
          ],
        }),
      }),
    };
    const b = brave.requests.length;
    const r = await factCheck({ text: PAGE, pageUrl: 'https://blog.test/p', title: 'Exampleville' }, deps(model));
    expect(asked(brave, 'q', b)).toEqual(['Exampleville population 412,000 2026']);
    const perClaim = (r.stages.find((s) => s.stage === 'search')!.detail as { perClaim: Array<Record<string, unknown>> })
      .perClaim;
    expect(perClaim[0]).toMatchObject({ by: 'model' });
    expect(String(perClaim[0]!.notes)).toMatch(/adds Springfield/);
  });
});
