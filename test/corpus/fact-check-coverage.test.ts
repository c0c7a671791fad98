import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLAIM_BUDGET, factCheck } from '@/lib/factcheck/fact-check';
import { type FactCheckDeps } from '@/lib/factcheck/deps';
import { checkableSentences, type CheckableClaim } from '@/lib/factcheck/split-claims';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { memoryCache } from '@/lib/run/cache';
import { cachedPageReader } from '@/lib/pages/read-page';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { wikipediaHandler } from '../fakes/wikipedia-site';
import { CORPUS_DIR, corpusNames, corpusText, HAS_CORPUS } from './corpus';

// Issue 22's acceptance on the shared corpus: the ten pages with the most checkable sentences,
// fact-checked keyless (Wikipedia over a local fake serving a real corpus article), with no cap.
// `npx vitest run test/corpus/fact-check-coverage.test.ts --reporter=verbose` prints the figures.

const NOW = new Date('2026-11-30T12:00:00Z');
const PAGES = 10;
/** What a person got before issue 22: the first eight checkable sentences, in page order. */
const BEFORE = 8;

interface CorpusText {
  name: string;
  url: string;
  title: string;
  text: string;
  checkable: CheckableClaim[];
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const key = (c: { start: number; end: number }) => `${c.start}:${c.end}`;

let pages: CorpusText[] = [];
let wiki: FakeServer;

beforeAll(async () => {
  if (!HAS_CORPUS) return;
  const all: CorpusText[] = [];
  for (const name of corpusNames()) {
    const { url, title, text } = await corpusText(name, NOW);
    all.push({ name, url, title, text, checkable: checkableSentences(text) });
  }
  pages = all.sort((a, b) => b.checkable.length - a.checkable.length || a.name.localeCompare(b.name)).slice(0, PAGES);
  const article = (dir: string) => readFileSync(path.join(CORPUS_DIR, dir, 'source.html'), 'utf8');
  const hit = (title: string) => ({ title, snippet: title, timestamp: '2026-11-01T00:00:00Z' });
  wiki = await startFakeServer(
    wikipediaHandler({
      // A claim with a figure finds the Mozilla article; one without finds nothing (the check stays quick).
      results: (q) => (/\d/.test(q) ? [hit('Mozilla')] : []),
      articles: { Mozilla: article('wikipedia') },
    }),
  );
}, 120_000);
afterAll(async () => {
  await wiki?.close();
});

// The extension's page cache across checks: each check reads the article once, the test extracts it once.
const pageCache = memoryCache();

function deps(): FactCheckDeps {
  const readOne = (url: string, etag?: string) =>
    fetchPage(url, {
      fetch,
      parseHtml: parseHtmlWithLinkedom,
      allowPrivateNetwork: true,
      now: () => NOW,
      ...(etag ? { etag } : {}),
    });
  return {
    now: () => NOW,
    fetch,
    providers: [createWikipediaProvider({ baseUrl: `${wiki.origin}/w/api.php` })],
    fetchPage: cachedPageReader(readOne, pageCache, () => NOW),
    model: null,
    onProgress: () => undefined,
  };
}

describe.skipIf(!HAS_CORPUS)(
  `fact-check coverage on the ${PAGES} corpus pages with the most checkable sentences (keyless)`,
  () => {
    it('with no cap: ≥ 95% of the checkable sentences are checked, the last checked in the last fifth of the text', async ({
      annotate,
    }) => {
      const rows: string[] = [];
      for (const p of pages) {
        const r = await factCheck({ text: p.text, pageUrl: p.url, title: p.title, budget: Infinity }, deps());
        const n = p.checkable.length;
        const checked = new Set(r.claims.map(key));
        const covered = p.checkable.filter((c) => checked.has(key(c))).length / n;
        const last = Math.max(...r.claims.map((c) => c.start)) / p.text.length;
        const before = p.checkable.slice(0, BEFORE);
        const lastBefore = before.at(-1)!.start / p.text.length;
        const row = `${p.name}: ${n} checkable; before ${before.length}/${n} = ${pct(before.length / n)}, last at ${pct(lastBefore)}; now ${checked.size}/${n} = ${pct(covered)}, last at ${pct(last)}`;
        rows.push(row);
        expect(covered, row).toBeGreaterThanOrEqual(0.95);
        expect(last, row).toBeGreaterThanOrEqual(0.8);
        expect(r.notChecked, row).toEqual([]);
        expect(r.checkable, row).toBe(n);
      }
      await annotate(rows.join('\n'), 'coverage');
    }, 300_000);

    it(`with the default budget (${DEFAULT_CLAIM_BUDGET}): the rest are listed as not checked, none twice, none lost`, async () => {
      for (const p of pages) {
        const r = await factCheck({ text: p.text, pageUrl: p.url, title: p.title }, deps());
        const n = p.checkable.length;
        expect(r.claims, p.name).toHaveLength(Math.min(DEFAULT_CLAIM_BUDGET, n));
        expect(r.claims.length + r.notChecked.length, p.name).toBe(n);
        expect(r.checkable, p.name).toBe(n);
        const all = [...r.claims, ...r.notChecked].map(key);
        expect(new Set(all).size, p.name).toBe(n);
        expect(new Set(all), p.name).toEqual(new Set(p.checkable.map(key)));
        // The budget takes the top of the ranking: every claim checked ranks above every one left.
        expect(Math.max(...r.claims.map((c) => c.rank)), p.name).toBeLessThan(Math.min(...r.notChecked.map((c) => c.rank)));
      }
    }, 300_000);
  },
);
