import { readFileSync, statSync } from 'node:fs';
import { FailureError, fileError } from './io';
import { binaryKind } from './page-input';

/**
 * A JSON or JSONL file given to a flag (eval's --answers, --thresholds, a --cases file): one clear
 * line for a file that is missing (when `required`), a directory, empty or binary, before the
 * loader reads it. Only the first bytes are looked at; the loader reads the file itself.
 */
export function checkJsonFile(file: string, flag: string, options: { required: boolean; directoryOk?: boolean }): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(file).isDirectory();
  } catch (e) {
    if (!options.required && (e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw fileError(`${flag} ${file}`, e);
  }
  if (isDirectory) {
    if (options.directoryOk) return;
    throw new FailureError(`${flag} ${file}: is a directory, not a file`);
  }
  let head: string;
  try {
    head = readFileSync(file).subarray(0, 8192).toString('utf8');
  } catch (e) {
    throw fileError(`${flag} ${file}`, e);
  }
  if (head.replace(/^\uFEFF/, '').trim() === '') throw new FailureError(`${flag} ${file}: is empty`);
  const binary = binaryKind(head);
  if (binary) throw new FailureError(`${flag} ${file}: is ${binary}, not JSON`);
}

/** A folder given to a flag (eval's --data): one line when it is missing or a file. */
export function checkDirectory(dir: string, flag: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new FailureError(`${flag} ${dir}: no such folder`);
    throw fileError(`${flag} ${dir}`, e);
  }
  if (!isDirectory) throw new FailureError(`${flag} ${dir}: is a file, not a folder`);
}
