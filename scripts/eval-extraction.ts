/**
 * Main-text extraction scored as trafilatura scores it (issue #24), on the dev third of its
 * evaluation set (corpus/real-pages/extraction in the data root, data/root.ts; see its NOTICE.md): each page is extracted
 * with extractPage, the function fetchPage calls for a fetched page, at the page's URL. A `with`
 * snippet found in the whitespace-normalised text is a true positive, one missing a false negative;
 * a `without` snippet found is a false positive, one absent a true negative. Then the Readability
 * corpus: how many of its pages reach token F1 ≥ 0.95 against Readability's expected article, the
 * figure test/corpus/extract.test.ts keeps from regressing.
 *
 *   npx tsx scripts/eval-extraction.ts [--check] [--wrong] [--without RULE,RULE] [--no-recovery] [--ablate]
 *
 * --check exits 1 below acceptance (F ≥ 0.95 and precision ≥ 0.94 on the dev third, and at least
 * READABILITY_PASSING corpus pages at F1 ≥ 0.95); --wrong lists, per page, the `without` snippets
 * kept and the `with` snippets lost; --without leaves the named boilerplate rules out; --ablate
 * --no-recovery leaves out the prose the density reading puts back; --ablate
 * measures every rule by leaving it out alone (one more pass over both sets per rule: slow).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BOILERPLATE_RULES, type BoilerplateRule } from '../lib/pages/boilerplate';
import { extractPage, visibleText } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import type { DomNodeLike } from '../lib/text/text-map';
import { corpusNames, loadPage, pageUrl, tokenF1 } from '../test/corpus/corpus';
import { dataPath, needData } from '../data/root';
import { decodeSavedPage } from './saved-page';

needData('scripts/eval-extraction.ts');
const DEV_DIR = dataPath('corpus/real-pages/extraction');
const RETRIEVED_AT = '2026-11-30T00:00:00.000Z';
const F1_FLOOR = 0.95;

/** Acceptance on the dev third (issue #36). */
const ACCEPT = { f: 0.95, precision: 0.94 };
/** Readability-corpus pages at token F1 ≥ 0.95 before issue #24's rules: as many must still pass. */
const READABILITY_PASSING = 95;

/** trafilatura's published figures on all 990 pages (NOTICE.md). */
const PUBLISHED = [
  { name: 'trafilatura 2.2 standard', precision: 0.906, recall: 0.943, f: 0.924 },
  { name: 'readability-lxml', precision: 0.898, recall: 0.764, f: 0.826 },
  { name: 'newspaper4k', precision: 0.878, recall: 0.736, f: 0.801 },
];

/** One line of snippets.jsonl. */
interface DevPage {
  url: string;
  file: string;
  with: string[];
  without: string[];
}

const argv = process.argv.slice(2);
const args = new Set(argv);
const leftOut = new Set((argv[argv.indexOf('--without') + 1] ?? '').split(',').filter(() => args.has('--without')));
for (const name of leftOut)
  if (!BOILERPLATE_RULES.some((r) => r.name === name)) throw new Error(`no boilerplate rule named ${name}`);
const RULES = BOILERPLATE_RULES.filter((r) => !leftOut.has(r.name));
/** --no-recovery: Readability's text without the prose the density reading puts back (lib/pages/density.ts). */
const RECOVER = !args.has('--no-recovery');
const normalise = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');

