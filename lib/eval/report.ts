/**
 * The evaluation's report: its shape, the thresholds it is held to, and its renderings (a plain
 * table for the terminal, Markdown for people).
 */
import { z } from 'zod';
import type { AnswerOutcome, CaseOutcome } from './evaluate';
import type { AnswerSetMetrics, GroundednessMetrics, Rate } from './metrics';

export interface EvalReport {
  /** Scripted drafts (the frozen cases as written), or drafts composed by a model (`--live`). */
  kind: 'scripted' | 'live';
  generatedAt: string;
  durationMs: number;
  /** The model that composed the drafts (live only). */
  model?: string;
  tokens?: { in: number; out: number };
  frozen: {
    cases: number;
    /** Cases that meet their own expectation (scripted drafts only; live drafts have none). */
    expectationsMet: Rate | null;
    failing: Array<{ id: string; category: string; failures: string[] }>;
    overall: GroundednessMetrics;
    byCategory: Record<string, GroundednessMetrics>;
    outcomes: CaseOutcome[];
  };
  answersDev: { file: string; skipped?: string; metrics?: AnswerSetMetrics; outcomes?: AnswerOutcome[] } | null;
  thresholds?: ThresholdResult;
}

const BoundSchema = z
  .object({ min: z.number().optional(), max: z.number().optional() })
  .refine((b) => b.min !== undefined || b.max !== undefined, 'a threshold needs "min" or "max"');

/** `test/eval/thresholds.json`: per metric, the least (`min`) or most (`max`) it may be. */
export const ThresholdsSchema = z.object({
  frozen: z.record(z.string(), BoundSchema),
  answersDev: z.record(z.string(), BoundSchema).optional(),
  /** `spanlight eval --judge`: the label-answering judge's figures (lib/eval/judge-report.ts). */
  labelJudge: z.record(z.string(), BoundSchema).optional(),
});
export type Thresholds = z.infer<typeof ThresholdsSchema>;

export interface ThresholdCheck {
  metric: string;
  value: number | null;
  min?: number;
  max?: number;
  ok: boolean;
  note?: string;
}

export interface ThresholdResult {
  file: string;
  passed: boolean;
  checks: ThresholdCheck[];
}

function valueOf(x: unknown): number | null | undefined {
  if (typeof x === 'number') return x;
  if (x && typeof x === 'object' && 'value' in x) return (x as Rate).value;
  return undefined;
}

/** Holds the report's figures to the thresholds; a metric with no data, or an unknown one, fails. */
export function checkThresholds(report: EvalReport, thresholds: Thresholds, file: string): ThresholdResult {
  const checks: ThresholdCheck[] = [];
  const frozenFigures: Record<string, unknown> = { ...report.frozen.overall, expectationsMet: report.frozen.expectationsMet };
  const groups: Array<[string, Record<string, z.infer<typeof BoundSchema>>, Record<string, unknown> | null, string?]> = [
    ['frozen', thresholds.frozen, frozenFigures],
  ];
  if (thresholds.answersDev) {
    const a = report.answersDev;
    groups.push([
      'answersDev',
      thresholds.answersDev,
      a?.metrics ? (a.metrics as unknown as Record<string, unknown>) : null,
      a?.skipped ?? (a ? undefined : 'not run'),
    ]);
  }
  for (const [group, bounds, figures, skipped] of groups) {
    for (const [name, bound] of Object.entries(bounds)) {
      const metric = `${group}.${name}`;
      if (!figures) {
        checks.push({ metric, value: null, ...bound, ok: true, note: `skipped: ${skipped ?? 'no data'}` });
        continue;
      }
      const value = valueOf(figures[name]);
      if (value === undefined) {
        checks.push({ metric, value: null, ...bound, ok: false, note: 'unknown metric' });
        continue;
      }
      if (value === null) {
        checks.push({ metric, value, ...bound, ok: false, note: 'nothing was counted' });
        continue;
      }
      const ok = (bound.min === undefined || value >= bound.min - 1e-9) && (bound.max === undefined || value <= bound.max + 1e-9);
      checks.push({ metric, value, ...bound, ok });
    }
  }
  return { file, passed: checks.every((c) => c.ok), checks };
}

/** One line per failed threshold: "frozen.citationPrecision 0.91 < min 0.95". */
export function thresholdFailures(result: ThresholdResult): string[] {
  return result.checks
    .filter((c) => !c.ok)
    .map((c) =>
      c.note
        ? `${c.metric}: ${c.note}`
        : c.min !== undefined && c.value! < c.min
          ? `${c.metric} ${fmt(c.value)} < min ${c.min}`
          : `${c.metric} ${fmt(c.value)} > max ${c.max}`,
    );
}

function fmt(x: number | null): string {
  if (x === null) return '–';
  return Number.isInteger(x) ? String(x) : x.toFixed(3);
}

function cell(x: Rate | number | null | undefined): string {
  if (x === null || x === undefined) return '–';
  if (typeof x === 'number') return String(x);
  return x.value === null ? '–' : `${x.value.toFixed(2)} ${x.n}/${x.of}`;
}

const ROWS: Array<[label: string, key: keyof GroundednessMetrics]> = [
  ['items', 'items'],
  ['citation precision', 'citationPrecision'],
  ['citation coverage', 'citationCoverage'],
  ['confirmed word for word', 'confirmedShare'],
  ['evidence recall', 'evidenceRecall'],
  ['freshness correctness', 'freshnessCorrectness'],
  ['refused when expected', 'refusedWhenExpected'],
  ['answered when expected', 'answeredWhenExpected'],
  ['gold answer shown', 'goldAnswerShown'],
  ['unsupported claims kept', 'unsupportedKept'],
  ['  of them unconfirmed', 'unsupportedKeptUnconfirmed'],
  ['wrong citations', 'wrongCitations'],
  ['URLs outside evidence', 'foreignUrls'],
];

