/**
 * The calibration report: the decision constants fitted on every labelled set, the figures they give
 * on each set, and the same figures with the constants fitted leaving that set out. A figure that
 * moves by more than 0.05 between the two marks a rule fitted to its data.
 */
import { DECISION_CONSTANTS, type DecisionConstants } from '../verify/constants';
import { fitConstants, measure, type ReadItem, type SetFigures } from '../verify/calibration';

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
  return { fittedOnAll, inForce, upToDate, leaveOneOut, rows };
}

/** The report as a plain table. */
export function renderCalibration(r: CalibrationReport): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [
    'Decision constants (lib/verify/decision-constants.json, fitted by scripts/fit-constants.ts)',
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
  return lines.join('\n');
}
