import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { verdictFor } from '@/lib/verdict/code-verdict';
import type { Verdict } from '@/lib/verdict/verdict';
import { parseFactCheckRows } from '@/lib/eval/load-calibration';
import type { EvidenceSpan } from '@/lib/shared/types';
import { dataPath, HAS_DATA } from '../../data/root';

const FILE = dataPath('data/factcheck/climate-fever-dev.jsonl');

/**
 * The fact-check's verdicts in code, as the fact-check runs them (verdictFor), on real claims with
 * Wikipedia sentences people labelled supporting, refuting or silent. The floors sit under the
 * figures measured with the fitted constants (`npm run eval` prints them with the leave-one-out
 * figures); the false-support bound is the issue's.
 */
describe.skipIf(!HAS_DATA)('fact-check verdicts on Climate-FEVER (dev)', () => {
  const pairs: Array<{ label: string; verdict: Verdict }> = [];
  const claims: Array<{ label: string; verdict: Verdict }> = [];
  beforeAll(() => {
    if (!existsSync(FILE)) throw new Error(`Missing ${FILE}: run \`npm run data\` to fetch it.`);
    for (const row of parseFactCheckRows(readFileSync(FILE, 'utf8'))) {
      const spans = row.evidence.map(
        (e) => ({ spanId: e.id, text: e.text, url: `https://en.wikipedia.org/${e.id}` }) as EvidenceSpan,
      );
      const verdict = verdictFor(row.claim, spans).verdict;
      (row.kind === 'pair' ? pairs : claims).push({ label: row.label, verdict });
    }
  }, 300_000);
  const share = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length / xs.length;

  it('a refuting or silent sentence is almost never shown as support (≤ 2%)', () => {
    expect(
      share(
        pairs.filter((p) => p.label !== 'supported'),
        (p) => p.verdict === 'supported',
      ),
    ).toBeLessThanOrEqual(0.02);
  });

  it('when it says contradicted, the sentence refutes the claim at least half the time (measured 0.60)', () => {
    const contradicted = pairs.filter((p) => p.verdict === 'contradicted');
    expect(contradicted.length).toBeGreaterThan(0);
    expect(share(contradicted, (p) => p.label === 'contradicted')).toBeGreaterThanOrEqual(0.5);
  });

  it('finds some support and some refutation, and whole claims agree with the label at least as often as "not found" always', () => {
    expect(pairs.some((p) => p.label === 'supported' && p.verdict === 'supported')).toBe(true);
    expect(pairs.some((p) => p.label === 'contradicted' && p.verdict === 'contradicted')).toBe(true);
    const notFoundAlways = share(claims, (c) => c.label === 'not-found');
    expect(share(claims, (c) => c.verdict === c.label)).toBeGreaterThanOrEqual(notFoundAlways);
  });
});
