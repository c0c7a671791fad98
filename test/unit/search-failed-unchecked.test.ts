import { planClaimQueries } from '@/lib/factcheck/claim-queries';
import { rankClaims } from '@/lib/factcheck/rank-claims';
import { checkableSentences } from '@/lib/factcheck/split-claims';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import type { FactCheckDeps } from '@/lib/factcheck/deps';
import { createBraveProvider } from '@/lib/search/brave';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { createExaProvider } from '@/lib/search/exa';
import { createSearxngProvider } from '@/lib/search/searxng';
import { createSerperProvider } from '@/lib/search/serper';
import { createTavilyProvider } from '@/lib/search/tavily';
import type { SearchProvider } from '@/lib/search/provider';
import {
  serveBrave,
  serveExa,
  serveSearxng,
  serveSerper,
  serveTavily,
  serveWikipedia,
  type ProviderFake,
  type ProviderReply,
} from '../fakes/search-servers';
import { startFakeServer } from '../fakes/http-server';

// Issue #33: a search that fails is never a verdict. Every claim whose every search failed is
// `unchecked` with the failure's reason, never `not-found`.

const NOW = new Date('2026-11-30T12:00:00Z');
const TEXT = [
  'Exampleville opened its first public library in 1921.',
  'The Exampleville tramway carried 4 million passengers in 2019.',
  'Exampleville has 412,000 inhabitants according to the 2026 census.',
].join(' ');
const BRAVE_KEY = 'brave-key';
const fixture = (name: string): unknown => JSON.parse(readFileSync(`test/fixtures/search/${name}.json`, 'utf8'));

let brave: ProviderFake;
let wikipedia: ProviderFake;
let closedOrigin: string;
beforeAll(async () => {
  brave = await serveBrave({ apiKey: BRAVE_KEY, body: fixture('brave') });
  wikipedia = await serveWikipedia({ body: fixture('wikipedia') });
  const gone = await startFakeServer(() => undefined);
  closedOrigin = gone.origin;
  await gone.close();
});
afterAll(async () => {
  await Promise.all([brave.close(), wikipedia.close()]);
});
beforeEach(() => {
  brave.reset();
  wikipedia.reset();
});

/** A check of TEXT on `providers`, with a short search timeout; no page is read (a failed search finds none). */
async function check(providers: SearchProvider[], searchTimeoutMs = 2_000) {
  const deps: FactCheckDeps = {
    now: () => NOW,
    fetch,
    providers,
    fetchPage: async (url) => ({ ok: false, url, reason: 'not read in this test' }) as never,
    model: null,
    onProgress: () => undefined,
  };
  const started = performance.now();
  const r = await factCheck(
    { text: TEXT, pageUrl: 'https://exampleville.test/post', title: 'Exampleville', settings: { searchTimeoutMs } },
    deps,
  );
  return { r, ms: performance.now() - started };
}

const wiki = (baseUrl = wikipedia.baseUrl) => createWikipediaProvider({ baseUrl });
const braveAt = (baseUrl = brave.baseUrl, apiKey = BRAVE_KEY) => createBraveProvider({ apiKey, baseUrl });

