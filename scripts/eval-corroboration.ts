/**
 * Keyless corroboration on WiCE's development split (data/corroboration/wice-dev.jsonl in the data root, see
 * its NOTICE.md): for each Wikipedia sentence, the article its footnote cites is handed to
 * followCitations (lib/evidence/follow-citations.ts) as the fetched page, split into passages as the
 * code splits it, and the passage it accepts is checked against the annotators' supporting sentences.
 * Three figures, fitted on all and left out by article (lib/eval/corroboration.ts says how):
 * supported sentences given a passage holding a supporting sentence, accepted passages holding none,
 * unsupported sentences given a passage. By the code alone (MIN_SUPPORT), and with a model reading
 * the code's best window (READ_FLOOR), the model being the label-answering judge
 * (lib/eval/label-judge.ts) through the real judge prompt, schema and disposal: once right, once
 * wrong on 20% of what it reads (seeds 1–5, averaged).
 *
 *   npx tsx scripts/eval-corroboration.ts [--check] [--json]
 *
 * --check (what `npm run eval` runs) exits 1 when the model's reading falls below issue #23's
 * acceptance (≥ 0.75, ≤ 0.03, ≤ 0.05, each within 0.05 of its left-out twin), when the code alone
 * falls below what it is measured at now (CODE_FLOOR: words alone do not reach the 0.75), when
 * MIN_SUPPORT or READ_FLOOR is not the fit on all, or when followCitations itself accepts other
 * passages than the figures counted. The wrong reader's figures are printed, not bounded: they are
 * what a bad model lets through.
 */
import { readFileSync } from 'node:fs';
import {
  articlePage,
  citingSpan,
  corroborationLabels,
  corroborationReport,
  FIT_SEEDS,
  FIT_WRONG_SHARE,
  readerReport,
  readerSaid,
  readRow,
  type CorroborationFigures,
  type WiceRow,
} from '../lib/eval/corroboration';
import { followCitations, MIN_SUPPORT, READ_CANDIDATES, READ_FLOOR, type CitationReader } from '../lib/evidence/follow-citations';
import { citationReader } from '../lib/claims/read-citations';
import { labelJudge } from '../lib/eval/label-judge';
import { dataPath, needData } from '../data/root';

needData('scripts/eval-corroboration.ts');
const FILE = dataPath('data/corroboration/wice-dev.jsonl');
const ACCEPT = { supportedFound: 0.75, acceptedWrong: 0.03, unsupportedGiven: 0.05, twin: 0.05 };
/**
 * The code alone's supported figure as measured now, 0.02 below, rounded down, as
 * test/eval/thresholds.json sets its rates: 0.591 fitted on all and left out (2026-12-02).
 */
const CODE_FLOOR = { ...ACCEPT, supportedFound: 0.57 };
const args = new Set(process.argv.slice(2));

const rows: WiceRow[] = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as WiceRow);
const read = rows.map(readRow);
const report = corroborationReport(read, MIN_SUPPORT);
const book = corroborationLabels(read);
const goodReader = citationReader(labelJudge(book));
const wrongReaders = FIT_SEEDS.map((seed) => citationReader(labelJudge(book, { wrongShare: FIT_WRONG_SHARE, seed })));
const said = { good: await readerSaid(read, goodReader), wrong: await Promise.all(wrongReaders.map((r) => readerSaid(read, r))) };
const withReader = readerReport(read, said, READ_FLOOR, MIN_SUPPORT);

/** followCitations itself, on each row, with the article as the fetched page: the rows whose passage it accepts. */
async function acceptedByFollowCitations(reader?: CitationReader): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const row of rows) {
    const { page } = articlePage(row);
    const { span, at } = citingSpan(row);
    const citations = [{ at, note: 'cite_note-1', label: '', urls: [page.url] }];
    const pages = new Map([[span.url, { ...page, url: span.url, text: span.text, citations }]]);
    const r = await followCitations(
      [span],
      pages,
      async () => ({ ok: true, extraction: { page, readable: true }, truncated: false, bytes: 0 }),
      { maxFetches: 1, ...(reader ? { reader } : {}) },
    );
    if (r.found.length > 0) ids.add(row.id);
  }
  return ids;
}

const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((id) => b.has(id));
const countedAt = (f: CorroborationFigures) => f.counts.accepted;
const viaCode = await acceptedByFollowCitations();
const viaGood = await acceptedByFollowCitations(goodReader);
const viaWrong = await acceptedByFollowCitations(wrongReaders[0]);
const agree = {
  code: same(viaCode, new Set(read.filter((r) => r.score > 0 && r.score >= MIN_SUPPORT).map((r) => r.id))),
  good: viaGood.size === countedAt(withReader.good.all),
  wrong: viaWrong.size === countedAt(withReader.wrong.all),
};

