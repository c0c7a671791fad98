/**
 * Publication dates scored as htmldate scores them (issue #24), on the dev half of its evaluation
 * pages (corpus/real-pages/dates in the data root, data/root.ts; see its NOTICE.md): each page is extracted with
 * extractPage, the function fetchPage calls for a fetched page, and dated as extractPage dates it:
 * findDocumentDate on the parsed document, with the page's URL, no HTTP header (the saved pages
 * have none) and a read-at time after every label (now), else extractPage's own fallback, the
 * opening text of what it extracted. A second line scores extractPage's date as extract.ts calls
 * findDocumentDate today (without the URL and the read-at time). A page's right day is a true
 * positive, another day a false positive, no date a false negative. Then the Readability corpus:
 * how many of the pages with an expected publishedTime get the same day, the figure
 * test/corpus/extract.test.ts keeps from regressing.
 *
 *   npx tsx scripts/eval-dates.ts [--check] [--wrong]
 *
 * --check exits 1 below acceptance (accuracy ≥ 0.92 and precision ≥ 0.95 on the dev half, and at
 * least READABILITY_SAME_DAY corpus pages on the same day); --wrong lists the pages dated wrong or
 * not at all, with the date found and where it came from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findDocumentDate, type DateDocument } from '../lib/dates/dates';
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import type { Dated } from '../lib/shared/types';
import { corpusNames, loadPage, pageUrl, sameDay } from '../test/corpus/corpus';
import { dataPath, needData } from '../data/root';
import { decodeSavedPage } from './saved-page';

needData('scripts/eval-dates.ts');
const DEV_DIR = dataPath('corpus/real-pages/dates');
/** Later than every label: a page read now. */
const READ_AT = new Date().toISOString();
/** test/corpus/extract.test.ts's retrieval time. */
const CORPUS_RETRIEVED_AT = '2026-11-30T00:00:00.000Z';

/** Acceptance on the dev half: floors just under the figures of the vote between dates (0.926 / 0.960). */
const ACCEPT = { accuracy: 0.92, precision: 0.95 };
/** Readability-corpus pages dated on Readability's day before issue #24's rules (of 24). */
const READABILITY_SAME_DAY = 24;

/** htmldate's published figures on all ~1,000 pages (NOTICE.md). */
const PUBLISHED = [
  { name: 'htmldate 1.10 extensive', precision: 0.908, recall: 0.993, accuracy: 0.903 },
  { name: 'htmldate 1.10 fast', precision: 0.924, recall: 0.927, accuracy: 0.861 },
  { name: 'newspaper4k', precision: null, recall: null, accuracy: 0.68 },
];

/** One line of dates.jsonl. */
interface DevPage {
  url: string;
  file: string;
  /** The page's own day, YYYY-MM-DD. */
  date: string;
}

const args = new Set(process.argv.slice(2));

/** htmldate's counts and figures for a list of (wanted day, date found) pairs. */
function score(pairs: Array<[string, Dated | null]>) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [want, got] of pairs) {
    if (!got) fn++;
    else if (got.iso.slice(0, 10) === want) tp++;
    else fp++;
  }
  return { tp, fp, fn, precision: tp / (tp + fp), recall: tp / (tp + fn), accuracy: tp / pairs.length };
}

