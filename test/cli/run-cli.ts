import { spawn } from 'node:child_process';
import path from 'node:path';
import { main } from '../../cli/main';

/** The launcher `npx spanlight` and `npm run cli` run. */
const BIN = path.resolve('bin/spanlight.js');

export interface CliRun {
  /** Exit code; null when the process was killed (timed out). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `spanlight …` as a child process, the way a person does: its own environment (none of the
 * parent's SPANLIGHT_* variables), stdin closed unless given, killed after `timeoutMs`.
 */
export function runCli(
  args: string[],
  options: { stdin?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliRun> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('SPANLIGHT_')) env[k] = v;
  Object.assign(env, options.env);
  const timeoutMs = options.timeoutMs ?? 20_000;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      stderr += `\n[runCli: killed after ${timeoutMs} ms]`;
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => undefined); // The command may exit before reading stdin (a usage error).
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * Runs the same command line in this process, through the same dispatcher and commands, with stdin,
 * environment and output in memory: for the many bad-input cases, where a process each would cost
 * seconds. The child-process runs above cover the launcher, real streams and exit codes.
 */
export async function runInProcess(
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    out: async (text) => {
      stdout += text;
    },
    err: (line) => {
      stderr += line.endsWith('\n') ? line : `${line}\n`;
    },
    readStdin: async () => options.stdin ?? '',
    stdinIsTty: false,
    env: options.env ?? {},
    now: () => new Date(),
  });
  return { code, stdout, stderr };
}

/** The single line a failure is said in: throws when stderr holds more (a stack trace, a second line). */
export function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  if (lines.length !== 1 || /^\s+at /m.test(stderr)) throw new Error(`expected one line on stderr, got:\n${stderr}`);
  return lines[0]!;
}
