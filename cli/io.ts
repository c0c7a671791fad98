import type { FetchLike } from '../lib/shared/fetch-like';
import { readFile } from 'node:fs/promises';
import { MAX_PAGE_HTML_CHARS, MAX_PAGE_HTML_LABEL } from '../lib/pages/page-limit';

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
    throw fileError(path, e);
  }
}

/** A file that cannot be read, in one line: "page.html: no such file", "docs: is a directory, not a file". */
export function fileError(path: string, e: unknown): FailureError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new FailureError(`${path}: no such file`);
  if (code === 'EISDIR') return new FailureError(`${path}: is a directory, not a file`);
  if (code === 'EACCES' || code === 'EPERM') return new FailureError(`${path}: permission denied`);
  return new FailureError(`${path}: cannot be read (${code ?? (e instanceof Error ? e.message : String(e))})`);
}

/** One parsed line of a JSONL input, with its 1-based line number for messages. */
export interface JsonLine {
  line: number;
  value: unknown;
}

/**
 * Why one JSON input (a JSONL line, a case on stdin) is refused for its size, or null: larger than
 * the page size limit, the one limit of every input the command line reads.
 */
export function tooLarge(text: string): string | null {
  if (text.length <= MAX_PAGE_HTML_CHARS) return null;
  return `${(text.length / 1_000_000).toFixed(1)} million characters, over the ${MAX_PAGE_HTML_LABEL} input size limit (${MAX_PAGE_HTML_CHARS.toLocaleString('en-US')} characters)`;
}

/** One JSONL line read: its JSON value, or why it cannot be read (not JSON, too large). */
export type ReadLine = { line: number; raw: string; value: unknown } | { line: number; raw: string; error: string };

/** The non-blank lines of a JSONL input, each parsed or with its error, 1-based line numbers. */
export function readJsonLines(text: string): ReadLine[] {
  const out: ReadLine[] = [];
  text.split('\n').forEach((l, i) => {
    const raw = l.replace(/\r$/, '');
    if (raw.trim() === '') return;
    const large = tooLarge(raw);
    if (large) return out.push({ line: i + 1, raw: '', error: large });
    try {
      out.push({ line: i + 1, raw, value: JSON.parse(raw) as unknown });
    } catch (e) {
      out.push({ line: i + 1, raw, error: `not valid JSON (${e instanceof Error ? e.message : String(e)})` });
    }
  });
  return out;
}

/** The "id" of a line's JSON object, when it has a readable one (to match an error to its input). */
export function idOf(value: unknown): string | number | undefined {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * Parses JSONL: one JSON value per line, blank lines skipped. Fails on the first line that is not
 * JSON, naming it, before anything is processed (so output lines always match input lines).
 */
export function parseJsonLines(text: string, source: string): JsonLine[] {
  return readJsonLines(text).map((l) => {
    if ('error' in l) throw new FailureError(`${source} line ${l.line}: ${l.error}`);
    return { line: l.line, value: l.value };
  });
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
