/**
 * Anchoring time in Chromium: what a click on a citation costs in the page (read the page's visible
 * text, normalise it, find the passage, map it back to DOM ranges), with the extension's own code
 * (lib/anchor bundled for the page).
 *
 * - The 98 corpus pages: up to 20 passages each, as stored (text, prefix, suffix, position); each
 *   anchoring timed (median of 5 runs), unchanged and with 3% of its letters changed (fuzzy).
 *   Per page, the median over its passages; then p50, p95 and max over the pages (and over every
 *   single anchoring).
 * - A page of about 1 MB of text (the corpus articles one after another): passages spread over it,
 *   unchanged, fuzzy, and quotes that are not there (the slowest case: every search runs to its end
 *   or to the time limit).
 *
 * Targets (issue 5): p95 ≤ 15 ms on corpus pages, ≤ 60 ms on the 1 MB page. Figures are printed and
 * written to bench/results/anchor.json; nothing is asserted.
 *
 *   npx tsx scripts/bench-anchor.ts [runs]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusNames, loadPage } from '../test/corpus/corpus';
import {
  anchorBundle,
  changeLetters,
  inertHtml,
  passagesOf,
  plainChromium,
  random,
  seedOf,
  selectorOf,
  spread,
} from '../test/e2e/anchor-corpus';
import type { QuoteSelector } from '../lib/quotes/find-quote';

const RUNS = Number(process.argv[2] ?? 5);

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
const median = (v: number[]) => quantile(v, 0.5);
const stats = (v: number[]) => ({
  n: v.length,
  p50: +median(v).toFixed(2),
  p95: +quantile(v, 0.95).toFixed(2),
  max: +Math.max(...v).toFixed(2),
});
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const bundle = await anchorBundle();
const { browser, context } = await plainChromium();
const tab = await context.newPage();

const perPage: Record<'exact' | 'fuzzy', number[]> = { exact: [], fuzzy: [] };
const every: Record<'exact' | 'fuzzy', number[]> = { exact: [], fuzzy: [] };
const slowest: Array<{ page: string; kind: string; ms: number }> = [];
let textChars = 0;
const paragraphs: string[] = [];

for (const name of corpusNames()) {
  const { source } = loadPage(name);
  const { text, passages } = await passagesOf(source);
  paragraphs.push(...text.split('\n').filter((l) => l.trim().length > 0));
  const chosen = spread(passages, 20).map((p) => selectorOf(p, text.length));
  const rnd = random(seedOf(name));
  const fuzzy = chosen.map((s) => ({ ...s, exact: changeLetters(s.exact, rnd) }));
  await tab.setContent(inertHtml(source), { waitUntil: 'domcontentloaded' });
  await tab.evaluate(bundle);
  await tab.evaluate(() => window.SpanlightAnchor.revealPage());
  textChars += await tab.evaluate(() => document.body?.innerText.length ?? 0);
  for (const [kind, selectors] of [
    ['exact', chosen],
    ['fuzzy', fuzzy],
  ] as const) {
    const times = (await tab.evaluate(([s, r]) => window.SpanlightAnchor.timeAnchoring(s, r), [selectors, RUNS] as const)).map(
      (t) => t.ms,
    );
    if (times.length === 0) continue;
    perPage[kind].push(median(times));
    every[kind].push(...times);
    slowest.push({ page: name, kind, ms: Math.max(...times) });
  }
}

// About 1 MB of text: the corpus articles' paragraphs, again and again, each occurrence numbered so
// no passage is repeated word for word.
const big: string[] = [];
let size = 0;
for (let round = 0; size < 1_000_000; round++) {
  for (const p of paragraphs) {
    const line = `${p} (${round})`;
    big.push(`<p>${escape(line)}</p>`);
    size += line.length + 1;
    if (size >= 1_000_000) break;
  }
}
await tab.setContent(`<!doctype html><html><body><article>${big.join('\n')}</article></body></html>`, {
  waitUntil: 'domcontentloaded',
});
await tab.evaluate(bundle);
const bigText = await tab.evaluate(() => document.body.innerText);
// Passages of the big page: 30 paragraphs spread over it, with their context and position.
const bigLines = bigText.split('\n').filter((l) => l.trim().length > 0);
const bigSelectors: QuoteSelector[] = spread(
  bigLines.map((_, i) => i),
  30,
).map((i) => {
  const at = bigText.indexOf(bigLines[i]!);
  return {
    exact: bigLines[i]!,
    prefix: bigText.slice(Math.max(0, at - 48), at),
    suffix: bigText.slice(at + bigLines[i]!.length, at + bigLines[i]!.length + 48),
    hint: at / bigText.length,
  };
});
const rnd = random(7);
const bigFuzzy = bigSelectors.map((s) => ({ ...s, exact: changeLetters(s.exact, rnd) }));
// Not there at all: random words (the page has every corpus sentence, so these are made up).
const vocabulary = bigText
  .toLowerCase()
  .match(/[a-z]{4,}/g)!
  .slice(0, 5000);
const absent = Array.from({ length: 10 }, (_, i) => ({
  exact: Array.from({ length: 20 + i * 8 }, () => vocabulary[Math.floor(rnd() * vocabulary.length)]).join(' '),
  hint: i / 10,
}));
const onBig: Record<string, Array<{ ms: number; found: boolean }>> = {};
for (const [kind, selectors] of [
  ['exact', bigSelectors],
  ['fuzzy', bigFuzzy],
  ['absent', absent],
] as const) {
  onBig[kind] = await tab.evaluate(([s, r]) => window.SpanlightAnchor.timeAnchoring(s, r), [selectors, RUNS] as const);
}
const version = browser.version();
await browser.close();

const result = {
  when: new Date().toISOString(),
  chromium: version,
  runsPerAnchoring: RUNS,
  corpus: {
    pages: perPage.exact.length,
    medianVisibleChars: Math.round(textChars / perPage.exact.length),
    perPageMedian: { exact: stats(perPage.exact), fuzzy: stats(perPage.fuzzy) },
    everyAnchoring: { exact: stats(every.exact), fuzzy: stats(every.fuzzy) },
    slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5),
  },
  megabytePage: {
    visibleChars: bigText.length,
    exact: { ...stats(onBig.exact!.map((t) => t.ms)), found: onBig.exact!.filter((t) => t.found).length },
    fuzzy: { ...stats(onBig.fuzzy!.map((t) => t.ms)), found: onBig.fuzzy!.filter((t) => t.found).length },
    absent: { ...stats(onBig.absent!.map((t) => t.ms)), found: onBig.absent!.filter((t) => t.found).length },
  },
  targets: { corpusP95Ms: 15, megabyteMs: 60 },
};

const fmt = (s: { n: number; p50: number; p95: number; max: number }) =>
  `p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (n ${s.n})`;
console.log(`Anchoring in Chromium ${result.chromium} (read the page's text + find + map to DOM; median of ${RUNS} runs each)`);
console.log(`Corpus, ${result.corpus.pages} pages (per-page median over its passages):`);
console.log(`  exact: ${fmt(result.corpus.perPageMedian.exact)}`);
console.log(`  fuzzy (3% letters changed): ${fmt(result.corpus.perPageMedian.fuzzy)}`);
console.log(`Corpus, every anchoring:`);
console.log(`  exact: ${fmt(result.corpus.everyAnchoring.exact)}`);
console.log(`  fuzzy: ${fmt(result.corpus.everyAnchoring.fuzzy)}`);
console.log(`  slowest: ${result.corpus.slowest.map((s) => `${s.page} ${s.kind} ${s.ms.toFixed(1)} ms`).join('; ')}`);
console.log(`Page of ${(bigText.length / 1e6).toFixed(2)} M characters of visible text:`);
for (const kind of ['exact', 'fuzzy', 'absent'] as const) {
  const r = result.megabytePage[kind];
  console.log(`  ${kind}: ${fmt(r)}; found ${r.found}/${r.n}`);
}
console.log(`Targets: p95 ≤ 15 ms on corpus pages, ≤ 60 ms on the 1 MB page.`);
const out = path.resolve('bench/results/anchor.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`Written to ${path.relative(process.cwd(), out)}`);
