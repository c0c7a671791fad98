/**
 * `npm test`: runs the given npm scripts in order, stopping at the first that fails. A step that
 * could not run some checks for want of the corpus and labelled sets (data/root.ts) notes it, and
 * the run says so once, in one line, at its end, with how to get the data.
 *
 *   tsx scripts/test-all.ts check eval test:firefox …
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ABSENT_NOTES_VARIABLE, absentSummary, PROJECT_ROOT } from '../data/root';

function main(steps: string[]): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanlight-test-'));
  const notes = path.join(dir, 'absent.txt');
  const env = { ...process.env, [ABSENT_NOTES_VARIABLE]: notes };
  let code = 0;
  try {
    for (const step of steps) {
      const r = spawnSync('npm', ['run', step], {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
        env,
        shell: process.platform === 'win32',
      });
      code = r.error ? 1 : (r.status ?? 1);
      if (r.error) console.error(`npm run ${step}: ${r.error.message}`);
      if (code !== 0) break;
    }
    let noted: string[] = [];
    try {
      noted = readFileSync(notes, 'utf8').split('\n');
    } catch {
      // Nothing noted: every step had its data.
    }
    const line = absentSummary(noted);
    if (line) console.log(line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return code;
}

process.exitCode = main(process.argv.slice(2));
