import { readFileSync } from 'node:fs';
import { MAX_PAGE_HTML_CHARS, MAX_PAGE_HTML_LABEL } from '../lib/pages/page-limit';
import { wantsHelp, type Command } from './command';
import { FailureError, UsageError, type Io } from './io';

interface CommandEntry {
  name: string;
  /** One line for `spanlight --help`. */
  summary: string;
  /** Loaded on use, so one command's dependencies (the model SDK…) never slow another down. */
  load(): Promise<Command>;
}

const COMMANDS: CommandEntry[] = [
  {
    name: 'ask',
    summary: 'question → searched, cited, verified answer (the full pipeline; JSON or Markdown)',
    load: async () => (await import('./commands/ask')).askCommand,
  },
  {
    name: 'check',
    summary: 'frozen evidence + a model draft (JSON on stdin) → the disposed result: gate, citations, verification',
    load: async () => (await import('./commands/check')).checkCommand,
  },
  {
    name: 'verify',
    summary: 'claim/passage pairs (JSONL) → supported / unsupported / uncertain, with reasons',
    load: async () => (await import('./commands/verify')).verifyCommand,
  },
  {
    name: 'verdict',
    summary: 'claims with their evidence (JSONL) → the fact-check verdict per claim: supported, contradicted, mixed, not found',
    load: async () => (await import('./commands/verdict')).verdictCommand,
  },
  {
    name: 'factcheck',
    summary: 'saved HTML page → its claims, ranked, the top ones checked against independent evidence (JSON or --jsonl)',
    load: async () => (await import('./commands/factcheck')).factcheckCommand,
  },
  {
    name: 'extract',
    summary: 'HTML file → title, publication date, main text and passages',
    load: async () => (await import('./commands/extract')).extractCommand,
  },
  {
    name: 'anchor',
    summary: 'HTML file + quotes (JSONL on stdin) → where each quote is in the visible text',
    load: async () => (await import('./commands/anchor')).anchorCommand,
  },
  {
    name: 'eval',
    summary: 'the frozen evaluation set and labelled answers → groundedness metrics, held to thresholds (--live: a real model)',
    load: async () => (await import('./commands/eval')).evalCommand,
  },
];

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: spanlight <command> [arguments]

The Spanlight pipeline on the command line: answers and evidence you can check.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run "spanlight <command> --help" for a command's arguments.

Results are JSON on stdout; progress and errors go to stderr.
A page is read up to ${MAX_PAGE_HTML_LABEL} of HTML (${MAX_PAGE_HTML_CHARS.toLocaleString('en-US')} characters, the extension's limit too): a
longer one is cut there, and the cut said on stderr; a file that is not HTML is refused.
Exit codes: 0 done, 1 the work failed (unreadable input, provider unavailable), 2 usage error.
SPANLIGHT_DEBUG=1 adds the stack trace to an unexpected error.`;
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Runs one command line; resolves to the exit code. Every failure is one line on stderr. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(`spanlight: missing command (commands: ${COMMANDS.map((c) => c.name).join(', ')}; see spanlight --help)`);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    await io.out(`${mainHelp()}\n`);
    return 0;
  }
  if (name === '--version') {
    await io.out(`${version()}\n`);
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    const what = name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"`;
    io.err(`spanlight: ${what} (commands: ${COMMANDS.map((c) => c.name).join(', ')}; see spanlight --help)`);
    return 2;
  }
  try {
    const command = await entry.load();
    if (wantsHelp(rest)) {
      await io.out(`${command.help}\n`);
      return 0;
    }
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`spanlight ${name}: ${printable(e.message)} (see spanlight ${name} --help)`);
      return e.exitCode;
    }
    if (e instanceof FailureError) {
      io.err(`spanlight ${name}: ${printable(e.message)}`);
      return e.exitCode;
    }
    const message = printable(e instanceof Error ? e.message : String(e));
    io.err(`spanlight ${name}: unexpected error: ${message}`);
    if (io.env.SPANLIGHT_DEBUG === '1' && e instanceof Error && e.stack) io.err(e.stack);
    return 1;
  }
}

/**
 * A message as one line a terminal shows as it is: its first line, without control characters
 * (a parser's error may quote bytes of a binary file) and without runs of unreadable bytes.
 */
export function printable(message: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this takes out
  const controls = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
  return (message.split('\n')[0] ?? '').replace(controls, '?').replace(/\uFFFD+/g, '?');
}