/** A URL for the few pages trafilatura names by file ("hard::site.com-story.html"). */
const urlOf = (url: string) => (/^https?:\/\//.test(url) ? url : `http://fakehost/${url.replace(/^\w+::/, '')}`);

async function devFigures(rules: readonly BoilerplateRule[] = RULES) {
  const lines = readFileSync(path.join(DEV_DIR, 'snippets.jsonl'), 'utf8').split('\n').filter(Boolean);
  const pages = lines.map((l) => JSON.parse(l) as DevPage);
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  const wrong: string[] = [];
  for (const p of pages) {
    const html = decodeSavedPage(gunzipSync(readFileSync(path.join(DEV_DIR, p.file))));
    const { page } = await extractPage(
      { html, url: urlOf(p.url), lastModified: null, retrievedAt: RETRIEVED_AT, origin: 'web' },
      parseHtmlWithLinkedom,
      { boilerplateRules: rules, recoverProse: RECOVER },
    );
    const text = normalise(page.text);
    const lost = p.with.filter((s) => !text.includes(normalise(s)));
    const kept = p.without.filter((s) => text.includes(normalise(s)));
    tp += p.with.length - lost.length;
    fn += lost.length;
    fp += kept.length;
    tn += p.without.length - kept.length;
    if (lost.length + kept.length > 0) {
      wrong.push(
        [
          `${p.url} (${p.file})`,
          ...kept.map((s) => `  kept: ${s.slice(0, 160)}`),
          ...lost.map((s) => `  lost: ${s.slice(0, 160)}`),
        ].join('\n'),
      );
    }
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const f = (2 * tp) / (2 * tp + fp + fn);
  const accuracy = (tp + tn) / (tp + tn + fp + fn);
  return { pages: pages.length, tp, fn, fp, tn, precision, recall, f, accuracy, wrong };
}

async function readabilityCorpusPassing(rules: readonly BoilerplateRule[] = RULES) {
  const names = corpusNames();
  let passing = 0;
  for (const name of names) {
    const corpus = loadPage(name);
    const url = pageUrl(corpus.source);
    const { page } = await extractPage(
      { html: corpus.source, url, lastModified: null, retrievedAt: RETRIEVED_AT, origin: 'web' },
      parseHtmlWithLinkedom,
      { boilerplateRules: rules, recoverProse: RECOVER },
    );
    const expectedDoc = parseHtmlWithLinkedom(`<!doctype html><html><body>${corpus.expected}</body></html>`, url);
    const expected = visibleText(expectedDoc.body as unknown as DomNodeLike);
    if (tokenF1(page.text, expected) >= F1_FLOOR) passing++;
  }
  return { passing, of: names.length };
}

const dev = await devFigures();
const corpus = await readabilityCorpusPassing();
const n = (x: number) => x.toFixed(3);
if (args.has('--wrong')) console.log(`${dev.wrong.join('\n')}\n`);
if (leftOut.size > 0) console.log(`boilerplate rules left out: ${[...leftOut].join(', ')}`);
if (!RECOVER) console.log('prose recovery (lib/pages/density.ts) left out');
console.log(`main text on the dev third (${dev.pages} pages of trafilatura's evaluation set), scored as trafilatura scores it`);
console.log(`  tp ${dev.tp}  fn ${dev.fn}  fp ${dev.fp}  tn ${dev.tn}`);
console.log('                              precision  recall   F       accuracy');
console.log(`  Spanlight (dev third)       ${n(dev.precision)}      ${n(dev.recall)}    ${n(dev.f)}   ${n(dev.accuracy)}`);
for (const p of PUBLISHED)
  console.log(`  ${p.name.padEnd(26)}  ${n(p.precision)}      ${n(p.recall)}    ${n(p.f)}   (published, all 990 pages)`);
console.log(`  acceptance: F ≥ ${ACCEPT.f}, precision ≥ ${ACCEPT.precision}`);
console.log(
  `Readability corpus: ${corpus.passing}/${corpus.of} pages at token F1 ≥ ${F1_FLOOR} (before issue #24: ${READABILITY_PASSING})`,
);

if (args.has('--ablate')) {
  console.log('\neach rule left out alone (Δ = with all rules − without this one):');
  console.log('  rule                          Δtp   Δfp   ΔF       Δcorpus pages');
  for (const rule of RULES) {
    const without = RULES.filter((r) => r !== rule);
    const d = await devFigures(without);
    const c = await readabilityCorpusPassing(without);
    const sign = (x: number, digits = 0) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
    console.log(
      `  ${rule.name.padEnd(28)}  ${sign(dev.tp - d.tp).padStart(4)}  ${sign(d.fp - dev.fp).padStart(4)}  ${sign(dev.f - d.f, 4)}  ${sign(corpus.passing - c.passing)}`,
    );
  }
}

if (args.has('--check')) {
  const failed = [
    dev.f < ACCEPT.f && `F ${n(dev.f)} < ${ACCEPT.f}`,
    dev.precision < ACCEPT.precision && `precision ${n(dev.precision)} < ${ACCEPT.precision}`,
    corpus.passing < READABILITY_PASSING && `Readability corpus ${corpus.passing} < ${READABILITY_PASSING} pages`,
  ].filter(Boolean);
  if (failed.length > 0) {
    console.error(`below acceptance: ${failed.join('; ')}`);
    process.exit(1);
  }
}
