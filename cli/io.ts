import type { FetchLike } from '../lib/shared/fetch-like';
import { readFile } from 'node:fs/promises';

/** The command was called wrongly (arguments, flags, configuration): exit code 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
}

/** The command was called rightly but could not do its work (unreadable input, provider down): exit code 1. */
export class FailureError extends Error {
  readonly exitCode = 1;
}

/** What a command touches outside itself; `spanlight.ts` wires the process, tests may pass their own. */
export interface Io {
  /** Writes to stdout; resolves once the text is handed to the OS (so exiting afterwards loses nothing). */
  out(text: string): Promise<void>;
  /** One line of progress or error on stderr. */
  err(line: string): void;
  /** All of stdin as UTF-8 text. */
  readStdin(): Promise<string>;
  /** Whether stdin is a terminal (nobody is piping anything in). */
  stdinIsTty: boolean;
  env: Record<string, string | undefined>;
  now(): Date;
}

/** The process's own streams, environment and clock. */
export function processIo(): Io {
  return {
    out: (text) =>
      new Promise<void>((resolve, reject) => {
        process.stdout.write(text, (e) => (e ? reject(e) : resolve()));
      }),
    err: (line) => {
      process.stderr.write(line.endsWith('\n') ? line : `${line}\n`);
    },
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    },
    stdinIsTty: process.stdin.isTTY === true,
    env: process.env,
    now: () => new Date(),
  };
}

/** Reads a text file (UTF-8), or stdin for "-", turning every way it can fail into one clear line. */
export async function readTextFile(path: string, io: Pick<Io, 'readStdin'>): Promise<string> {
  if (path === '-') return io.readStdin();
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FailureError(`${path}: no such file`);
    if (code === 'EISDIR') throw new FailureError(`${path}: is a directory, not a file`);
    if (code === 'EACCES' || code === 'EPERM') throw new FailureError(`${path}: permission denied`);
    throw new FailureError(`${path}: cannot be read (${code ?? (e instanceof Error ? e.message : String(e))})`);
  }
}

/** One parsed line of a JSONL input, with its 1-based line number for messages. */
export interface JsonLine {
  line: number;
  value: unknown;
}

/**
 * Parses JSONL: one JSON value per line, blank lines skipped. Fails on the first line that is not
 * JSON, naming it, before anything is processed (so output lines always match input lines).
 */
export function parseJsonLines(text: string, source: string): JsonLine[] {
  const out: JsonLine[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() === '') continue;
    try {
      out.push({ line: i + 1, value: JSON.parse(raw) as unknown });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new FailureError(`${source} line ${i + 1}: not valid JSON (${why})`);
    }
  }
  return out;
}

/** A value as JSON text with a final newline: indented for one document, compact for a JSONL line. */
export function jsonText(value: unknown, style: 'document' | 'line' = 'document'): string {
  return `${style === 'document' ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`;
}

const USER_AGENT = 'Spanlight/0.1 (command line)';

/** Node's fetch sends "node" as its user agent; say who we are, unless the caller set one. */
export function withUserAgent(base: FetchLike): FetchLike {
  return (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('user-agent')) headers.set('user-agent', USER_AGENT);
    return base(input, { ...init, headers });
  };
}
