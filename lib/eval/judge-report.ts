/**
 * `spanlight eval --judge`: the label-answering judge's report (judge-eval.ts), rendered as a table
 * and held to the `labelJudge` thresholds of test/eval/thresholds.json.
 */
import type { LabelledAnswer } from './dataset';
import { answersJudgeEval, factCheckJudgeEval, type JudgeEvalReport, type JudgedFactCheckRow } from './judge-eval';
import type { Rate } from './metrics';
import type { ThresholdCheck, ThresholdResult, Thresholds } from './report';

/** The default seeded share of items the bad judge answers wrongly. */
export const WRONG_SHARE = 0.2;
export const SEED = 1;

export async function judgeReport(
  factCheck: { file: string; rows: JudgedFactCheckRow[] | null },
  answers: { file: string; answers: LabelledAnswer[] | null },
  wrongShare = WRONG_SHARE,
  seed = SEED,
): Promise<JudgeEvalReport> {
  return {
    wrongShare,
    seed,
    factCheck: factCheck.rows
      ? { file: factCheck.file, ...(await factCheckJudgeEval(factCheck.rows, wrongShare, seed)) }
      : { file: factCheck.file, skipped: `${factCheck.file} not found` },
    answers: answers.answers
      ? { file: answers.file, ...(await answersJudgeEval(answers.answers, wrongShare, seed)) }
      : { file: answers.file, skipped: `${answers.file} not found` },
  };
}

/** The figures by the names thresholds give them: "factCheck.good.claimsAgree", "answers.bad.falseSupportAfter"… */
export function judgeFigures(r: JudgeEvalReport): Record<string, Rate | number> {
  const out: Record<string, Rate | number> = {};
  for (const part of ['factCheck', 'answers'] as const) {
    const p = r[part];
    if ('skipped' in p) continue;
    for (const who of ['good', 'bad'] as const)
      for (const [k, v] of Object.entries(p[who])) if (typeof v !== 'string') out[`${part}.${who}.${k}`] = v as Rate | number;
  }
  return out;
}

/** Holds the figures to `thresholds.labelJudge`; a figure not measured (its file absent) is skipped, an unknown name fails. */
export function checkJudgeThresholds(r: JudgeEvalReport, thresholds: Thresholds, file: string): ThresholdResult {
  const figures = judgeFigures(r);
  const checks: ThresholdCheck[] = [];
  for (const [name, bound] of Object.entries(thresholds.labelJudge ?? {})) {
    const metric = `labelJudge.${name}`;
    const part = name.split('.')[0] as 'factCheck' | 'answers';
    const p = r[part];
    if (p && 'skipped' in p) {
      checks.push({ metric, value: null, ...bound, ok: true, note: `skipped: ${p.skipped}` });
      continue;
    }
    const f = figures[name];
    const value = typeof f === 'number' ? f : f?.value;
    if (value === undefined || value === null) {
      checks.push({ metric, value: null, ...bound, ok: false, note: f ? 'nothing was counted' : 'unknown metric' });
      continue;
    }
    const ok = (bound.min === undefined || value >= bound.min - 1e-9) && (bound.max === undefined || value <= bound.max + 1e-9);
    checks.push({ metric, value, ...bound, ok });
  }
  return { file, passed: checks.every((c) => c.ok), checks };
}

const cell = (x: Rate | number) =>
  typeof x === 'number' ? String(x) : x.value === null ? '–' : `${x.value.toFixed(3)} ${x.n}/${x.of}`;

/** The report as a table: per set, a good model's reading and a bad one's, before and after the code's disposal. */
export function renderJudgeReport(r: JudgeEvalReport): string {
  const pct = Math.round(r.wrongShare * 100);
  const out = [
    `spanlight eval --judge: the label-answering judge through the real judge prompt and reply schema; the bad one wrong on ${pct}% of (claim, passage) items (seed ${r.seed})`,
  ];
  const table = (rows: Array<[string, Rate | number, Rate | number]>) => {
    const w = Math.max(...rows.map(([l]) => l.length));
    const cw = Math.max(14, ...rows.flatMap(([, g, b]) => [cell(g).length, cell(b).length]));
    out.push(`  ${'figure'.padEnd(w)}  ${'good judge'.padStart(cw)}  ${`wrong on ${pct}%`.padStart(cw)}`);
    for (const [l, g, b] of rows) out.push(`  ${l.padEnd(w)}  ${cell(g).padStart(cw)}  ${cell(b).padStart(cw)}`);
  };
  const fc = r.factCheck;
  out.push('', `climate-fever (${fc.file}), the fact-check flow:`);
  if ('skipped' in fc) out.push(`  skipped (${fc.skipped})`);
  else {
    const { good: g, bad: b } = fc;
    table([
      ['whole claims: verdict equals the label', g.claimsAgree, b.claimsAgree],
      ['disputed claims shown as mixed', g.disputedMixed, b.disputedMixed],
      ['supporting sentence → supported', g.pairSupportKept, b.pairSupportKept],
      ['refuting sentence → contradicted', g.pairContradictionKept, b.pairContradictionKept],
      ['refuting or silent → supported, before disposal', g.falseSupportBefore, b.falseSupportBefore],
      ['refuting or silent → supported, after disposal', g.falseSupportAfter, b.falseSupportAfter],
      ['supporting → contradicted, before disposal', g.falseContradictionBefore, b.falseContradictionBefore],
      ['supporting → contradicted, after disposal', g.falseContradictionAfter, b.falseContradictionAfter],
      ['findings the code overruled: wrong by the label', g.overruledWrong, b.overruledWrong],
      ['findings the code overruled: right by the label', g.overruledRight, b.overruledRight],
    ]);
  }
  const a = r.answers;
  out.push('', `answers (${a.file}), the answering flow (cited claims):`);
  if ('skipped' in a) out.push(`  skipped (${a.skipped})`);
  else {
    const { good: g, bad: b } = a;
    table([
      ['labelled supported → kept', g.supportedKept, b.supportedKept],
      ['partial or unsupported → kept, before disposal', g.falseSupportBefore, b.falseSupportBefore],
      ['partial or unsupported → kept, after disposal', g.falseSupportAfter, b.falseSupportAfter],
      ['flagged with a passage for and one against', g.flaggedMixed, b.flaggedMixed],
    ]);
  }
  return `${out.join('\n')}\n`;
}
