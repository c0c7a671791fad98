/**
 * Reads the labelled dev sets the decision constants are fitted and measured on (Node only):
 * ../shared/data/verification/{pairs,answers}-dev.jsonl and ../shared/data/factcheck/climate-fever-dev.jsonl.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseAnswers, parsePairs } from './dataset';
import { readItems, type FactCheckRow, type ReadItem } from './calibration';

const FactCheckRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['pair', 'claim']),
  claim: z.string(),
  evidence: z.array(z.object({ id: z.string(), text: z.string() })),
  label: z.enum(['supported', 'contradicted', 'not-found', 'mixed']),
});

/** Parses `climate-fever-*.jsonl` text. Throws on a malformed line, naming it. */
export function parseFactCheckRows(text: string): FactCheckRow[] {
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line.length > 0)
    .map(([line, n]) => {
      const parsed = FactCheckRowSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`climate-fever, line ${n}: ${parsed.error.message}`);
      return parsed.data as FactCheckRow;
    });
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(
      `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)}): the labelled data sits in ../shared/data/`,
      {
        cause: e,
      },
    );
  }
}

/** Reads and parses the three files under `dataDir` (../shared/data) and reads every item once. */
export function loadCalibrationItems(dataDir: string): ReadItem[] {
  return readItems({
    pairs: parsePairs(read(path.join(dataDir, 'verification/pairs-dev.jsonl'))),
    answers: parseAnswers(read(path.join(dataDir, 'verification/answers-dev.jsonl'))),
    factcheck: parseFactCheckRows(read(path.join(dataDir, 'factcheck/climate-fever-dev.jsonl'))),
  });
}