describe('every search failed: each claim unchecked with its reason, none not-found (#33)', () => {
  const cases: Array<{
    name: string;
    provider: () => SearchProvider;
    reply?: { fake: () => ProviderFake; reply: ProviderReply };
    code: string;
    message: RegExp;
  }> = [
    {
      name: 'Wikipedia answering 500',
      provider: () => wiki(),
      reply: { fake: () => wikipedia, reply: { status: 500, text: 'upstream error' } },
      code: 'server-error',
      message: /^Wikipedia had a server error \(500\)/,
    },
    {
      name: 'Brave answering 500',
      provider: () => braveAt(),
      reply: { fake: () => brave, reply: { status: 500, text: 'upstream error' } },
      code: 'server-error',
      message: /^Brave Search had a server error \(500\)/,
    },
    {
      name: 'Brave refusing the key',
      provider: () => braveAt(brave.baseUrl, 'wrong-key'),
      code: 'key-rejected',
      message: /^Brave Search rejected the key \(401\)/,
    },
    {
      name: 'Wikipedia over its limit (429)',
      provider: () => wiki(),
      reply: { fake: () => wikipedia, reply: { status: 429, text: 'Too many requests', headers: { 'retry-after': '30' } } },
      code: 'rate-limited-for',
      message: /Wikipedia/,
    },
    {
      name: 'Wikipedia timing out',
      provider: () => wiki(),
      reply: { fake: () => wikipedia, reply: 'hang' },
      code: 'timeout',
      message: /Wikipedia/,
    },
    {
      name: 'Brave timing out',
      provider: () => braveAt(),
      reply: { fake: () => brave, reply: 'hang' },
      code: 'timeout',
      message: /Brave Search/,
    },
    {
      name: 'Wikipedia unreachable (a closed port)',
      provider: () => wiki(`${closedOrigin}/w/api.php`),
      code: 'unreachable',
      message: /^Wikipedia is unreachable at http:\/\/127\.0\.0\.1:\d+/,
    },
    {
      name: 'Brave unreachable (a closed port)',
      provider: () => braveAt(`${closedOrigin}/res/v1/web/search`),
      code: 'unreachable',
      message: /^Brave Search is unreachable at http:\/\/127\.0\.0\.1:\d+/,
    },
  ];

  for (const c of cases)
    it(c.name, async () => {
      if (c.reply) c.reply.fake().script(c.reply.reply);
      const { r, ms } = await check([c.provider()], 300);
      expect(r.claims.length).toBeGreaterThan(0);
      expect(r.claims.filter((x) => x.verdict === 'not-found')).toEqual([]);
      for (const claim of r.claims) {
        expect(claim.verdict).toBe('unchecked');
        expect(claim.failure?.code).toBe(c.code);
        expect(claim.failure?.message).toMatch(c.message);
        expect(claim.for).toEqual([]);
        expect(claim.against).toEqual([]);
      }
      expect(ms).toBeLessThan(5_000);
      expect(r.stages.find((s) => s.stage === 'verdicts')?.summary).toMatch(/^0 of \d+ checked, \d+ unchecked/);
    });

  it('two providers both down: unchecked, the first provider named; one of them answering: checked', async () => {
    wikipedia.script({ status: 500, text: 'down' });
    const down = await check([wiki(), braveAt(`${closedOrigin}/res/v1/web/search`)], 300);
    expect(down.r.claims.every((c) => c.verdict === 'unchecked' && c.failure?.provider === 'Wikipedia')).toBe(true);
    expect(down.r.claims[0]!.reasons.join(' ')).toMatch(/Brave Search is unreachable/);
    const half = await check([wiki(), braveAt()], 300);
    expect(half.r.claims.filter((c) => c.verdict === 'unchecked')).toEqual([]);
  });
});

