import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type Io } from './io';

/** One subcommand: `spanlight <name> …`. Its name and summary live in the dispatcher's list. */
export interface Command {
  /** The full text of `spanlight <name> --help`. */
  help: string;
  /** Runs with the arguments after the subcommand's name; resolves to the exit code. */
  run(argv: string[], io: Io): Promise<number>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Whether the arguments ask for help (before any "--" that ends the options). */
export function wantsHelp(argv: string[]): boolean {
  for (const a of argv) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}

/**
 * Node's parseArgs, strict, with its errors turned into one-line usage errors
 * ("unknown option --foo", "--url needs a value").
 */
export function parseFlags<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: withNegativeValues(argv, options), options, allowPositionals: true, strict: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const message = e instanceof Error ? e.message : String(e);
    const named = /'(-[^' ]+)/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${named ?? message}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${named ?? 'an option'} needs a value`);
    throw new UsageError(message.split('\n')[0]!);
  }
}

/**
 * A negative number after a flag that takes a value ("--max-claims -3") is that flag's value, so
 * the command can say what values it takes; parseArgs alone reads "-3" as a flag and the first as
 * missing its value.
 */
function withNegativeValues(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : Object.keys(options).find((k) => a === `-${options[k]!.short ?? ''}`);
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Exactly one positional argument, or a usage error naming what is missing or extra. */
export function onePositional(positionals: string[], name: string): string {
  if (positionals.length === 0) throw new UsageError(`missing ${name}`);
  if (positionals.length > 1) throw new UsageError(`expected one ${name}, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0]!;
}

/**
 * A whole number given as a flag's value, from `min` (1: a positive one) up to `max` when there is
 * one; `fallback` when the flag is absent.
 */
export function wholeNumberFlag(value: string | undefined, flag: string, fallback: number, min: number, max?: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (n >= min && (max === undefined || n <= max)) return n;
  const wanted =
    max === undefined
      ? min === 1
        ? 'a positive whole number (1, 2, 3…)'
        : `a whole number from ${min}`
      : `a whole number from ${min} to ${max}`;
  throw new UsageError(`${flag} must be ${wanted}, got "${value}"`);
}

/** An absolute http(s) URL given as a flag's value. */
export function httpUrlFlag(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${flag} must be an http(s) URL, got "${value}"`);
  return url.toString();
}
