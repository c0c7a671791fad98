import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { MAX_PAGE_HTML_CHARS } from '../../lib/pages/page-limit';
import { oneLine, runCli, runInProcess } from './run-cli';

const NAMES = ['ask', 'verdict', 'factcheck', 'extract', 'anchor', 'eval'];

describe.concurrent('spanlight: the dispatcher, as a process', () => {
  it('--help lists every command, on stdout, exit 0', async ({ expect }) => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: spanlight <command>/);
    for (const name of NAMES) expect(r.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    expect(r.stderr).toBe('');
  });

  it('an unknown command is a usage error naming it, exit 2', async ({ expect }) => {
    const r = await runCli(['frobnicate', 'x']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      'spanlight: unknown command "frobnicate" (commands: ask, check, verify, verdict, factcheck, extract, anchor, eval; see spanlight --help)',
    );
    expect(r.stdout).toBe('');
  });
});

describe('spanlight: the dispatcher, in process', () => {
  it('every command has --help and -h, on stdout, exit 0', async ({ expect }) => {
    for (const name of NAMES)
      for (const flag of ['--help', '-h']) {
        const r = await runInProcess([name, flag]);
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^Usage: spanlight ${name} `));
        expect(r.stderr).toBe('');
      }
  });

  it('--help wins over anything else on the line; after "--" it is an argument', async ({ expect }) => {
    expect((await runInProcess(['extract', 'no-such-file', '--bogus', '--help'])).code).toBe(0);
    const r = await runInProcess(['extract', '--url', 'https://example.org/', '--', '--help']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe('spanlight extract: --help: no such file');
  });

  it('no command, or an option instead of one: usage errors, exit 2', async ({ expect }) => {
    const none = await runInProcess([]);
    expect(none.code).toBe(2);
    expect(oneLine(none.stderr)).toBe(
      'spanlight: missing command (commands: ask, check, verify, verdict, factcheck, extract, anchor, eval; see spanlight --help)',
    );
    const option = await runInProcess(['--verbose']);
    expect(option.code).toBe(2);
    expect(oneLine(option.stderr)).toBe(
      'spanlight: unknown option --verbose (commands: ask, check, verify, verdict, factcheck, extract, anchor, eval; see spanlight --help)',
    );
  });

  it('--version prints the package version', async ({ expect }) => {
    const r = await runInProcess(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('the page size limit, as documented', () => {
  it('--help, docs/command-line.md and the README give the limit in force, and the exit codes', async ({ expect }) => {
    const figure = MAX_PAGE_HTML_CHARS.toLocaleString('en-US');
    const help = (await runInProcess(['--help'])).stdout;
    expect(help).toContain(`A page is read up to ${MAX_PAGE_HTML_CHARS / 1e6} MB of HTML (${figure} characters`);
    const docs = readFileSync('docs/command-line.md', 'utf8');
    expect(docs).toContain(`**The page size limit is ${MAX_PAGE_HTML_CHARS / 1e6} MB of HTML** (${figure} characters`);
    for (const code of ['0', '1', '2']) expect(docs).toMatch(new RegExp(`^\\| ${code} +\\| `, 'm'));
    expect(readFileSync('README.md', 'utf8')).toContain(`A page is read up to ${MAX_PAGE_HTML_CHARS / 1e6} MB of HTML`);
  });
});
