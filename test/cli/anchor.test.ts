import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { oneLine, runCli, runInProcess } from './run-cli';

const HTML = `<!doctype html><html><head><title>Town notes</title>
<script>var quote = "The tram line closed in 1952";</script></head>
<body>
<p>The river   bridge
   opened in <b>1887</b>, after six years of work on its stone piers.</p>
<div hidden><p>The old ferry stopped running when the bridge opened.</p></div>
<p style="display: none">A sentence that no reader of the page can see.</p>
<p>Markets were held every <em>Thursday</em> on the cathedral square.</p>
<p>First market hall: open every week from spring to autumn.</p>
<p>Second market hall: open every week from spring to autumn.</p>
</body></html>`;

interface AnchorLine {
  found: boolean;
  text: string;
  start: number;
  end: number;
  score: number;
}

let dir: string;
let page: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'spanlight-anchor-'));
  page = path.join(dir, 'page.html');
  writeFileSync(page, HTML);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const jsonl = (...queries: unknown[]) => queries.map((q) => JSON.stringify(q)).join('\n') + '\n';
const NOT_FOUND = { found: false, text: '', start: -1, end: -1, score: 0 };

describe.concurrent('spanlight anchor', () => {
  it('answers each query in order: exact, perturbed whitespace, fuzzy, absent, hidden, context-disambiguated', async ({
    expect,
  }) => {
    const r = await runCli(['anchor', page], {
      stdin: jsonl(
        { exact: 'The river bridge opened in 1887' },
        { exact: 'The  river\n bridge   opened\tin 1887' },
        { exact: 'Markets were held every Thursday on the cathedral sqare.' },
        { exact: 'The tram line closed in 1952' },
        { exact: 'A sentence that no reader of the page can see.' },
        { exact: 'The old ferry stopped running when the bridge opened.' },
        { exact: 'open every week from spring to autumn', prefix: 'Second market hall: ' },
        { exact: 'open every week from spring to autumn', prefix: 'First market hall: ', hint: 0.5 },
      ),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(8);
    const [exact, spaced, fuzzy, absent, styleHidden, attrHidden, second, first] = lines.map((l) => JSON.parse(l) as AnchorLine);

    expect(exact).toMatchObject({ found: true, text: 'The river bridge opened in 1887', score: 1 });
    expect(exact!.end - exact!.start).toBe(exact!.text.length);
    // The same place, whatever the whitespace of the query.
    expect(spaced).toEqual(exact);

    expect(fuzzy!.found).toBe(true);
    expect(fuzzy!.text).toContain('Markets were held every Thursday on the cathedral squ');
    expect(fuzzy!.score).toBeGreaterThanOrEqual(0.7);
    expect(fuzzy!.score).toBeLessThan(1);

    // In a <script>, hidden by style, hidden by attribute: not visible text, so not found.
    expect(absent).toEqual(NOT_FOUND);
    expect(styleHidden).toEqual(NOT_FOUND);
    expect(attrHidden).toEqual(NOT_FOUND);

    // The prefix picks the occurrence.
    expect(second!.text).toBe('open every week from spring to autumn');
    expect(first!.text).toBe('open every week from spring to autumn');
    expect(second!.start).toBeGreaterThan(first!.start);
    expect(second!.start).toBeGreaterThan(fuzzy!.end);
  });

  it('a line that is not JSON stops the command before any answer, naming the line; exit 1', async ({ expect }) => {
    const r = await runCli(['anchor', page], { stdin: '{"exact":"The river bridge"}\n\n{"exact": "unterminated\n' });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/^spanlight anchor: stdin line 3: not valid JSON \(/);
    expect(r.stdout).toBe('');
  });

  it('a query of the wrong shape names the line and the field; exit 1', async ({ expect }) => {
    const cases: Array<[string, string]> = [
      [jsonl({ exact: 'ok' }, { prefix: 'no exact' }), 'stdin line 2: "exact" must be a non-empty string'],
      [jsonl({ exact: '' }), 'stdin line 1: "exact" must be a non-empty string'],
      [jsonl({ exact: 'x', hint: 1.5 }), 'stdin line 1: "hint" must be a number from 0 to 1'],
      [jsonl(['The river bridge']), 'stdin line 1: expected an object like {"exact": "…"}'],
    ];
    for (const [stdin, message] of cases) {
      const r = await runInProcess(['anchor', page], { stdin });
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toBe(`spanlight anchor: ${message}`);
      expect(r.stdout).toBe('');
    }
  });

  it('no queries: nothing on stdout, a note on stderr, exit 0', async ({ expect }) => {
    const r = await runInProcess(['anchor', page], { stdin: '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toBe('spanlight anchor: no queries on stdin');
  });

  it('a missing file is exit 1; no FILE or an unknown option is exit 2', async ({ expect }) => {
    const missing = await runInProcess(['anchor', path.join(dir, 'absent.html')], { stdin: jsonl({ exact: 'x' }) });
    const noFile = await runInProcess(['anchor'], { stdin: jsonl({ exact: 'x' }) });
    const unknown = await runInProcess(['anchor', page, '--exact', 'x']);
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr)).toBe(`spanlight anchor: ${path.join(dir, 'absent.html')}: no such file`);
    expect(noFile.code).toBe(2);
    expect(oneLine(noFile.stderr)).toMatch(/^spanlight anchor: missing FILE .*\(see spanlight anchor --help\)$/);
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.stderr)).toMatch(/^spanlight anchor: unknown option --exact /);
  });
});