/** The metric table: one column for all frozen cases, one per category, one for answers-dev. */
function grid(report: EvalReport): { head: string[]; rows: string[][] } {
  const columns: Array<[string, GroundednessMetrics | undefined]> = [
    ['frozen: all', report.frozen.overall],
    ...Object.entries(report.frozen.byCategory),
  ];
  if (report.answersDev?.metrics) columns.push(['answers-dev', report.answersDev.metrics]);
  const rows = ROWS.map(([label, key]) => [label, ...columns.map(([, m]) => cell(m?.[key] as Rate | number))]);
  if (report.frozen.expectationsMet)
    rows.push([
      'expectations met',
      cell(report.frozen.expectationsMet),
      ...Object.keys(report.frozen.byCategory).map((cat) => {
        const all = report.frozen.outcomes.filter((o) => o.category === cat);
        const met = all.filter((o) => o.passed).length;
        return cell({ n: met, of: all.length, value: all.length ? met / all.length : null });
      }),
      ...(report.answersDev?.metrics ? ['–'] : []),
    ]);
  return { head: ['metric', ...columns.map(([name]) => name)], rows };
}

/** The table for a terminal, with the answers-dev figures issue 4 sets targets for and any failing case. */
export function renderTable(report: EvalReport): string {
  const { head, rows } = grid(report);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  const out = [
    `spanlight eval (${report.kind}${report.model ? `, ${report.model}` : ''}): ${report.frozen.cases} frozen cases` +
      (report.answersDev?.metrics ? `, ${report.answersDev.metrics.items} labelled answers` : '') +
      ` in ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ];
  const a = report.answersDev;
  if (a?.metrics) {
    const m = a.metrics;
    out.push(
      '',
      `answers-dev: labelled supported kept ${cell(m.supportedKept)}; not supported caught ${cell(m.notSupportedCaught)}; ` +
        `uncited shown as supported ${m.uncitedShownAsSupported}; draft citation precision before disposal ${cell(m.draftCitationPrecision)}; ` +
        `read as prose ${m.readAsProse}, structured ${m.readAsStructured}; refused by the gate ${m.refusedByGate}`,
    );
  } else if (a?.skipped) out.push('', `answers-dev: skipped (${a.skipped})`);
  if (report.frozen.failing.length > 0) {
    out.push('', `cases not meeting their expectation (${report.frozen.failing.length}):`);
    for (const f of report.frozen.failing) out.push(`  ${f.id}: ${f.failures.join('; ')}`);
  }
  if (report.thresholds) {
    const failed = thresholdFailures(report.thresholds);
    out.push(
      '',
      failed.length === 0
        ? `thresholds (${report.thresholds.checks.length}, ${report.thresholds.file}): all hold`
        : `thresholds: ${failed.length} below: ${failed.join('; ')}`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** The report for people: the same table, the thresholds, the cases that miss their expectation. */
export function renderMarkdown(report: EvalReport): string {
  const { head, rows } = grid(report);
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out = [
    `# Spanlight evaluation (${report.kind})`,
    '',
    `Generated ${report.generatedAt} in ${(report.durationMs / 1000).toFixed(1)} s` +
      (report.model ? ` with ${report.model}` : '') +
      (report.tokens ? ` (${report.tokens.in} tokens in, ${report.tokens.out} out)` : '') +
      `: ${report.frozen.cases} frozen cases` +
      (report.answersDev?.metrics ? `, ${report.answersDev.metrics.items} labelled answers (${report.answersDev.file})` : '') +
      '.',
    '',
    `| ${head.map(esc).join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map((r) => `| ${r.map((x) => esc(x.trim())).join(' | ')} |`),
    '',
    'Rates are shown as value and counts. Citation precision counts the citations of shown claims whose',
    'support is known (the case expectations; the human labels on answers-dev); a refused answer shows nothing.',
  ];
  const a = report.answersDev;
  if (a?.metrics) {
    const m = a.metrics;
    out.push(
      '',
      '## answers-dev',
      '',
      `- Claims labelled supported that stay supported: ${cell(m.supportedKept)}`,
      `- Claims labelled partial or unsupported that are dropped or flagged: ${cell(m.notSupportedCaught)}`,
      `- Uncited claims shown as supported: ${m.uncitedShownAsSupported}`,
      `- Citation precision of the drafts before disposal: ${cell(m.draftCitationPrecision)}; after: ${cell(m.citationPrecision)}`,
      `- Drafts read as prose: ${m.readAsProse}; passed in the structured form: ${m.readAsStructured}; refused by the gate: ${m.refusedByGate}`,
    );
  } else if (a?.skipped) out.push('', `answers-dev: skipped (${a.skipped}).`);
  if (report.thresholds) {
    out.push(
      '',
      `## Thresholds (${report.thresholds.file})`,
      '',
      '| metric | value | min | max | |',
      '| --- | ---: | ---: | ---: | --- |',
    );
    for (const c of report.thresholds.checks)
      out.push(
        `| ${c.metric} | ${fmt(c.value)} | ${c.min ?? ''} | ${c.max ?? ''} | ${c.ok ? 'ok' : 'BELOW'}${c.note ? ` (${c.note})` : ''} |`,
      );
  }
  if (report.frozen.failing.length > 0) {
    out.push('', '## Cases not meeting their expectation', '');
    for (const f of report.frozen.failing) out.push(`- \`${f.id}\` (${f.category}): ${esc(f.failures.join('; '))}`);
  }
  return `${out.join('\n')}\n`;
}
