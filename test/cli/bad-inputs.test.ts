import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MAX_PAGE_HTML_CHARS } from '../../lib/pages/page-limit';
import { oneLine, runCli, runInProcess } from './run-cli';

// Bad inputs for every subcommand: one line on stderr, the documented exit code (1 for input that
// cannot be used, 2 for a usage error), never a stack trace (oneLine throws on more than one line).

let dir = '';
const file = (name: string) => path.join(dir, name);
const URL = 'https://example.org/article';
const NOT_HTML = 'save the page as HTML (the browser\'s "Save Page As…", web page) and pass that file';
/** Control characters, which no message may hold. */
// eslint-disable-next-line no-control-regex -- they are what is looked for
const CONTROL = /[\u0000-\u0008\u000B-\u001F]/;
/** Bytes no text file has: a NUL among random-looking ones. */
const BINARY = Buffer.from([0x00, 0x9f, 0x92, 0x96, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x41, 0x0a, 0x7f, 0x00]);
/** Over the page size limit: a short article and a script that takes the page past 5,000,000 characters. */
const HUGE_PAGE = `<!doctype html><html><head><title>Huge</title></head><body><main><p>What is a river, and why does it flow to the sea?</p></main><script>${'x'.repeat(MAX_PAGE_HTML_CHARS + 500_000)}</script></body></html>`;
const CUT =
  /^spanlight (\w+): \S+huge\.html is 5\.5 MB, over the 5 MB page size limit: only its first 5,000,000 characters of HTML are read$/;