async function devFigures() {
  const lines = readFileSync(path.join(DEV_DIR, 'dates.jsonl'), 'utf8').split('\n').filter(Boolean);
  const pages = lines.map((l) => JSON.parse(l) as DevPage);
  const withUrl: Array<[string, Dated | null]> = [];
  const asWired: Array<[string, Dated | null]> = [];
  const wrong: string[] = [];
  for (const p of pages) {
    const html = decodeSavedPage(gunzipSync(readFileSync(path.join(DEV_DIR, p.file))));
    const { page } = await extractPage(
      { html, url: p.url, lastModified: null, retrievedAt: READ_AT, origin: 'web' },
      parseHtmlWithLinkedom,
    );
    // extractPage reads the dates before Readability rewrites the document: a fresh parse here.
    // When the document gives no date, extractPage's own fallback (the opening text of what it
    // extracted) is what it found: findDocumentDate finds a date with the URL whenever it finds
    // one without.
    const doc = parseHtmlWithLinkedom(html, p.url) as unknown as DateDocument;
    const found = findDocumentDate(doc, null, { url: p.url, readAt: READ_AT }) ?? page.published;
    withUrl.push([p.date, found]);
    asWired.push([p.date, page.published]);
    if (found?.iso.slice(0, 10) !== p.date) {
      const what = found ? `${found.iso} from ${found.source}${found.modified ? ` (updated ${found.modified})` : ''}` : 'no date';
      wrong.push(`${p.date}  ${what.padEnd(48)}  ${p.url} (${p.file})`);
    }
  }
  return { pages: pages.length, withUrl: score(withUrl), asWired: score(asWired), wrong };
}

async function readabilityCorpusSameDay() {
  let same = 0;
  let dated = 0;
  for (const name of corpusNames()) {
    const corpus = loadPage(name);
    if (!corpus.metadata.publishedTime) continue;
    dated++;
    const { page } = await extractPage(
      { html: corpus.source, url: pageUrl(corpus.source), lastModified: null, retrievedAt: CORPUS_RETRIEVED_AT, origin: 'web' },
      parseHtmlWithLinkedom,
    );
    if (page.published && sameDay(page.published.iso, corpus.metadata.publishedTime)) same++;
  }
  return { same, of: dated };
}

const dev = await devFigures();
const corpus = await readabilityCorpusSameDay();
const n = (x: number | null) => (x === null ? '  -  ' : x.toFixed(3));
if (args.has('--wrong')) console.log(`wanted      found${' '.repeat(46)}page\n${dev.wrong.join('\n')}\n`);
console.log(
  `\npublication dates on the dev half (${dev.pages} pages of htmldate's evaluation set), scored as htmldate scores them`,
);
console.log('                                            accuracy  precision  recall   tp   fp   fn');
const row = (name: string, s: ReturnType<typeof score>) =>
  console.log(
    `  ${name.padEnd(42)}${n(s.accuracy)}     ${n(s.precision)}      ${n(s.recall)}   ${String(s.tp).padStart(3)}  ${String(s.fp).padStart(3)}  ${String(s.fn).padStart(3)}`,
  );
row('Spanlight, with the URL and read-at time', dev.withUrl);
row('Spanlight, extractPage as wired today', dev.asWired);
for (const p of PUBLISHED)
  console.log(`  ${p.name.padEnd(42)}${n(p.accuracy)}     ${n(p.precision)}      ${n(p.recall)}   (published, all pages)`);
console.log(`  acceptance: accuracy ≥ ${ACCEPT.accuracy}, precision ≥ ${ACCEPT.precision}`);
console.log(
  `Readability corpus: ${corpus.same}/${corpus.of} pages with an expected publishedTime dated on its day (before issue #24: ${READABILITY_SAME_DAY})`,
);

if (args.has('--check')) {
  const failed = [
    dev.withUrl.accuracy < ACCEPT.accuracy && `accuracy ${n(dev.withUrl.accuracy)} < ${ACCEPT.accuracy}`,
    dev.withUrl.precision < ACCEPT.precision && `precision ${n(dev.withUrl.precision)} < ${ACCEPT.precision}`,
    dev.asWired.accuracy < ACCEPT.accuracy && `accuracy as wired ${n(dev.asWired.accuracy)} < ${ACCEPT.accuracy}`,
    dev.asWired.precision < ACCEPT.precision && `precision as wired ${n(dev.asWired.precision)} < ${ACCEPT.precision}`,
    corpus.same < READABILITY_SAME_DAY && `Readability corpus ${corpus.same} < ${READABILITY_SAME_DAY} pages`,
  ].filter(Boolean);
  if (failed.length > 0) {
    console.error(`below acceptance: ${failed.join('; ')}`);
    process.exit(1);
  }
}
