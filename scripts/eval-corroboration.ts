/**
 * Keyless corroboration on WiCE's development split (../shared/data/corroboration/wice-dev.jsonl, see
 * its NOTICE.md): for each Wikipedia sentence, the article its footnote cites is handed to
 * followCitations (lib/pipeline/follow-citations.ts) as the fetched page, split into passages as the
 * code splits it, and the passage it accepts is checked against the annotators' supporting sentences.
 * Three figures, fitted on all and left out by article (lib/eval/corroboration.ts says how):
 * supported sentences given a passage holding a supporting sentence, accepted passages holding none,
 * unsupported sentences given a passage.
 *
 *   npx tsx scripts/eval-corroboration.ts [--check | --floor] [--json]
 *
 * --check exits 1 below acceptance (issue #23: ≥ 0.75, ≤ 0.03, ≤ 0.05, each within 0.05 of its
 * left-out twin), when MIN_SUPPORT is not the fit on all, or when followCitations itself accepts
 * other passages than the figures counted. --floor (what `npm run eval` runs) checks the same, with
 * the supported figure held at what is measured now (FLOOR) instead of the acceptance line that
 * words alone do not reach yet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { articlePage, citingSpan, corroborationReport, readRow, type WiceRow } from '../lib/eval/corroboration';
import { followCitations, MIN_SUPPORT } from '../lib/evidence/follow-citations';

const FILE = path.resolve('../shared/data/corroboration/wice-dev.jsonl');
const ACCEPT = { supportedFound: 0.75, acceptedWrong: 0.03, unsupportedGiven: 0.05, twin: 0.05 };
/** Measured 2026-12-01 (0.583 fitted on all, 0.583 left out), 0.02 below, rounded down, as test/eval/thresholds.json sets its rates. */
const FLOOR = { ...ACCEPT, supportedFound: 0.56 };
const args = new Set(process.argv.slice(2));

const rows: WiceRow[] = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as WiceRow);
const read = rows.map(readRow);
const report = corroborationReport(read, MIN_SUPPORT);

/** followCitations itself, on each row, with the article as the fetched page: the passages it accepts. */
async function acceptedByFollowCitations(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const row of rows) {
    const { page } = articlePage(row);
    const { span, at } = citingSpan(row);
    const pages = new Map([
      [
        span.url,
        { ...page, url: span.url, text: span.text, citations: [{ at, note: 'cite_note-1', label: '', urls: [page.url] }] },
      ],
    ]);
    const r = await followCitations(
      [span],
      pages,
      async () => ({ ok: true, extraction: { page, readable: true, density: 1 }, truncated: false, bytes: 0 }),
      {
        maxFetches: 1,
      },
    );
    if (r.found.length > 0) ids.add(row.id);
  }
  return ids;
}

const viaFollow = await acceptedByFollowCitations();
const counted = new Set(read.filter((r) => r.score > 0 && r.score >= MIN_SUPPORT).map((r) => r.id));
const agree = viaFollow.size === counted.size && [...counted].every((id) => viaFollow.has(id));

const f = (x: number) => x.toFixed(3);
if (args.has('--json')) console.log(JSON.stringify({ ...report, followCitationsAgrees: agree }, null, 2));
else {
  const { all, leftOut } = report;
  console.log(
    `WiCE dev corroboration (${rows.length} sentences; ${all.counts.supported} supported, ${all.counts.unsupported} not supported)`,
  );
  console.log(
    `MIN_SUPPORT in force ${report.inForce}, fitted on all ${report.fittedOnAll}${report.upToDate ? '' : ' (NOT the one in force)'}; left out by article: ${report.leftOutRange.join('–')}`,
  );
  const atFit = report.upToDate
    ? ''
    : `   (at the fit on all, ${report.fittedOnAll}: ${f(report.atFit.supportedFound)} / ${f(report.atFit.acceptedWrong)} / ${f(report.atFit.unsupportedGiven)})`;
  console.log('figure                                                   fitted on all   left out');
  console.log(
    `supported sentences → passage holding a supporting one  ${f(all.supportedFound)}           ${f(leftOut.supportedFound)}`,
  );
  console.log(
    `accepted passages holding no supporting sentence        ${f(all.acceptedWrong)}           ${f(leftOut.acceptedWrong)}   (of ${all.counts.accepted} / ${leftOut.counts.accepted} accepted)`,
  );
  console.log(
    `unsupported sentences given a passage                   ${f(all.unsupportedGiven)}           ${f(leftOut.unsupportedGiven)}`,
  );
  if (atFit) console.log(atFit.trim());
  console.log(`followCitations accepts the same ${viaFollow.size} passages as counted: ${agree ? 'yes' : 'NO'}`);
}

if (args.has('--check') || args.has('--floor')) {
  const { all, leftOut } = report;
  const bound = args.has('--check') ? ACCEPT : FLOOR;
  const fails: string[] = [];
  if (all.supportedFound < bound.supportedFound) fails.push(`supported found ${f(all.supportedFound)} < ${bound.supportedFound}`);
  if (all.acceptedWrong > bound.acceptedWrong) fails.push(`accepted wrong ${f(all.acceptedWrong)} > ${bound.acceptedWrong}`);
  if (all.unsupportedGiven > bound.unsupportedGiven)
    fails.push(`unsupported given ${f(all.unsupportedGiven)} > ${bound.unsupportedGiven}`);
  for (const k of ['supportedFound', 'acceptedWrong', 'unsupportedGiven'] as const)
    if (Math.abs(all[k] - leftOut[k]) > bound.twin)
      fails.push(`${k} moves ${f(Math.abs(all[k] - leftOut[k]))} from its left-out twin`);
  if (!report.upToDate) fails.push(`MIN_SUPPORT ${report.inForce} is not the fit on all (${report.fittedOnAll})`);
  if (!agree) fails.push('followCitations accepts other passages than the figures counted');
  if (fails.length) {
    console.error(`corroboration below acceptance:\n  ${fails.join('\n  ')}`);
    process.exit(1);
  }
}