/** A JSONL line over the input size limit. */
const HUGE_LINE = JSON.stringify({ id: 'big', claim: 'A claim.', passage: 'x'.repeat(MAX_PAGE_HTML_CHARS + 10) });

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'spanlight-bad-inputs-'));
  writeFileSync(file('binary.html'), BINARY);
  writeFileSync(file('empty.html'), '');
  writeFileSync(file('blank.html'), ' \n\t\n');
  writeFileSync(file('plain.txt'), 'Exampleville had 412,000 residents in 2026. The bridge opened in 1853.\n');
  writeFileSync(file('data.json'), '{"title": "<p>not a page</p>"}');
  writeFileSync(file('huge.html'), HUGE_PAGE);
  mkdirSync(file('folder'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bad files of a page command, each with the line it must print. */
function pageCases(): Array<[string, string]> {
  return [
    [file('binary.html'), `${file('binary.html')} is a binary file, not an HTML page: ${NOT_HTML}`],
    [file('empty.html'), `${file('empty.html')} is empty`],
    [file('blank.html'), `${file('blank.html')} is empty`],
    [file('plain.txt'), `${file('plain.txt')} has no HTML markup (no <html>, <body>, <p>… element): ${NOT_HTML}`],
    [file('data.json'), `${file('data.json')} is JSON, not an HTML page: ${NOT_HTML}`],
    [file('missing.html'), `${file('missing.html')}: no such file`],
    [file('folder'), `${file('folder')}: is a directory, not a file`],
    [
      'docs/screenshots/sidepanel-fact-check.png',
      `docs/screenshots/sidepanel-fact-check.png is a PNG image, not an HTML page: ${NOT_HTML}`,
    ],
  ];
}

/** No search is ever asked here: a provider at a closed port would fail the test if it were. */
const OFFLINE = { SPANLIGHT_SEARCH_PROVIDER: 'searxng', SPANLIGHT_SEARCH_BASE_URL: 'http://127.0.0.1:9' };

describe.concurrent('bad pages: extract, factcheck, anchor', () => {
  for (const command of ['extract', 'factcheck', 'anchor'])
    it(`${command}: binary, empty, plain text, JSON, missing, a directory, an image: one line each, exit 1`, async ({
      expect,
    }) => {
      for (const [page, message] of pageCases()) {
        const args = command === 'anchor' ? ['anchor', page] : [command, page, '--url', URL];
        const r = await runInProcess(args, { stdin: '{"exact": "river"}\n', env: OFFLINE });
        expect(r.code, page).toBe(1);
        expect(oneLine(r.stderr), page).toBe(`spanlight ${command}: ${message}`);
        expect(r.stdout, page).toBe('');
      }
    });

  it('extract, factcheck and anchor read binary, empty and plain-text stdin as they read a file', async ({ expect }) => {
    for (const command of ['extract', 'factcheck']) {
      const cases: Array<[string, RegExp]> = [
        [BINARY.toString('latin1'), /stdin is a binary file, not an HTML page/],
        ['', /stdin is empty$/],
        ['Just a sentence or two of plain text.', /stdin has no HTML markup/],
      ];
      for (const [stdin, message] of cases) {
        const r = await runInProcess([command, '-', '--url', URL, '-q'], { stdin, env: OFFLINE });
        expect(r.code, `${command} ${message}`).toBe(1);
        expect(oneLine(r.stderr)).toMatch(message);
      }
    }
    const anchor = await runInProcess(['anchor', '-'], { stdin: '{"exact": "river"}' });
    expect(anchor.code).toBe(2);
    expect(oneLine(anchor.stderr)).toBe(
      'spanlight anchor: FILE cannot be "-" here: stdin holds the queries (see spanlight anchor --help)',
    );
  });

  it('over the page size limit: cut there and said in one line; the rest of the page is still read, exit 0', async ({
    expect,
  }) => {
    const extract = await runInProcess(['extract', file('huge.html'), '--url', URL, '--quiet']);
    expect(extract.code, extract.stderr).toBe(0);
    expect(oneLine(extract.stderr)).toMatch(CUT);
    expect((JSON.parse(extract.stdout) as { text: string }).text).toBe('What is a river, and why does it flow to the sea?');

    const factcheck = await runInProcess(['factcheck', file('huge.html'), '--url', URL, '-q'], { env: OFFLINE });
    expect(factcheck.code, factcheck.stderr).toBe(0);
    expect(oneLine(factcheck.stderr)).toMatch(CUT);
    expect((JSON.parse(factcheck.stdout) as { checkable: number }).checkable).toBe(0);

    const anchor = await runInProcess(['anchor', file('huge.html')], { stdin: '{"exact": "a river"}\n' });
    expect(anchor.code, anchor.stderr).toBe(0);
    expect(oneLine(anchor.stderr)).toMatch(CUT);
    expect(JSON.parse(anchor.stdout)).toMatchObject({ found: true, text: 'a river' });
  });

  it('a page over 1 MB prints its progress: reading, extracted, done (as a process)', async ({ expect }) => {
    const r = await runCli(['extract', file('huge.html'), '--url', URL], { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(CUT);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^spanlight extract: reading \S+huge\.html \(5\.0 MB of HTML\): extracting its main text…$/),
      expect.stringMatching(/^spanlight extract: extracted 49 B of text; splitting it into passages…$/),
      expect.stringMatching(/^spanlight extract: 1 passages, done in \d+\.\d s$/),
    ]);
  });
});

describe.concurrent('bad stdin: verify, verdict, check', () => {
  const commands: Array<[string, string[], string]> = [
    ['verify', ['verify'], 'pairs'],
    ['verdict', ['verdict'], 'claims'],
    ['check', ['check', '--jsonl'], 'cases'],
  ];
  for (const [name, args, what] of commands)
    it(`${name}: binary, plain text and a line over the size limit get their own error lines, exit 1; empty stdin is a note, exit 0`, async ({
      expect,
    }) => {
      for (const stdin of [BINARY.toString('latin1'), 'Just a sentence of plain text.\nAnd another.', HUGE_LINE]) {
        const r = await runInProcess(args, { stdin });
        expect(r.code, stdin.slice(0, 20)).toBe(1);
        expect(oneLine(r.stderr)).toMatch(new RegExp(`^spanlight ${name}: \\d+ of \\d+ lines? could not be`));
        const out = r.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { error: string });
        expect(out.length).toBe(stdin.split('\n').filter((l) => l.trim()).length);
        for (const o of out) expect(o.error).toMatch(stdin === HUGE_LINE ? /over the 5 MB input size limit/ : /not valid JSON/);
      }
      const empty = await runInProcess(args, { stdin: '' });
      expect(empty.code).toBe(0);
      expect(empty.stdout).toBe('');
      expect(oneLine(empty.stderr)).toMatch(new RegExp(`^spanlight ${name}: no ${what} on stdin`));
    });

  for (const [name, args] of commands)
    it(`${name}: a path (missing, a directory) where stdin is read: a usage error, exit 2`, async ({ expect }) => {
      for (const arg of [file('missing.jsonl'), file('folder')]) {
        const r = await runInProcess([...args, arg], { stdin: '' });
        expect(r.code, arg).toBe(2);
        expect(oneLine(r.stderr)).toMatch(new RegExp(`^spanlight ${name}: unexpected argument "${arg}"`));
      }
    });

  it('check (one case): binary, empty, plain text, over the size limit: one line, exit 1', async ({ expect }) => {
    const cases: Array<[string, RegExp]> = [
      [BINARY.toString('latin1'), /^spanlight check: stdin is not valid JSON \(/],
      ['', /^spanlight check: no case on stdin/],
      ['plain text', /^spanlight check: stdin is not valid JSON \(/],
      [JSON.stringify({ question: 'q', evidence: [], text: 'x'.repeat(MAX_PAGE_HTML_CHARS) }), /over the 5 MB input size limit/],
    ];
    for (const [stdin, message] of cases) {
      const r = await runInProcess(['check'], { stdin });
      expect(r.code, stdin.slice(0, 20)).toBe(1);
      expect(oneLine(r.stderr)).toMatch(message);
      expect(oneLine(r.stderr)).not.toMatch(CONTROL);
    }
  });
});

describe.concurrent('bad inputs: ask and eval', () => {
  it('ask: no question, or only blanks: a usage error, exit 2', async ({ expect }) => {
    for (const args of [['ask'], ['ask', ''], ['ask', '  \n ']]) {
      const r = await runInProcess(args);
      expect(r.code).toBe(2);
      expect(oneLine(r.stderr)).toMatch(/^spanlight ask: missing the question/);
    }
  });

  it('eval: a data file that is missing, a directory, empty, binary or plain text: one line, exit 1', async ({ expect }) => {
    const out = ['--out', file('eval-out')];
    const cases: Array<[string[], string | RegExp]> = [
      [['--cases', file('missing.json')], `--cases ${file('missing.json')}: no such file`],
      [['--cases', file('folder')], `${file('folder')}: no case files (*.json)`],
      [['--cases', file('binary.html')], `--cases ${file('binary.html')}: is a binary file, not JSON`],
      [['--cases', file('empty.html')], `--cases ${file('empty.html')}: is empty`],
      [['--cases', file('plain.txt')], /plain\.txt: not valid JSON \(/],
      [['--answers', file('missing.jsonl')], `--answers ${file('missing.jsonl')}: no such file`],
      [['--answers', file('folder')], `--answers ${file('folder')}: is a directory, not a file`],
      [['--answers', file('binary.html')], `--answers ${file('binary.html')}: is a binary file, not JSON`],
      [['--answers', file('empty.html')], `--answers ${file('empty.html')}: is empty`],
      [['--thresholds', file('folder')], `--thresholds ${file('folder')}: is a directory, not a file`],
      [['--thresholds', file('binary.html')], `--thresholds ${file('binary.html')}: is a binary file, not JSON`],
      [['--calibration', '--data', file('missing')], `--data ${file('missing')}: no such folder`],
      [['--judge', '--data', file('plain.txt')], `--data ${file('plain.txt')}: is a file, not a folder`],
    ];
    for (const [flags, message] of cases) {
      const r = await runInProcess(['eval', ...flags, ...(flags[0] === '--calibration' || flags[0] === '--judge' ? [] : out)]);
      expect(r.code, flags.join(' ')).toBe(1);
      const line = oneLine(r.stderr);
      if (typeof message === 'string') expect(line).toBe(`spanlight eval: ${message}`);
      else expect(line).toMatch(message);
      expect(line).not.toMatch(CONTROL);
      expect(line).not.toContain('\uFFFD');
    }
  });
});
