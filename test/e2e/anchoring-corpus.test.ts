/**
 * Anchoring on the 98 Readability corpus pages, in real Chromium, with the extension's own code
 * (lib/anchor bundled for the page). For each page, passages come from Readability's output in Node
 * (as the extension stores them: text, prefix, suffix, position); each is searched in the page's
 * live DOM as it is (exact), then perturbed (whitespace reflowed, 3% of letters changed, quotes and
 * entities changed, content inserted above it, and all of these at once); quotes from pages of
 * other sites are negative controls. Rates are printed; no timing is asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Passage } from '@/lib/shared/types';
import type { QuoteSelector } from '@/lib/quotes/find-quote';
import { normalizeText } from '@/lib/text/normalize';
import { corpusNames, HAS_CORPUS, loadPage } from '../corpus/corpus';
import {
  BUNDLE_GLOBAL,
  anchorBundle,
  family,
  inertHtml,
  passagesOf,
  plainChromium,
  queriesFor,
  random,
  seedOf,
  selectorOf,
  spread,
} from './anchor-corpus';
import type { PageQuery, PageResult, QueryKind, checkDomUnchanged } from './anchor-page-entry';

const PER_PAGE = 20;
const NEGATIVES_PER_PAGE = 20;

interface Prepared {
  name: string;
  html: string;
  textLength: number;
  passages: Passage[];
}

/** Share of the longer of two ranges that they have in common (0 when either is missing). */
function overlap(r: PageResult): number {
  if (!r.found || r.truthStart < 0) return 0;
  const common = Math.min(r.end, r.truthEnd) - Math.max(r.start, r.truthStart);
  return Math.max(0, common) / Math.max(r.end - r.start, r.truthEnd - r.truthStart);
}

const words = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Length of the longest common subsequence of two word lists. */
function lcs(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = [0];
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    prev = cur;
  }
  return prev[b.length]!;
}

