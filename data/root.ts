/**
 * Where the corpus and the labelled datasets are: the one place tests, scripts and `spanlight eval`
 * ask. The data root holds `corpus/` and `data/` as data/manifest.json lists them. It is, in order:
 *
 * 1. the cache `npm run data` fills (`.data/`, or `SPANLIGHT_DATA_CACHE`), once every file of the
 *    manifest is in it with its sha256 (`npm run data` then writes `.data/.complete`);
 * 2. `../shared` beside the project, an offline mirror of the same files, when it is there;
 * 3. none: the checks that need the data are skipped and say so in one line, unless
 *    `SPANLIGHT_REQUIRE_DATA=1`, which makes that a failure (CI sets it).
 *
 * Node only; reads nothing but small files, once.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root (this file is data/root.ts). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The list of files, their sources, sizes, hashes and licences. */
export const MANIFEST_FILE = path.join(PROJECT_ROOT, 'data/manifest.json');

/** The cache `npm run data` fills (git-ignored). */
export const CACHE_DIR = path.resolve(PROJECT_ROOT, process.env.SPANLIGHT_DATA_CACHE || '.data');

/** The offline mirror beside the project. */
export const MIRROR_DIR = path.resolve(PROJECT_ROOT, '../shared');

/** The file `npm run data` writes in the cache once every file is there and checked: the manifest's sha256. */
export const COMPLETE_FILE = '.complete';

/** The one line a run prints when `what` did not run for want of the data. */
export function absentLine(what: string): string {
  return `${what} did not run: their data is not here (run \`npm run data\` to get it; see docs/testing.md).`;
}

/**
 * Set by `npm test` (scripts/test-all.ts) to a file where each step notes what it could not run;
 * the run then says it once, in one line, at its end.
 */
export const ABSENT_NOTES_VARIABLE = 'SPANLIGHT_ABSENT_NOTES';

/** Says that `what` did not run for want of the data: noted for the run's one line, or printed. */
export function noteAbsent(what: string, env: NodeJS.ProcessEnv = process.env): void {
  const notes = env[ABSENT_NOTES_VARIABLE];
  if (notes) appendFileSync(notes, `${what}\n`);
  else console.log(absentLine(what));
}

/** The one line for everything a run could not run for want of the data ("A, B and C did not run: …"). */
export function absentSummary(whats: string[]): string | null {
  const list = [...new Set(whats.map((w) => w.trim()).filter(Boolean))];
  if (list.length === 0) return null;
  const lower = (w: string) => w.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  const [first, ...rest] = list.map((w, i) => (i === 0 ? w : lower(w)));
  const joined = rest.length === 0 ? first! : `${[first, ...rest.slice(0, -1)].join(', ')} and ${rest.at(-1)}`;
  return absentLine(joined);
}

/** Set to 1, the data's absence is a failure instead of a skip. */
export const REQUIRE_VARIABLE = 'SPANLIGHT_REQUIRE_DATA';

/** The sha256 of a file, in hex. */
export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Whether the cache holds every file of the manifest in force (checked when it was filled). */
export function cacheComplete(cache: string = CACHE_DIR, manifest: string = MANIFEST_FILE): boolean {
  const stamp = path.join(cache, COMPLETE_FILE);
  if (!existsSync(stamp) || !existsSync(manifest)) return false;
  return readFileSync(stamp, 'utf8').trim() === sha256File(manifest);
}

/** Whether a folder looks like the mirror: its corpus and data folders are both there. */
function isMirror(dir: string): boolean {
  return existsSync(path.join(dir, 'corpus')) && existsSync(path.join(dir, 'data'));
}

function resolveRoot(): { dir: string; from: 'cache' | 'mirror' } | null {
  if (cacheComplete()) return { dir: CACHE_DIR, from: 'cache' };
  if (isMirror(MIRROR_DIR)) return { dir: MIRROR_DIR, from: 'mirror' };
  return null;
}

/** The data root, and whether it is the cache or the mirror; null when neither is there. */
export const DATA_ROOT = resolveRoot();

/** Whether the data is here. */
export const HAS_DATA = DATA_ROOT !== null;

/** Whether the data's absence must fail the run (`SPANLIGHT_REQUIRE_DATA=1`). */
export function dataRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[REQUIRE_VARIABLE] === '1';
}

/**
 * A path in the data root (`corpus/readability-pages`, `data/verification/answers-dev.jsonl`…). With
 * no data it is where the cache would hold it, so a message naming it says where to look.
 */
export function dataPath(relative: string): string {
  return path.join(DATA_ROOT?.dir ?? CACHE_DIR, relative);
}

/** For a script that cannot run without the data: returns when it is here, else says so in one line and exits 1. */
export function needData(script: string): void {
  if (HAS_DATA) return;
  console.error(`${script}: its data is not here (no complete ${CACHE_DIR}, no ${MIRROR_DIR}): run \`npm run data\` to fetch it`);
  process.exit(1);
}