const f = (x: number) => x.toFixed(3);
function table(title: string, all: CorroborationFigures, leftOut: CorroborationFigures) {
  console.log(`${title.padEnd(57)}fitted on all   left out`);
  console.log(
    `  supported sentences → passage holding a supporting one  ${f(all.supportedFound)}           ${f(leftOut.supportedFound)}`,
  );
  console.log(
    `  accepted passages holding no supporting sentence        ${f(all.acceptedWrong)}           ${f(leftOut.acceptedWrong)}   (of ${all.counts.accepted} / ${leftOut.counts.accepted} accepted)`,
  );
  console.log(
    `  unsupported sentences given a passage                   ${f(all.unsupportedGiven)}           ${f(leftOut.unsupportedGiven)}`,
  );
}

if (args.has('--json')) console.log(JSON.stringify({ code: report, reader: withReader, followCitationsAgrees: agree }, null, 2));
else {
  console.log(
    `WiCE dev corroboration (${rows.length} sentences; ${report.all.counts.supported} supported, ${report.all.counts.unsupported} not supported)`,
  );
  console.log(
    `MIN_SUPPORT in force ${report.inForce}, fitted on all ${report.fittedOnAll}${report.upToDate ? '' : ' (NOT the one in force)'}; left out by article: ${report.leftOutRange.join('–')}`,
  );
  table('the code alone (MIN_SUPPORT)', report.all, report.leftOut);
  console.log(
    `READ_FLOOR in force ${withReader.inForce}, fitted on all ${withReader.fittedOnAll}${withReader.upToDate ? '' : ' (NOT the one in force)'}; left out by article: ${withReader.leftOutRange.join('–')}`,
  );
  table(
    `a model reading the best ${READ_CANDIDATES === 1 ? 'window' : `${READ_CANDIDATES} windows`} (the labels)`,
    withReader.good.all,
    withReader.good.leftOut,
  );
  table(
    `the same, wrong on ${FIT_WRONG_SHARE * 100}% (mean of seeds ${FIT_SEEDS.join(', ')})`,
    withReader.wrong.all,
    withReader.wrong.leftOut,
  );
  console.log(
    `followCitations accepts the same passages as counted: code ${agree.code ? 'yes' : 'NO'} (${viaCode.size}), good reader ${agree.good ? 'yes' : 'NO'} (${viaGood.size}), wrong reader ${agree.wrong ? 'yes' : 'NO'} (${viaWrong.size})`,
  );
}

if (args.has('--check')) {
  const fails: string[] = [];
  const check = (name: string, all: CorroborationFigures, leftOut: CorroborationFigures, bound: typeof ACCEPT) => {
    if (all.supportedFound < bound.supportedFound)
      fails.push(`${name}: supported found ${f(all.supportedFound)} < ${bound.supportedFound}`);
    if (all.acceptedWrong > bound.acceptedWrong)
      fails.push(`${name}: accepted wrong ${f(all.acceptedWrong)} > ${bound.acceptedWrong}`);
    if (all.unsupportedGiven > bound.unsupportedGiven)
      fails.push(`${name}: unsupported given ${f(all.unsupportedGiven)} > ${bound.unsupportedGiven}`);
    for (const k of ['supportedFound', 'acceptedWrong', 'unsupportedGiven'] as const)
      if (Math.abs(all[k] - leftOut[k]) > bound.twin)
        fails.push(`${name}: ${k} moves ${f(Math.abs(all[k] - leftOut[k]))} from its left-out twin`);
  };
  check('code alone', report.all, report.leftOut, CODE_FLOOR);
  check('good reader', withReader.good.all, withReader.good.leftOut, ACCEPT);
  if (!report.upToDate) fails.push(`MIN_SUPPORT ${report.inForce} is not the fit on all (${report.fittedOnAll})`);
  if (!withReader.upToDate) fails.push(`READ_FLOOR ${withReader.inForce} is not the fit on all (${withReader.fittedOnAll})`);
  for (const [k, v] of Object.entries(agree))
    if (!v) fails.push(`followCitations (${k}) accepts other passages than the figures counted`);
  if (fails.length) {
    console.error(`corroboration below acceptance:\n  ${fails.join('\n  ')}`);
    process.exit(1);
  }
}