/** For a passage the page holds with other content inside: [share of its words found in order, share of the highlight that is its words]. */
function cover(want: string, got: string): [number, number] {
  const w = words(want);
  const g = words(got);
  const n = lcs(w, g);
  return [w.length ? n / w.length : 0, g.length ? n / g.length : 0];
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(2)}%`);

describe.skipIf(!HAS_CORPUS)('anchoring on the 98 corpus pages in Chromium', () => {
  let names: string[];
  let bundle: string;
  let browser: Browser;
  let context: BrowserContext;
  let tab: Page;

  beforeAll(async () => {
    names = corpusNames();
    [bundle, { browser, context }] = await Promise.all([anchorBundle(), plainChromium()]);
    tab = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('finds passages at the right place (≥ 99%), perturbed (≥ 95%), and never a quote from another page', async () => {
    const started = Date.now();
    const pages: Prepared[] = [];
    for (const name of names) {
      const { source } = loadPage(name);
      const { text, passages } = await passagesOf(source);
      pages.push({ name, html: inertHtml(source), textLength: text.length, passages });
    }
    const extractedMs = Date.now() - started;

    const results: Array<PageResult & { page: string; want: string }> = [];
    const domChecks: Array<{ page: string } & ReturnType<typeof checkDomUnchanged>> = [];
    const fewer: string[] = [];
    const revealed: string[] = [];
    const negativeQuotes = new Map<string, string>();
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i]!;
      const rnd = random(seedOf(p.name));
      const chosen = spread(p.passages, PER_PAGE);
      if (chosen.length < PER_PAGE) fewer.push(`${p.name} (${chosen.length})`);
      const queries: PageQuery[] = chosen.flatMap((passage, k) => queriesFor(k, selectorOf(passage, p.textLength), rnd));
      // Negative controls: passages of pages from other sites, with their own context and position.
      const others = pages.filter((o) => family(o.name) !== family(p.name));
      for (let k = 0; k < NEGATIVES_PER_PAGE; k++) {
        const o = others[(i * 7 + k * 13) % others.length]!;
        const passage = o.passages[(k * 5 + i) % o.passages.length];
        if (passage) {
          queries.push({ passage: 1000 + k, kind: 'negative', selector: selectorOf(passage, o.textLength) });
          negativeQuotes.set(`${p.name}#${1000 + k}`, `${o.name}: ${passage.text}`);
        }
      }

      await tab.setContent(p.html, { waitUntil: 'domcontentloaded' });
      await tab.evaluate(bundle);
      expect(await tab.evaluate((g) => typeof (window as unknown as Record<string, unknown>)[g], BUNDLE_GLOBAL)).toBe('object');
      if (await tab.evaluate(() => window.SpanlightAnchor.revealPage())) revealed.push(p.name);
      const got = await tab.evaluate((qs) => window.SpanlightAnchor.runQueries(qs), queries);
      for (const r of got) {
        const want = r.kind === 'negative' ? '' : normalizeText(chosen[r.passage]!.text);
        results.push({ ...r, page: p.name, want });
      }
      // The DOM is untouched by a CSS highlight, and restored exactly after wrapper elements.
      const firstFound = got.find((r) => r.kind === 'exact' && r.found);
      if (firstFound) {
        const sel: QuoteSelector = selectorOf(chosen[firstFound.passage]!, p.textLength);
        domChecks.push({ page: p.name, ...(await tab.evaluate((s) => window.SpanlightAnchor.checkDomUnchanged(s), sel)) });
      }
    }

    const of = (kind: QueryKind) => results.filter((r) => r.kind === kind);
    const exact = of('exact');
    const whole = exact.filter((r) => r.present);
    const split = exact.filter((r) => !r.present);
    const wholeOk = whole.filter((r) => r.found && r.text === r.want);
    const splitOk = split.filter((r) => {
      const [found, own] = r.found ? cover(r.want, r.text) : [0, 0];
      return found >= 0.9 && own >= 0.75;
    });
    const exactOk = [...wholeOk, ...splitOk];
    const perturbedKinds: QueryKind[] = ['whitespace', 'letters', 'quotes', 'inserted'];
    const perturbed = perturbedKinds.flatMap(of);
    const copies = new Map(exact.map((r) => [`${r.page}#${r.passage}`, r.copies ?? 0]));
    // A passage the page holds several times over, word for word: any of its copies is as right.
    const identicalCopy = (r: PageResult & { page: string; want: string }) =>
      r.found && r.text === r.want && (copies.get(`${r.page}#${r.passage}`) ?? 0) > 1;
    const right = (r: PageResult & { page: string; want: string }) => overlap(r) >= 0.9 || identicalCopy(r);
    const negatives = of('negative');
    const controls = negatives.filter((r) => !r.present);
    const falsePositives = controls.filter((r) => r.found);

    const lines = [
      `anchoring corpus: ${pages.length} pages, ${exact.length} passages (${(exact.length / pages.length).toFixed(1)}/page; fewer than ${PER_PAGE} on ${fewer.length ? fewer.join(', ') : 'none'}); extraction ${extractedMs} ms, total ${Date.now() - started} ms`,
      `  unperturbed, right place: ${exactOk.length}/${exact.length} = ${pct(exactOk.length, exact.length)}`,
      `    passage in the page as one piece: text equal ${wholeOk.length}/${whole.length} = ${pct(wholeOk.length, whole.length)}`,
      `    page has other content inside the passage (Readability left it out): ${splitOk.length}/${split.length} = ${pct(splitOk.length, split.length)} cover ≥ 90% of its words, ≥ 75% of the highlight its words`,
      `    strict (text equal, all passages): ${exact.filter((r) => r.found && r.text === r.want).length}/${exact.length} = ${pct(exact.filter((r) => r.found && r.text === r.want).length, exact.length)}`,
      `  pages shown although they hide themselves until a script runs: ${revealed.join(', ') || 'none'}`,
      ...perturbedKinds.map((k) => {
        const rs = of(k);
        return `  ${`${k}:`.padEnd(24)} ${rs.filter(right).length}/${rs.length} = ${pct(rs.filter(right).length, rs.length)}`;
      }),
      `  perturbed (all four):     ${perturbed.filter(right).length}/${perturbed.length} = ${pct(perturbed.filter(right).length, perturbed.length)} (of which ${perturbed.filter((r) => overlap(r) < 0.9 && identicalCopy(r)).length} another word-for-word copy of a repeated passage)`,
      `  combined (all at once):   ${of('combined').filter(right).length}/${of('combined').length} = ${pct(of('combined').filter(right).length, of('combined').length)} (reported, not asserted)`,
      `  negative controls found:  ${falsePositives.length}/${controls.length} (${negatives.length - controls.length} left out: the quote is in the page after all)`,
      `  DOM unchanged by a CSS highlight: ${domChecks.filter((d) => d.cssSame).length}/${domChecks.length}; restored after wrappers: ${domChecks.filter((d) => d.restored).length}/${domChecks.length}`,
    ];
    const misses = [...exact.filter((r) => !exactOk.includes(r)), ...perturbed.filter((r) => !right(r))];
    if (misses.length > 0) {
      lines.push('  misses (page kind #passage: what was found):');
      for (const r of misses.slice(0, 60)) {
        const what = !r.found
          ? 'not found'
          : r.kind === 'exact'
            ? `found, ${
                r.present
                  ? 'text differs'
                  : `cover ${cover(r.want, r.text)
                      .map((x) => x.toFixed(2))
                      .join('/')}`
              }`
            : `found, overlap ${overlap(r).toFixed(2)}`;
        lines.push(
          `    ${r.page} ${r.kind} #${r.passage}${r.kind === 'exact' && !r.present ? ' (split in the page)' : ''}: ${what}`,
        );
      }
    }
    for (const r of falsePositives.slice(0, 10)) {
      const quote = negativeQuotes.get(`${r.page}#${r.passage}`) ?? '';
      lines.push(`  FALSE POSITIVE in ${r.page}: "${r.text.slice(0, 100)}" for the quote from ${quote.slice(0, 300)}`);
    }
    console.log(lines.join('\n'));

    expect(exact.length).toBeGreaterThanOrEqual(pages.length * PER_PAGE * 0.95);
    expect(exactOk.length / exact.length).toBeGreaterThanOrEqual(0.99);
    expect(perturbed.filter(right).length / perturbed.length).toBeGreaterThanOrEqual(0.95);
    for (const k of perturbedKinds) expect(of(k).filter(right).length / of(k).length, k).toBeGreaterThanOrEqual(0.95);
    expect(controls.length).toBeGreaterThanOrEqual(pages.length * NEGATIVES_PER_PAGE * 0.9);
    expect(falsePositives.map((r) => `${r.page}: ${r.text}`)).toEqual([]);
    expect(domChecks.length).toBeGreaterThanOrEqual(pages.length * 0.95);
    for (const d of domChecks) {
      expect(d.cssSame, d.page).toBe(true);
      expect(normalizeText(d.cssHighlighted).length, d.page).toBeGreaterThan(0);
      expect(d.wrappedCount, d.page).toBeGreaterThan(0);
      expect(d.restored, d.page).toBe(true);
    }
  }, 240_000);
});
