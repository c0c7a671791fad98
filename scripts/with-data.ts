/**
 * Runs commands that read the corpus or the labelled sets (data/root.ts), one after the other,
 * stopping at the first that fails. Without the data it runs only those given with --always, prints
 * one line saying what did not run and how to get the data (or, under `npm test`, notes it for the
 * run's one line: scripts/test-all.ts), and exits 0; with
 * SPANLIGHT_REQUIRE_DATA=1 (CI) it exits 1 instead.
 *
 *   tsx scripts/with-data.ts --what "The benchmark" [--always "cmd …"]… -- "cmd …" ["cmd …"]…
 *
 * Each command is a string of words (no shell quoting: none of ours needs it).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { CACHE_DIR, dataRequired, HAS_DATA, MIRROR_DIR, noteAbsent, PROJECT_ROOT, REQUIRE_VARIABLE } from '../data/root';

/** Runs one command from the project root; its exit code. */
function run(command: string): number {
  const [file, ...args] = command.split(/\s+/).filter(Boolean);
  const r = spawnSync(file!, args, { cwd: PROJECT_ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.error) {
    console.error(`${command}: ${r.error.message}`);
    return 1;
  }
  return r.status ?? 1;
}

function main(): number {
  const { values, positionals } = parseArgs({
    options: { what: { type: 'string' }, always: { type: 'string', multiple: true } },
    allowPositionals: true,
  });
  const what = values.what ?? 'These checks';
  const commands = HAS_DATA ? [...(values.always ?? []), ...positionals] : (values.always ?? []);
  if (!HAS_DATA && dataRequired()) {
    console.error(
      `${what}: ${REQUIRE_VARIABLE}=1 but the data is not here (no complete ${CACHE_DIR}, no ${MIRROR_DIR}): run \`npm run data\``,
    );
    return 1;
  }
  for (const command of commands) {
    const code = run(command);
    if (code !== 0) return code;
  }
  if (!HAS_DATA) noteAbsent(what);
  return 0;
}

process.exitCode = main();
