/**
 * Runs the deterministic verifier over the labelled verification data in
 * `data/verification/` in the data root (data/root.ts) and prints a table per dataset. Writes nothing but stdout.
 *
 *   npx tsx scripts/verification-report.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAnswers, parsePairs } from '../lib/eval/dataset';
import { VERIFY_THRESHOLDS } from '../lib/verdict/deterministic-verifier';
import { evaluateAnswers, evaluatePairs } from '../lib/eval/verifier-metrics';
import { dataPath, needData } from '../data/root';

needData('scripts/verification-report.ts');
const DATA_DIR = dataPath('data/verification');

function read(name: string): string {
  const file = path.join(DATA_DIR, name);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `The shared verification data is missing: cannot read ${file}. ` +
        `Cannot read the labelled data: run \`npm run data\` to fetch it. (${(error as Error).message})`,
      { cause: error },
    );
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number) => x.toFixed(3);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '))
    .join('\n');
}

const started = performance.now();
const pairs = parsePairs(read('pairs-dev.jsonl'));
const answers = parseAnswers(read('answers-dev.jsonl'));

const pairMetrics = evaluatePairs(pairs);
const answerMetrics = evaluateAnswers(answers);
const elapsed = performance.now() - started;

console.log(`Deterministic verifier on ${DATA_DIR}`);
console.log(`thresholds: ${JSON.stringify(VERIFY_THRESHOLDS)}\n`);
for (const m of pairMetrics) {
  console.log(
    `pairs-dev · ${m.source} (${m.n} pairs: ${m.labelledSupported} supported, ${m.labelledNotSupported} partial or unsupported)`,
  );
  console.log(
    table([
      ['measure', 'value'],
      ['balanced accuracy (reject vs keep)', num(m.balancedAccuracy)],
      ['reject precision', `${num(m.rejectPrecision)}  (${m.rejectTrue}/${m.rejectTrue + m.rejectFalse})`],
      ['reject recall', `${num(m.rejectRecall)}  (${m.rejectTrue}/${m.labelledNotSupported})`],
      ['labelled supported kept', `${num(m.supportedKept)}  (${m.labelledSupported - m.rejectFalse}/${m.labelledSupported})`],
      ['accept precision', `${num(m.acceptPrecision)}  (of ${m.verdicts.supported} supported verdicts)`],
      ['balanced accuracy (score >= 0.5)', num(m.scoreBalancedAccuracy)],
      [
        'verdicts supported / uncertain / unsupported',
        `${m.verdicts.supported} / ${m.verdicts.uncertain} / ${m.verdicts.unsupported}`,
      ],
      ['uncertain share', pct(m.uncertainShare)],
    ]),
  );
  console.log('');
}
const a = answerMetrics;
console.log(`answers-dev (${a.answers} answers, ${a.claims} claims)`);
console.log(
  table([
    ['measure', 'value'],
    [
      'labelled supported, not rejected (target >= 80%)',
      `${pct(a.supportedKeptShare)}  (${a.supportedKept}/${a.labelledSupported})`,
    ],
    [
      'partial or unsupported with cites, rejected (target >= 30%)',
      `${pct(a.notSupportedCaughtShare)}  (${a.notSupportedCaught}/${a.labelledNotSupported})`,
    ],
    ['uncited claims accepted (must be 0)', `${a.uncitedAccepted}/${a.uncited}`],
    [
      'verdicts supported / uncertain / unsupported',
      `${a.verdicts.supported} / ${a.verdicts.uncertain} / ${a.verdicts.unsupported}`,
    ],
  ]),
);
const total = pairs.length + a.claims;
console.log(`\n${total} verifications in ${elapsed.toFixed(0)} ms (${(elapsed / total).toFixed(2)} ms each, parsing included)`);
