/**
 * `npm run data`: puts every file of data/manifest.json into the cache (.data/, or
 * SPANLIGHT_DATA_CACHE) and checks each one's sha256. The files come from, in order:
 *
 *   SPANLIGHT_DATA_URL=http://host/path   a server holding the data root's layout (corpus/…, data/…)
 *   SPANLIGHT_DATA_SOURCE=/path/to/mirror  a folder holding it
 *   ../shared                              the offline mirror beside the project, when it is there
 *
 * A file already in the cache with the right hash is kept and not fetched again. A file that is
 * missing at the source, or whose bytes do not match the manifest, is one line naming it, and the run
 * exits 1; nothing in the cache is replaced by anything unchecked. Once every file is there the
 * cache is marked complete, and the tests and `npm run eval` read it (data/root.ts).
 *
 * Options: --manifest FILE, --cache DIR (defaults: data/manifest.json, the cache above).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CACHE_DIR, COMPLETE_FILE, MANIFEST_FILE, MIRROR_DIR, PROJECT_ROOT, sha256File } from '../data/root';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

/** Where the files come from. */
export type DataSource = { kind: 'url'; base: string } | { kind: 'dir'; dir: string };

/** Every file a manifest lists. */
export function manifestFiles(manifestFile: string): ManifestFile[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { groups: Array<{ files: ManifestFile[] }> };
  return manifest.groups.flatMap((g) => g.files);
}

/** The source the environment names, else the mirror beside the project; null when there is none. */
export function sourceFrom(env: NodeJS.ProcessEnv, mirror: string = MIRROR_DIR): DataSource | null {
  const url = env.SPANLIGHT_DATA_URL?.trim();
  if (url) return { kind: 'url', base: url.endsWith('/') ? url : `${url}/` };
  const dir = env.SPANLIGHT_DATA_SOURCE?.trim();
  if (dir) return { kind: 'dir', dir: path.resolve(dir) };
  return existsSync(mirror) ? { kind: 'dir', dir: mirror } : null;
}

/** How a source is named in messages. */
export function sourceName(source: DataSource): string {
  return source.kind === 'url' ? source.base : path.relative(PROJECT_ROOT, source.dir) || source.dir;
}

class FileError extends Error {}

/** One file's bytes from the source; a FileError (one line) when it cannot be had. */
async function getBytes(source: DataSource, file: string, timeoutMs: number): Promise<Buffer> {
  if (source.kind === 'dir') {
    try {
      return readFileSync(path.join(source.dir, file));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new FileError(code === 'ENOENT' ? `not found in ${source.dir}` : `cannot be read from ${source.dir} (${code})`);
    }
  }
  const url = new URL(file.split('/').map(encodeURIComponent).join('/'), source.base).href;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
    throw new FileError(
      `cannot be fetched from ${url} (${cause === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : cause})`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FileError(response.status === 404 ? `not found at ${url} (HTTP 404)` : `HTTP ${response.status} from ${url}`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** Whether the cache already holds this file with its hash. */
function cached(cache: string, f: ManifestFile): boolean {
  const file = path.join(cache, f.path);
  try {
    return existsSync(file) && sha256File(file) === f.sha256;
  } catch {
    return false;
  }
}

export interface FillResult {
  fetched: number;
  kept: number;
  /** One line per file that failed, naming it. */
  errors: string[];
}

/** Fills `cache` with `files` from `source`, checking each; marks it complete (with `stamp`) when all are there. */
export async function fillCache(options: {
  files: ManifestFile[];
  cache: string;
  source: DataSource;
  stamp: string;
  concurrency?: number;
  timeoutMs?: number;
}): Promise<FillResult> {
  const { files, cache, source, stamp, concurrency = 8, timeoutMs = 60_000 } = options;
  const result: FillResult = { fetched: 0, kept: 0, errors: [] };
  const failed = new Map<string, string>();
  mkdirSync(cache, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      if (cached(cache, f)) {
        result.kept++;
        continue;
      }
      try {
        const bytes = await getBytes(source, f.path, timeoutMs);
        const hash = createHash('sha256').update(bytes).digest('hex');
        if (hash !== f.sha256)
          throw new FileError(
            `sha256 ${hash.slice(0, 12)}… (${bytes.length} bytes), the manifest says ${f.sha256.slice(0, 12)}… (${f.size} bytes)`,
          );
        const target = path.join(cache, f.path);
        mkdirSync(path.dirname(target), { recursive: true });
        const part = `${target}.part-${process.pid}`;
        writeFileSync(part, bytes);
        renameSync(part, target);
        result.fetched++;
      } catch (e) {
        if (!(e instanceof FileError)) throw e;
        failed.set(f.path, e.message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  // In the manifest's order, whatever order the downloads finished in.
  result.errors = files.filter((f) => failed.has(f.path)).map((f) => `${f.path}: ${failed.get(f.path)}`);
  const complete = path.join(cache, COMPLETE_FILE);
  if (result.errors.length === 0) writeFileSync(complete, `${stamp}\n`);
  else rmSync(complete, { force: true });
  return result;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { manifest: { type: 'string' }, cache: { type: 'string' } } });
  const manifest = path.resolve(values.manifest ?? MANIFEST_FILE);
  const cache = path.resolve(values.cache ?? CACHE_DIR);
  const source = sourceFrom(process.env);
  if (!source) {
    console.error(
      `npm run data: no source: set SPANLIGHT_DATA_URL (a server with the data) or SPANLIGHT_DATA_SOURCE (a folder with it); ${MIRROR_DIR} is not there`,
    );
    return 1;
  }
  const files = manifestFiles(manifest);
  const started = Date.now();
  const r = await fillCache({ files, cache, source, stamp: sha256File(manifest) });
  for (const line of r.errors) console.error(`npm run data: ${line}`);
  const where = path.relative(process.cwd(), cache) || cache;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.errors.length > 0) {
    console.error(
      `npm run data: ${r.errors.length} of ${files.length} files failed; ${r.fetched + r.kept} good ones are in ${where} (${sourceName(source)})`,
    );
    return 1;
  }
  console.log(
    `npm run data: ${files.length} files checked in ${where} (${r.fetched} fetched from ${sourceName(source)}, ${r.kept} already there, ${seconds} s)`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