describe('a provider failing for some claims and answering others (#33)', () => {
  it('asks the failed ones once more in the same check; checked when the retry answers', async () => {
    // The first claim's queries are the first asked: each fails, so that claim alone is asked again.
    const everyQueries = (c: Parameters<typeof planClaimQueries>[0]) => planClaimQueries(c, { title: 'Exampleville' }).every;
    let failing = Infinity;
    const flaky = await startFakeServer((req, res) => {
      const body = failing-- > 0 ? null : fixture('wikipedia');
      if (!body) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('busy');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    try {
      const ranked = rankClaims(checkableSentences(TEXT), 'Exampleville');
      failing = everyQueries(ranked[0]!).length;
      const { r } = await check([wiki(`${flaky.origin}/w/api.php`)]);
      expect(r.claims.filter((c) => c.verdict === 'unchecked')).toEqual([]);
      const planned = new Set(r.claims.flatMap((c) => everyQueries(c).map((q) => q.toLowerCase()))).size;
      // The first searches (the first claim's all failed), then that claim's asked again.
      expect(flaky.requests).toHaveLength(planned + everyQueries(r.claims[0]!).length);
    } finally {
      await flaky.close();
    }
  });

  it('a claim that fails again is unchecked; a provider down throughout is asked once per claim', async () => {
    wikipedia.script({ status: 500, text: 'down' });
    const { r } = await check([wiki()]);
    expect(r.claims.every((c) => c.verdict === 'unchecked')).toBe(true);
    // Each query planned asked once: none again, since no claim's search was answered.
    const planned = new Set(
      r.claims.flatMap((c) => planClaimQueries(c, { title: 'Exampleville' }).every.map((q) => q.toLowerCase())),
    ).size;
    expect(wikipedia.requests).toHaveLength(planned);
  });
});

describe('the other web adapters failing: every claim unchecked with its reason, none not-found (#33)', () => {
  const KEY = 'web-key-0123456789';
  const adapters: Array<{
    name: string;
    serve: () => Promise<ProviderFake>;
    /** The adapter at `baseUrl` with `apiKey` (SearXNG takes none). */
    create: (baseUrl: string, apiKey: string) => SearchProvider;
    keyed: boolean;
  }> = [
    {
      name: 'Tavily',
      serve: () => serveTavily({ apiKey: KEY, body: fixture('tavily') }),
      create: (baseUrl, apiKey) => createTavilyProvider({ apiKey, baseUrl }),
      keyed: true,
    },
    {
      name: 'Exa',
      serve: () => serveExa({ apiKey: KEY, body: fixture('exa') }),
      create: (baseUrl, apiKey) => createExaProvider({ apiKey, baseUrl }),
      keyed: true,
    },
    {
      name: 'Serper',
      serve: () => serveSerper({ apiKey: KEY, body: fixture('serper') }),
      create: (baseUrl, apiKey) => createSerperProvider({ apiKey, baseUrl }),
      keyed: true,
    },
    {
      name: 'SearXNG',
      serve: () => serveSearxng({ body: fixture('searxng') }),
      create: (baseUrl) => createSearxngProvider({ baseUrl }),
      keyed: false,
    },
  ];

  for (const a of adapters)
    it(`${a.name}: answering 500, refusing the key, timing out, unreachable; then answering, checked`, async () => {
      const fake = await a.serve();
      try {
        const failures: Array<{ how: string; provider: SearchProvider; code: string; reply?: ProviderReply }> = [
          {
            how: '500',
            provider: a.create(fake.baseUrl, KEY),
            code: 'server-error',
            reply: { status: 500, text: 'upstream error' },
          },
          { how: 'a hang', provider: a.create(fake.baseUrl, KEY), code: 'timeout', reply: 'hang' },
          { how: 'a closed port', provider: a.create(fake.baseUrl.replace(fake.origin, closedOrigin), KEY), code: 'unreachable' },
          ...(a.keyed ? [{ how: 'a wrong key', provider: a.create(fake.baseUrl, 'wrong-key'), code: 'key-rejected' }] : []),
        ];
        for (const f of failures) {
          fake.script(f.reply ?? null);
          const { r } = await check([f.provider], 300);
          expect(r.claims.length, f.how).toBeGreaterThan(0);
          expect(
            r.claims.filter((c) => c.verdict !== 'unchecked').map((c) => c.verdict),
            f.how,
          ).toEqual([]);
          // A provider may name its own code for a shared failure (Serper's "serper-key-rejected").
          for (const c of r.claims) expect(c.failure?.code, f.how).toMatch(new RegExp(`^(\\w+-)?${f.code}$`));
          expect(
            r.claims.every((c) => c.failure?.message.includes(a.name)),
            f.how,
          ).toBe(true);
        }
        fake.script(null);
        const back = await check([a.create(fake.baseUrl, KEY)], 2_000);
        expect(back.r.claims.filter((c) => c.verdict === 'unchecked')).toEqual([]);
      } finally {
        await fake.close();
      }
    });
});
