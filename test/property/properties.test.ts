import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attachCitations } from '@/lib/claims/cite';
import { parseDraft } from '@/lib/claims/draft';
import { splitPassages } from '@/lib/pages/passages';
import { normalizeWithMap } from '@/lib/text/normalize';
import { findQuote } from '@/lib/quotes/find-quote';
import type { Page } from '@/lib/shared/types';
import { span } from '../unit/spans';
import { createBraveProvider } from '@/lib/search/brave';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { createTavilyProvider } from '@/lib/search/tavily';
import { createExaProvider } from '@/lib/search/exa';
import { createSearxngProvider } from '@/lib/search/searxng';
import { createSerperProvider } from '@/lib/search/serper';
import { ProviderError } from '@/lib/shared/provider-error';
import type { SearchProvider } from '@/lib/search/provider';

// Bounded runs: these are correctness properties, not load tests.
const RUNS = { numRuns: 300 };
const spans = [span('S1', 'Exampleville had 412,000 residents.'), span('S2', 'It grew by 3.4 percent.')];

/** Text with the characters that trip parsers: markers, brackets, links, unicode, whitespace. */
const nasty = fc.string({
  unit: fc.constantFrom(
    ...'ab Z1.[]()S2!?\n\t,;:"\'’“”—-–https://x.y é 漢 😀 \u00a0\u200b'.split(''),
    '[S1]',
    '[S9]',
    '[S1, S2]',
    '](http://e.x)',
    'INSUFFICIENT',
  ),
  maxLength: 120,
});

describe('property: the citation parser', () => {
  it('never throws, never returns an id outside the evidence, never keeps a URL in claim text', () => {
    fc.assert(
      fc.property(nasty, (draft) => {
        const c = attachCitations(draft, spans);
        for (const claim of c.claims) {
          for (const id of claim.cites) expect(['S1', 'S2']).toContain(id);
          expect(claim.text).not.toMatch(/https?:\/\//);
        }
        for (const id of c.unknownIds) expect(['S1', 'S2']).not.toContain(id);
      }),
      RUNS,
    );
  });

  it('the structured form never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const d = parseDraft(JSON.stringify(value), spans);
        for (const claim of d.claims) for (const id of claim.cites) expect(['S1', 'S2']).toContain(id);
      }),
      RUNS,
    );
  });
});

describe('property: the passage splitter', () => {
  it('every passage is exactly the text at its offsets, in order, without overlap', () => {
    fc.assert(
      fc.property(fc.array(nasty, { maxLength: 12 }), (paragraphs) => {
        const text = paragraphs.join('\n');
        const page: Page = {
          url: 'https://x.example/',
          title: 't',
          text,
          published: null,
          retrievedAt: '2026-11-30T00:00:00Z',
          contentHash: 'h',
          origin: 'web',
        };
        let last = 0;
        for (const p of splitPassages(page)) {
          expect(p.text).toBe(text.slice(p.start, p.end));
          expect(p.start).toBeGreaterThanOrEqual(last);
          expect(p.end).toBeGreaterThan(p.start);
          expect(p.prefix).toBe(text.slice(Math.max(0, p.start - 48), p.start));
          expect(p.suffix).toBe(text.slice(p.end, p.end + 48));
          last = p.end;
        }
      }),
      RUNS,
    );
  });
});

describe('property: the normaliser’s offset map', () => {
  it('maps every output character back inside the input, in order', () => {
    fc.assert(
      fc.property(nasty, (input) => {
        const n = normalizeWithMap(input);
        expect(n.map).toHaveLength(n.text.length);
        let prev = -1;
        for (const at of n.map) {
          expect(at).toBeGreaterThanOrEqual(prev);
          expect(at).toBeLessThan(input.length);
          prev = at;
        }
      }),
      RUNS,
    );
  });

  it('a quote cut from a text is found again at offsets whose text normalises to the quote', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 3, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (words, a, b) => {
          const text = words.join(' ');
          const start = a % text.length;
          const end = Math.min(text.length, start + 1 + (b % 80));
          const quote = text.slice(start, end);
          const m = findQuote(text, { exact: quote });
          if (normalizeWithMap(quote).text === '') {
            expect(m).toBeNull();
            return;
          }
          expect(m).not.toBeNull();
          expect(normalizeWithMap(text.slice(m!.start, m!.end)).text).toBe(normalizeWithMap(quote).text);
        },
      ),
      RUNS,
    );
  });
});

