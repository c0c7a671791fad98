/**
 * Reads the evaluation's files: the frozen cases, the labelled answers and the thresholds. Node only
 * (the command line and the tests); the rest of lib/eval does no I/O.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAnswers, type LabelledAnswer } from './dataset';
import { checkCaseSet, parseCaseFile, type EvalCase } from './cases';
import { ThresholdsSchema, type Thresholds } from './report';

/** The project's root (this file is lib/eval/load.ts). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEFAULT_PATHS = {
  cases: path.join(PROJECT_ROOT, 'test/eval/cases'),
  answers: path.resolve(PROJECT_ROOT, '../shared/data/verification/answers-dev.jsonl'),
  thresholds: path.join(PROJECT_ROOT, 'test/eval/thresholds.json'),
  out: path.join(PROJECT_ROOT, '.tmp/eval'),
};

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`${file}: no such file`);
    throw new Error(`${file}: cannot be read (${code ?? (e instanceof Error ? e.message : String(e))})`);
  }
}

/** Every case of every `*.json` file of the directory (or of one file), sorted by file name, validated. */
export function loadCases(where: string = DEFAULT_PATHS.cases): EvalCase[] {
  if (!existsSync(where)) throw new Error(`${where}: no such file or directory`);
  const files = statSync(where).isDirectory()
    ? readdirSync(where)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(where, f))
    : [where];
  if (files.length === 0) throw new Error(`${where}: no case files (*.json)`);
  const cases = files.flatMap((f) => parseCaseFile(read(f), path.relative(process.cwd(), f) || f));
  checkCaseSet(cases);
  return cases;
}

/** The labelled answers, or null when the file is absent. */
export function loadAnswers(file: string = DEFAULT_PATHS.answers): LabelledAnswer[] | null {
  if (!existsSync(file)) return null;
  try {
    return parseAnswers(read(file));
  } catch (e) {
    throw new Error(`${file}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

export function loadThresholds(file: string = DEFAULT_PATHS.thresholds): Thresholds {
  const text = read(file);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = ThresholdsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.length > 0 ? `"${issue.path.join('.')}": ` : ''}${issue.message}`);
  }
  return parsed.data;
}
