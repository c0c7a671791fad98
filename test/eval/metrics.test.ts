import { describe, expect, it } from 'vitest';
import { parseCaseFile, type EvalCase } from '@/lib/eval/cases';
import { evaluateCase, resolveRef, type Scored } from '@/lib/eval/evaluate';
import { groundedness } from '@/lib/eval/metrics';
import { checkThresholds, thresholdFailures, type EvalReport } from '@/lib/eval/report';
import { runScripted } from '@/lib/eval/run';

const NOW = '2026-11-30T12:00:00Z';

function item(over: Partial<Scored>): Scored {
  return {
    id: 'x',
    category: 'answerable',
    mode: 'grounded',
    expected: 'answer',
    claims: [],
    freshness: null,
    evidenceRecall: null,
    goldAnswerShown: null,
    foreignUrls: [],
    ...over,
  };
}

describe('the metrics, on hand-made outcomes', () => {
  it('citation precision counts citations of shown claims with known support; refused answers show nothing', () => {
    const m = groundedness([
      item({
        claims: [
          { text: 'a', cites: ['S1', 'S2'], status: 'supported', unconfirmed: false, truth: 'supported' },
          { text: 'b', cites: ['S1'], status: 'supported', unconfirmed: true, truth: 'unsupported' },
          { text: 'c', cites: ['S2'], status: 'dropped', unconfirmed: false, truth: 'unsupported' },
          { text: 'd', cites: [], status: 'flagged', unconfirmed: false, truth: 'uncited' },
          { text: 'e', cites: ['S3'], status: 'supported', unconfirmed: false, truth: null },
        ],
      }),
      item({
        mode: 'abstained',
        expected: 'refuse',
        claims: [{ text: 'f', cites: ['S1'], status: 'supported', unconfirmed: false, truth: 'unsupported' }],
      }),
    ]);
    expect(m.citationPrecision).toEqual({ n: 2, of: 3, value: 2 / 3 });
    expect(m.citationCoverage).toEqual({ n: 3, of: 4, value: 3 / 4 });
    expect(m.confirmedShare).toEqual({ n: 2, of: 3, value: 2 / 3 });
    expect(m.unsupportedKept).toBe(1);
    expect(m.unsupportedKeptUnconfirmed).toBe(1);
    expect(m.wrongCitations).toBe(1);
    expect(m.refusedWhenExpected).toEqual({ n: 1, of: 1, value: 1 });
    expect(m.answeredWhenExpected).toEqual({ n: 1, of: 1, value: 1 });
    expect(m.evidenceRecall.value).toBeNull();
  });

  it('claims are referred to by index or by a piece of their text', () => {
    const claims = [{ text: 'Larkspur 4.2.0 is the latest release.' }, { text: 'It is fast.' }];
    expect(resolveRef(1, claims)).toEqual([1]);
    expect(resolveRef(5, claims)).toEqual([]);
    expect(resolveRef('LARKSPUR 4.2.0', claims)).toEqual([0]);
  });
});

const base = {
  question: 'What is the latest release of Larkspur?',
  now: NOW,
  freshnessDays: 30,
  evidence: [
    {
      id: 'S1',
      url: 'https://larkspurdb.org/blog/4-2',
      title: 'Larkspur 4.2.0 released',
      published: '2026-11-18',
      text: 'Larkspur 4.2.0 was released on 18 November 2026 and is the latest stable release.',
    },
    {
      id: 'S2',
      url: 'https://dbweekly.news/larkspur',
      title: 'Larkspur ships',
      published: '2026-11-20',
      text: 'The Larkspur project shipped version 4.2.0 this week as its current stable line.',
    },
  ],
};

function caseOf(over: object): EvalCase {
  return parseCaseFile(JSON.stringify([{ id: 't', category: 'answerable', ...base, ...over }]), 'inline')[0]!;
}

describe('a case against its expectation', () => {
  it('passes when the code does what the case expects, and says how it fails otherwise', () => {
    const ok = evaluateCase(
      caseOf({
        draft: 'Larkspur 4.2.0 is the latest stable release [S1]. It costs $5 [S2].',
        expect: { mode: 'partial', keep: [0], drop: [1] },
        gold: { url: 'https://larkspurdb.org/blog/4-2/', answer: '4.2.0', checkedAt: '2026-11-30' },
      }),
    );
    expect(ok.failures).toEqual([]);
    expect(ok).toMatchObject({ passed: true, evidenceRecall: true, goldAnswerShown: true, freshness: { correct: true } });

    const wrong = evaluateCase(
      caseOf({ draft: 'Larkspur 4.2.0 is the latest stable release [S1].', expect: { mode: 'abstained', keep: [1] } }),
    );
    expect(wrong.passed).toBe(false);
    expect(wrong.failures.join(' ')).toMatch(/mode grounded, expected abstained/);
    expect(wrong.failures.join(' ')).toMatch(/claim 1 must be kept as supported, but no claim matches it/);
  });

  it('freshness: answering when no source is inside the window is wrong', () => {
    const stale = evaluateCase(
      caseOf({
        freshnessDays: 7,
        draft: 'Larkspur 4.2.0 is the latest stable release [S1].',
        expect: { mode: 'abstained' },
      }),
    );
    expect(stale.mode).toBe('abstained');
    expect(stale.freshness).toEqual({ correct: true, note: 'refused: no source inside the window' });
  });

  it('rejects a malformed case, naming the file, the case and the field', () => {
    expect(() => parseCaseFile('[{"id": "bad", "category": "answerable"}]', 'cases/x.json')).toThrow(
      /^cases\/x\.json, case 1 "bad": "question": /,
    );
    expect(() => parseCaseFile('{', 'cases/x.json')).toThrow(/cases\/x\.json: not valid JSON/);
  });
});

describe('thresholds', () => {
  const report: EvalReport = runScripted(
    [caseOf({ draft: 'Larkspur 4.2.0 is the latest stable release [S1].', expect: { mode: 'grounded', keep: [0] } })],
    null,
  );

  it('hold when every figure is inside its bound; fail naming the metric otherwise', () => {
    const ok = checkThresholds(
      report,
      { frozen: { citationPrecision: { min: 0.9 }, unsupportedKept: { max: 0 }, expectationsMet: { min: 1 } } },
      't.json',
    );
    expect(ok.passed).toBe(true);
    const bad = checkThresholds(report, { frozen: { foreignUrls: { max: -1 }, noSuchMetric: { min: 0 } } }, 't.json');
    expect(thresholdFailures(bad)).toEqual(['frozen.foreignUrls 0 > max -1', 'frozen.noSuchMetric: unknown metric']);
  });

  it('a metric with nothing counted fails; answers-dev thresholds are skipped, and said, without the data', () => {
    const r = checkThresholds(
      report,
      { frozen: { evidenceRecall: { min: 0.5 } }, answersDev: { citationPrecision: { min: 0.5 } } },
      't',
    );
    expect(thresholdFailures(r)).toEqual(['frozen.evidenceRecall: nothing was counted']);
    expect(r.checks[1]).toMatchObject({ ok: true, note: 'skipped: not run' });
  });
});
