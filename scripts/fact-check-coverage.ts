// How much of the corpus pages a fact-check covers in one pass, by budget (npx tsx scripts/fact-check-coverage.ts):
// the checkable sentences of each of the 98 Readability corpus pages, as the extension reads a tab,
// and what a first pass of 8 (the old fixed count) or of the default budget checks of them.
import { DEFAULT_CLAIM_BUDGET } from '../lib/factcheck/fact-check';
import { checkableSentences } from '../lib/factcheck/split-claims';
import { corpusNames, corpusText } from '../test/corpus/corpus';

const counts: number[] = [];
for (const name of corpusNames()) counts.push(checkableSentences((await corpusText(name)).text).length);
counts.sort((a, b) => a - b);
const total = counts.reduce((a, b) => a + b, 0);
const at = (q: number) => counts[Math.min(counts.length - 1, Math.floor(counts.length * q))]!;
console.log(
  `${counts.length} pages, ${total} checkable sentences; per page median ${at(0.5)}, 3 in 4 at most ${at(0.75)}, 9 in 10 at most ${at(0.9)}`,
);
for (const budget of [8, DEFAULT_CLAIM_BUDGET]) {
  const covered = counts.reduce((n, c) => n + Math.min(c, budget), 0);
  const whole = counts.filter((c) => c <= budget).length;
  console.log(
    `first pass of ${budget}: ${covered} of ${total} checkable sentences (${((100 * covered) / total).toFixed(1)}%), ${whole} of ${counts.length} pages whole`,
  );
}