describe('property: every search adapter’s parser', () => {
  const providers = [
    createBraveProvider({ apiKey: 'k', baseUrl: 'https://brave.example/res/v1/web/search' }),
    createWikipediaProvider({ baseUrl: 'https://wiki.example/w/api.php' }),
    createTavilyProvider({ apiKey: 'k', baseUrl: 'https://tavily.example' }),
    createExaProvider({ apiKey: 'k', baseUrl: 'https://exa.example' }),
    createSearxngProvider({ baseUrl: 'https://searx.example' }),
    createSerperProvider({ apiKey: 'k', baseUrl: 'https://serper.example' }),
  ];
  /** Arbitrary bodies, including ones shaped almost like the real thing. */
  const body = fc.oneof(
    fc.jsonValue(),
    fc.record({
      web: fc.record({
        results: fc.array(fc.dictionary(fc.constantFrom('url', 'title', 'description', 'page_age'), fc.jsonValue())),
      }),
    }),
    fc.record({
      results: fc.array(
        fc.dictionary(fc.constantFrom('url', 'title', 'content', 'publishedDate', 'published_date', 'text'), fc.jsonValue()),
      ),
    }),
    fc.record({
      organic: fc.array(fc.dictionary(fc.constantFrom('link', 'title', 'snippet', 'date', 'position'), fc.jsonValue())),
    }),
    fc.string(),
  );
  const status = fc.constantFrom(200, 200, 200, 304, 400, 401, 403, 429, 500, 503);

  it('answers with hits or a typed provider error, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...providers), body, status, async (provider, b, code) => {
        // A stand-in for the network only: the adapter's own request and parsing code runs.
        const fakeFetch: typeof fetch = async () =>
          new Response(typeof b === 'string' ? b : JSON.stringify(b), {
            status: code,
            headers: { 'content-type': 'application/json' },
          });
        try {
          const { hits } = await provider.search('exampleville population', { count: 5, fetch: fakeFetch, timeoutMs: 1000 });
          for (const h of hits) {
            expect(typeof h.url).toBe('string');
            expect(typeof h.title).toBe('string');
            expect(h.rank).toBeGreaterThan(0);
          }
        } catch (e) {
          expect(e).toBeInstanceOf(ProviderError);
          expect((e as ProviderError).failure.message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('property: each provider result is read on its own (issue #14)', () => {
  /** A result with a usable URL, or one broken in one of the ways providers send. */
  const row = fc.oneof(
    fc.record({ ok: fc.constant(true), n: fc.nat(999), title: fc.option(fc.string(), { nil: null }) }),
    fc.record({ ok: fc.constant(false), broken: fc.constantFrom('missing', 'null', 'number', 'not-an-object') }),
  );
  const cases = [
    {
      name: 'Tavily',
      make: () => createTavilyProvider({ apiKey: 'k', baseUrl: 'https://tavily.example' }),
      key: 'url',
      wrap: (r: unknown[]) => ({ results: r }),
    },
    {
      name: 'Exa',
      make: () => createExaProvider({ apiKey: 'k', baseUrl: 'https://exa.example' }),
      key: 'url',
      wrap: (r: unknown[]) => ({ results: r }),
    },
    {
      name: 'Brave',
      make: () => createBraveProvider({ apiKey: 'k', baseUrl: 'https://brave.example/s' }),
      key: 'url',
      wrap: (r: unknown[]) => ({ web: { results: r } }),
    },
    {
      name: 'SearXNG',
      make: () => createSearxngProvider({ baseUrl: 'https://searx.example' }),
      key: 'url',
      wrap: (r: unknown[]) => ({ results: r }),
    },
    {
      name: 'Serper',
      make: () => createSerperProvider({ apiKey: 'k', baseUrl: 'https://serper.example' }),
      key: 'link',
      wrap: (r: unknown[]) => ({ searchParameters: {}, organic: r }),
    },
  ];

  it.each(cases)(
    '$name: the good results are the hits, in order and capped; every bad one is dropped with its position',
    async (c) => {
      await fc.assert(
        fc.asyncProperty(fc.array(row, { maxLength: 12 }), fc.integer({ min: 1, max: 8 }), async (rows, count) => {
          const body = c.wrap(
            rows.map((r) => {
              if (r.ok) return { [c.key]: `https://site${r.n}.example/page`, title: r.title };
              if (r.broken === 'not-an-object') return 'https://not.an.object/';
              return r.broken === 'missing' ? { title: 'no link' } : { [c.key]: r.broken === 'null' ? null : 42 };
            }),
          );
          const fakeFetch: typeof fetch = async () => Response.json(body);
          const good = rows.flatMap((r, i) => (r.ok ? [i] : []));
          const bad = rows.flatMap((r, i) => (r.ok ? [] : [i + 1]));
          const out = await c
            .make()
            .search('q', { count, fetch: fakeFetch, timeoutMs: 1000 })
            .catch((e: unknown) => e);
          if (out instanceof ProviderError) {
            // Only when nothing at all is usable is the answer a failure.
            expect(good).toHaveLength(0);
            expect(bad.length).toBeGreaterThan(0);
            expect(out.failure).toMatchObject({ kind: 'bad-response' });
            return;
          }
          const { hits, dropped } = out as Awaited<ReturnType<SearchProvider['search']>>;
          expect(hits.map((h) => h.url)).toEqual(
            good.slice(0, count).map((i) => `https://site${(rows[i] as { n: number }).n}.example/page`),
          );
          expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
          expect(dropped.map((d) => d.position)).toEqual(bad);
        }),
        { numRuns: 150 },
      );
    },
  );
});
