import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import JSZip from 'jszip';

/**
 * The time stamped on every file of a store zip: the commit's time (SOURCE_DATE_EPOCH when set),
 * so the same commit gives the same bytes. Outside a repository, a fixed date.
 */
export function zipDate(): Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000);
  try {
    return new Date(Number(execFileSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8' }).trim()) * 1000);
  } catch {
    return new Date('2026-01-01T00:00:00Z');
  }
}

/**
 * Rewrites a zip reproducibly (WXT stamps each file with the time it was zipped): files in name
 * order, one date, the same permissions and compression, so the same inputs give the same bytes.
 */
export async function normalizeZip(file: string, date = zipDate()): Promise<void> {
  const source = await JSZip.loadAsync(await readFile(file));
  const out = new JSZip();
  const names = Object.keys(source.files)
    .filter((n) => !source.files[n]!.dir)
    .sort();
  for (const name of names)
    out.file(name, await source.files[name]!.async('uint8array'), { date, unixPermissions: 0o644, createFolders: false });
  const bytes = await out.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
    platform: 'UNIX',
  });
  await writeFile(file, bytes);
}
