/**
 * The mutation check's runner: each rule is taken out of the source in turn (a textual edit,
 * restored afterwards) and the given tests are run; a rule whose removal leaves every test passing
 * has no test that guards it. The rule tables are scripts/mutate-*.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One rule as written in the source, and the source without it. */
export interface Mutation {
  family: string;
  file: string;
  /** The source text the rule is written as, and what it becomes without the rule. */
  from: string;
  to: string;
}

let editing: { path: string; original: string } | null = null;
const restore = () => {
  if (editing) writeFileSync(editing.path, editing.original);
  editing = null;
};

/** The tests' failures with the source as it is now (a count; -1 when vitest did not run). */
function failures(tests: string[]): number {
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=json', ...tests], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const start = run.stdout.indexOf('{');
  if (start < 0) return -1;
  try {
    const r = JSON.parse(run.stdout.slice(start)) as { numFailedTests: number; numFailedTestSuites: number };
    return r.numFailedTests + r.numFailedTestSuites;
  } catch {
    return -1;
  }
}

/**
 * Runs `tests` once as the source is, then once without each rule, printing a row a rule; with
 * `--check` on the command line, exits 1 when some rule's removal fails no test. An interrupted
 * run restores the file it was editing.
 */
export function runMutationCheck(script: string, mutations: Mutation[], tests: string[]): void {
  process.on('SIGINT', () => {
    restore();
    process.exit(130);
  });
  const check = process.argv.includes('--check');
  const base = failures(tests);
  if (base !== 0) {
    console.error(`The tests fail before any mutation (${base}); fix them first.`);
    process.exit(1);
  }
  const unguarded: string[] = [];
  console.log('| rule taken out | tests failing without it |');
  console.log('|---|---|');
  for (const m of mutations) {
    const path = resolve(m.file);
    const original = readFileSync(path, 'utf8');
    if (!original.includes(m.from)) {
      console.error(`${m.file} no longer writes the rule "${m.family}" as expected: update ${script}.`);
      process.exit(1);
    }
    editing = { path, original };
    writeFileSync(path, original.replace(m.from, m.to));
    const failed = failures(tests);
    restore();
    if (failed <= 0) unguarded.push(m.family);
    console.log(`| ${m.family} | ${failed < 0 ? 'did not run' : failed} |`);
  }
  if (unguarded.length) console.error(`No test fails without: ${unguarded.join('; ')}.`);
  if (check && unguarded.length) process.exit(1);
}
