/**
 * The calibration report: the decision constants fitted on every labelled set, the figures they give
 * on each set, and the same figures with the constants fitted leaving that set out. A figure that
 * moves by more than 0.05 between the two marks a rule fitted to its data.
 */
import { DECISION_CONSTANTS, type DecisionConstants } from '../verdict/constants';
import { fitConstants, measure, type ReadItem, type SetFigures } from './calibration';

/** Figures shown per set, with their labels. */
export const FIGURES: Array<[keyof SetFigures, string]> = [
  ['rejectPrecision', 'reject precision'],
  ['rejectRecall', 'reject recall (not fully supported caught)'],
  ['supportedKept', 'supported kept'],
  ['balancedAccuracy', 'balanced accuracy (reject vs keep)'],
  ['supportRecall', 'supporting sentence → supported'],
  ['contradictRecall', 'refuting sentence → contradicted'],
  ['falseSupport', 'unsupported (refuting or silent) → supported'],
  ['contradictPrecision', 'of contradicted verdicts, on refuting sentences'],
  ['falseContradiction', 'not a contradiction → contradicted'],
  ['claimAgreement', 'whole claims: verdict equals the label'],
];

/** Largest difference between "fitted on all" and "left out" that a figure may show. */
export const GENERALISATION_BOUND = 0.05;

export interface CalibrationReport {
  /** The constants fitted on every set now, and whether they are the ones in force. */
  fittedOnAll: DecisionConstants;
  inForce: DecisionConstants;
  upToDate: boolean;
  /** Per set: the constants fitted without it. */
  leaveOneOut: Record<string, DecisionConstants>;
  rows: Array<{ set: string; figure: string; label: string; all: number; leftOut: number; moved: boolean }>;
  /** How far words alone reach on the fact-check pairs: per support score, the share of each label at or above it. */
  reach: WordsReach[];
}

/** At one support score, the fact-check pairs that reach it: supporting ones, and refuting or silent ones. */
export interface WordsReach {
  score: number;
  supporting: { reached: number; of: number };
  others: { reached: number; of: number };
}

/** The support scores the reach is shown at. */
const REACH_SCORES = [0.5, 0.6, 0.7, 0.8, 0.9];

/**
 * How many fact-check pairs reach each support score, by label: the most that any support constant
 * can accept at that score, and what it would accept wrongly. Words alone cannot do better than this.
 */
export function wordsReach(items: ReadItem[]): WordsReach[] {
  const pairs = items.filter((i): i is Extract<ReadItem, { kind: 'factcheck-pair' }> => i.kind === 'factcheck-pair');
  if (pairs.length === 0) return [];
  const supporting = pairs.filter((p) => p.label === 'supported');
  const others = pairs.filter((p) => p.label !== 'supported');
  const reached = (xs: typeof pairs, t: number) => xs.filter((p) => p.reading.support.score >= t).length;
  return REACH_SCORES.map((score) => ({
    score,
    supporting: { reached: reached(supporting, score), of: supporting.length },
    others: { reached: reached(others, score), of: others.length },
  }));
}

/** Fits on all sets and leaving each out, and measures each set both ways. */
export function calibrationReport(items: ReadItem[], inForce: DecisionConstants = DECISION_CONSTANTS): CalibrationReport {
  const sets = [...new Set(items.map((i) => i.set))];
  const fittedOnAll = fitConstants(items, sets);
  const onAll = measure(items, inForce);
  const leaveOneOut: Record<string, DecisionConstants> = {};
  const rows: CalibrationReport['rows'] = [];
  for (const set of sets) {
    const k = fitConstants(
      items,
      sets.filter((s) => s !== set),
    );
    leaveOneOut[set] = k;
    const mine = items.filter((i) => i.set === set);
    const left = measure(mine, k)[0]!;
    const all = onAll.find((f) => f.set === set)!;
    for (const [figure, label] of FIGURES) {
      const a = all[figure];
      const l = left[figure];
      if (typeof a !== 'number' || typeof l !== 'number') continue;
      rows.push({ set, figure, label, all: a, leftOut: l, moved: Math.abs(a - l) > GENERALISATION_BOUND });
    }
  }
  const upToDate = (Object.keys(fittedOnAll) as (keyof DecisionConstants)[]).every((key) => fittedOnAll[key] === inForce[key]);
  return { fittedOnAll, inForce, upToDate, leaveOneOut, rows, reach: wordsReach(items) };
}

/** The report as a plain table. */
export function renderCalibration(r: CalibrationReport): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [
    'Decision constants (lib/verdict/decision-constants.json, fitted by scripts/fit-constants.ts)',
    `  in force:        ${JSON.stringify(r.inForce)}`,
    `  fitted on all:   ${JSON.stringify(r.fittedOnAll)}${r.upToDate ? '' : '  ← differs from the constants in force: run scripts/fit-constants.ts'}`,
    ...Object.entries(r.leaveOneOut).map(([set, k]) => `  without ${set.padEnd(14)} ${JSON.stringify(k)}`),
    '',
    `${'set'.padEnd(14)}${'figure'.padEnd(52)}${'all'.padStart(7)}${'left out'.padStart(10)}`,
  ];
  for (const row of r.rows)
    lines.push(
      `${row.set.padEnd(14)}${row.label.padEnd(52)}${f(row.all).padStart(7)}${f(row.leftOut).padStart(10)}${row.moved ? '  ← moved > 0.05' : ''}`,
    );
  if (r.reach.length > 0) {
    const share = (x: { reached: number; of: number }) => `${x.reached}/${x.of} (${f(x.reached / Math.max(1, x.of))})`;
    lines.push(
      '',
      'How far words reach on the fact-check pairs: pairs whose support score is at least…',
      ...r.reach.map((x) => `  ${x.score.toFixed(1)}: supporting ${share(x.supporting)}; refuting or silent ${share(x.others)}`),
    );
  }
  return lines.join('\n');
}
