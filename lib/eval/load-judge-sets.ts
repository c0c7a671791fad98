/**
 * Reads Climate-FEVER's dev claims with each sentence's own label, for the label-answering judge
 * (Node only): ../shared/data/factcheck/climate-fever-dev.jsonl.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { JudgedFactCheckRow } from './judge-eval';

const Verdict = z.enum(['supported', 'contradicted', 'not-found', 'mixed']);
const RowSchema = z.object({
  id: z.string(),
  kind: z.enum(['pair', 'claim']),
  claim: z.string(),
  evidence: z.array(z.object({ id: z.string(), url: z.string(), text: z.string(), label: Verdict.optional() })),
  label: Verdict,
});

/** Parses `climate-fever-*.jsonl` text keeping every sentence's label (a pair's sentence takes the pair's). Throws naming a bad line. */
export function parseJudgedRows(text: string, what = 'climate-fever'): JudgedFactCheckRow[] {
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line.length > 0)
    .map(([line, n]) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`${what}, line ${n}: not valid JSON`);
      }
      const parsed = RowSchema.safeParse(json);
      if (!parsed.success) throw new Error(`${what}, line ${n}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      const r = parsed.data;
      return { ...r, evidence: r.evidence.map((e) => ({ ...e, label: e.label ?? (r.kind === 'pair' ? r.label : 'not-found') })) };
    });
}

/** Reads the file, or null when it is absent (the part is skipped and says so). */
export function loadJudgedRows(file: string): JudgedFactCheckRow[] | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`, { cause: e });
  }
  return parseJudgedRows(text, file);
}
