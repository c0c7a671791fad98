import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, expectedDecision } from '@/lib/eval/cases';
import { DEFAULT_PATHS, loadAnswers, loadCases, loadThresholds } from '@/lib/eval/load';
import { checkThresholds, thresholdFailures } from '@/lib/eval/report';
import { runScripted } from '@/lib/eval/run';
import { registrableDomain } from '@/lib/pages/publisher';
import { dataPath } from '../../data/root';

// The whole evaluation, in process, as `npm run eval` runs it: it takes a second or two.
const started = performance.now();
const cases = loadCases();
const ANSWERS = dataPath('data/verification/answers-dev.jsonl');
const answers = loadAnswers(ANSWERS);
const report = runScripted(cases, { file: ANSWERS, answers });
report.thresholds = checkThresholds(report, loadThresholds(), path.relative(process.cwd(), DEFAULT_PATHS.thresholds));
const elapsedMs = performance.now() - started;

describe('the frozen evaluation set', () => {
  it('has at least 60 cases, several in every category, and every kind of refusal and attack', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES)
      expect(cases.filter((c) => c.category === category).length, category).toBeGreaterThanOrEqual(5);
    const tagged = (category: string, tag: string) => cases.filter((c) => c.category === category && c.tags.includes(tag)).length;
    for (const kind of ['lacks-answer', 'one-domain', 'stale', 'conflict'])
      expect(tagged('must-refuse', kind), `must-refuse/${kind}`).toBeGreaterThanOrEqual(3);
    for (const kind of ['unknown-id', 'url', 'uncited', 'quote', 'number', 'stitched'])
      expect(tagged('hostile', kind), `hostile/${kind}`).toBeGreaterThanOrEqual(2);
    expect(tagged('planted', 'obeyed')).toBeGreaterThanOrEqual(5);
  });

  it('keeps its refusal cases: every must-refuse case expects a refusal', () => {
    const refusals = cases.filter((c) => c.category === 'must-refuse');
    expect(refusals.filter((c) => expectedDecision(c) !== 'refuse').map((c) => c.id)).toEqual([]);
  });

  it('uses independent registrable domains where a case needs them to be answered', () => {
    const hosts = (c: (typeof cases)[number]) => new Set(c.evidence.map((e) => registrableDomain(e.url)));
    const answerable = cases.filter((c) => expectedDecision(c) === 'answer');
    expect(answerable.filter((c) => hosts(c).size < 2).map((c) => c.id)).toEqual([]);
  });
});

describe('the evaluation', () => {
  it('runs in seconds', () => {
    expect(elapsedMs).toBeLessThan(30_000);
  });

  it('every case meets its own expectation', () => {
    const failing = report.frozen.failing;
    const detail = failing.map((f) => `  ${f.id}: ${f.failures.join('; ')}`).join('\n');
    expect(
      failing.map((f) => f.id),
      `cases not meeting their expectation:\n${detail}`,
    ).toEqual([]);
  });

  it('every metric holds its threshold in test/eval/thresholds.json', () => {
    const failed = thresholdFailures(report.thresholds!);
    expect(failed, `below threshold: ${failed.join('; ')}`).toEqual([]);
  });

  it('never renders a URL outside the evidence', () => {
    expect(report.frozen.overall.foreignUrls).toBe(0);
    if (report.answersDev?.metrics) expect(report.answersDev.metrics.foreignUrls).toBe(0);
  });

  it('measures the labelled answers when they are there, and never shows an uncited claim as supported', () => {
    if (!answers) return; // The shared data is absent: the report says it skipped them.
    const m = report.answersDev!.metrics!;
    expect(m.items).toBe(answers.length);
    expect(m.uncitedShownAsSupported).toBe(0);
    expect(m.citationPrecision.of).toBeGreaterThan(0);
  });
});
