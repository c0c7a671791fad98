/**
 * What our local work costs next to Readability alone, on the six corpus pages closest to the
 * median source size: (a) Readability on an already parsed linkedom document; (b) extractPage
 * (parse, dates, Readability, visible text, hash) + splitPassages + selectEvidence with the page
 * title as the question. Prints medians and the ratio b/a; ratios, not budgets in milliseconds, so
 * the numbers mean the same on a fast and a slow machine.
 *
 *   npx tsx scripts/bench-extract.ts [iterations]
 */
import { Readability } from '@mozilla/readability';
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { splitPassages } from '../lib/pages/passages';
import { selectEvidence } from '../lib/evidence/select';
import { loadPage, median, pageUrl, pagesNearMedianSize } from '../test/corpus/corpus';

const iterations = Number(process.argv[2] ?? 15);
const WARMUP = 3;

/** (a) Readability alone; the linkedom parse is done before the clock starts. Returns [parse, readability] ms. */
function readabilityAlone(html: string, url: string): [number, number] {
  const t0 = performance.now();
  const doc = parseHtmlWithLinkedom(html, url);
  const t1 = performance.now();
  new Readability(doc).parse();
  return [t1 - t0, performance.now() - t1];
}

/** (b) Our whole local work for one page. */
async function ourWork(html: string, url: string): Promise<number> {
  const t0 = performance.now();
  const { page } = await extractPage(
    { html, url, lastModified: null, retrievedAt: new Date().toISOString(), origin: 'web' },
    parseHtmlWithLinkedom,
  );
  const passages = splitPassages(page);
  selectEvidence(page.title, [], passages, { maxSpans: 6 });
  return performance.now() - t0;
}

const rows: Array<{ name: string; kb: number; parse: number; a: number; b: number }> = [];
for (const name of pagesNearMedianSize(6)) {
  const { source } = loadPage(name);
  const url = pageUrl(source);
  const parse: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < WARMUP + iterations; i++) {
    // Interleaved, so drift in machine load touches both sides alike.
    const [p, r] = readabilityAlone(source, url);
    const o = await ourWork(source, url);
    if (i < WARMUP) continue;
    parse.push(p);
    a.push(r);
    b.push(o);
  }
  rows.push({ name, kb: Buffer.byteLength(source) / 1024, parse: median(parse), a: median(a), b: median(b) });
}

const ms = (x: number) => x.toFixed(1).padStart(7);
console.log(`median of ${iterations} runs after ${WARMUP} warm-up runs, Node ${process.version}`);
console.log('page                             KB   parse(ms)  a: Readability(ms)  b: ours(ms)   b/a   b/(parse+a)');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(30)} ${r.kb.toFixed(0).padStart(4)} ${ms(r.parse)}     ${ms(r.a)}            ${ms(r.b)}   ${(r.b / r.a).toFixed(2).padStart(5)}   ${(r.b / (r.parse + r.a)).toFixed(2).padStart(5)}`,
  );
}
const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
console.log(
  `ratio b/a: median over pages ${median(rows.map((r) => r.b / r.a)).toFixed(2)}, of summed medians ${(sum((r) => r.b) / sum((r) => r.a)).toFixed(2)}; ` +
    `b/(linkedom parse + a): ${(sum((r) => r.b) / sum((r) => r.parse + r.a)).toFixed(2)}`,
);
