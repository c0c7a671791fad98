import { describe, expect, it } from 'vitest';
import { oneLine, runCli, runInProcess } from './run-cli';

const evidence = [
  {
    id: 'S1',
    url: 'https://stats.example.org/census',
    title: 'Census',
    published: '2026-02-10',
    text: 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.',
  },
  {
    id: 'S2',
    url: 'https://news.example.com/growth',
    title: 'Growth',
    published: '2026-03-01',
    text: 'City planners said the population of Exampleville grew by 3.4 percent in 2025.',
  },
];
const base = { question: 'How many residents does Exampleville have?', now: '2026-11-30', evidence };

describe('spanlight check', () => {
  it('disposes of a draft as the extension does (a process, JSON on stdout)', async () => {
    const r = await runCli(['check'], {
      stdin: JSON.stringify({
        ...base,
        draft:
          'Exampleville had 412,000 residents on 1 January 2026 [S1]. It has 17 bridges [S2]. See https://evil.example [S9].',
      }),
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.mode).toBe('abstained'); // S9 does not exist: the draft is discarded
    expect(out.reason).toContain('S9');
    expect(r.stdout).not.toContain('evil.example');
  });

  it('grounded, partial, gate failures and conflicts, in the documented shape', async () => {
    const ok = JSON.parse(
      (
        await runInProcess(['check'], {
          stdin: JSON.stringify({ ...base, draft: 'Exampleville had 412,000 residents on 1 January 2026 [S1].' }),
        })
      ).stdout,
    );
    expect(ok).toMatchObject({
      mode: 'grounded',
      gate: { passed: true, failed: [] },
      sources: [{ id: 'S1', url: evidence[0]!.url, title: 'Census' }],
    });
    expect(ok.claims[0]).toMatchObject({ cites: ['S1'], status: 'supported' });

    const partial = JSON.parse(
      (
        await runInProcess(['check'], {
          stdin: JSON.stringify({
            ...base,
            draft: {
              claims: [{ text: 'Exampleville had 412,000 residents on 1 January 2026.', cites: ['S1'] }],
              unsupported: ['the 2030 forecast'],
            },
          }),
        })
      ).stdout,
    );
    expect(partial).toMatchObject({ mode: 'partial', unsupported: ['the 2030 forecast'] });

    const oneDomain = JSON.parse(
      (await runInProcess(['check'], { stdin: JSON.stringify({ ...base, evidence: [evidence[0]], draft: 'x [S1].' }) })).stdout,
    );
    expect(oneDomain.gate.failed[0].condition).toBe('independent-domains');

    const stale = JSON.parse(
      (await runInProcess(['check'], { stdin: JSON.stringify({ ...base, freshnessDays: 30, draft: 'x [S1].' }) })).stdout,
    );
    expect(stale.gate.failed.map((f: { condition: string }) => f.condition)).toEqual(['freshness']);

    const conflicting = [
      evidence[0],
      { ...evidence[1], text: 'Exampleville had 450,000 residents on 1 January 2026, the paper says.', published: '2026-02-12' },
    ];
    const conflict = JSON.parse(
      (await runInProcess(['check'], { stdin: JSON.stringify({ ...base, evidence: conflicting, draft: 'x [S1].' }) })).stdout,
    );
    expect(conflict.mode).toBe('abstained');
    expect(conflict.conflicts[0]).toMatchObject({
      about: 'residents',
      values: [
        { value: '412,000', cites: ['S1'] },
        { value: '450,000', cites: ['S2'] },
      ],
    });
  });

  it('--jsonl: one result line per case line, in order', async () => {
    const lines = [
      { ...base, draft: 'Exampleville had 412,000 residents on 1 January 2026 [S1].' },
      { ...base, draft: 'INSUFFICIENT' },
    ].map((c) => JSON.stringify(c));
    const r = await runInProcess(['check', '--jsonl'], { stdin: `${lines.join('\n')}\n` });
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).mode),
    ).toEqual(['grounded', 'abstained']);
  });

  it('bad input: a clear line on stderr and a non-zero exit', async () => {
    const invalid = await runInProcess(['check'], { stdin: '{"question": ' });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/stdin is not valid JSON/);
    const noQuestion = await runInProcess(['check'], { stdin: JSON.stringify({ question: '', evidence, draft: 'x' }) });
    expect(noQuestion.code).toBe(1);
    expect(noQuestion.stderr).toContain('"question": the case needs a question');
    const badOrigin = await runInProcess(['check'], {
      stdin: JSON.stringify({ ...base, evidence: [{ ...evidence[0], origin: 'bookmark' }], draft: 'x' }),
    });
    expect(badOrigin.code).toBe(1);
    expect(badOrigin.stderr).toMatch(/"evidence\.0\.origin": .*"web"\|"tab"|"evidence\.0\.origin": /);
    const empty = await runInProcess(['check'], { stdin: '' });
    expect(empty.code).toBe(1);
  });
});

describe('spanlight check: evidence as the extension records it (issue #14)', () => {
  const check = async (c: unknown) => {
    const r = await runInProcess(['check'], { stdin: JSON.stringify(c) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout);
  };
  const draft = 'Exampleville had 412,000 residents on 1 January 2026 [S1]. It grew by 3.4 percent in 2025 [S2].';

  it('accepts origin "tab" or "web" per evidence item, and says which in the sources', async () => {
    // Two web domains besides the tab, so the gate passes however it counts the tab (issue #14's gate work).
    const third = { id: 'S3', url: 'https://planning.example.net/report', title: 'Report', text: 'The city report.' };
    const tabbed = [{ ...evidence[0], origin: 'tab' }, { ...evidence[1], origin: 'web' }, third];
    const out = await check({ ...base, evidence: tabbed, draft });
    expect(out.mode).toBe('grounded');
    expect(out.sources.map((s: { id: string; origin: string }) => [s.id, s.origin])).toEqual([
      ['S1', 'tab'],
      ['S2', 'web'],
    ]);
  });

  it('an item without origin is a web page, as before', async () => {
    const out = await check({ ...base, draft });
    expect(out.sources.map((s: { origin: string }) => s.origin)).toEqual(['web', 'web']);
  });

  it('a null or missing title: the source is named by its URL', async () => {
    const untitled: Record<string, unknown> = { ...evidence[1] };
    delete untitled.title;
    const out = await check({ ...base, evidence: [{ ...evidence[0], title: null }, untitled], draft });
    expect(out.mode).toBe('grounded');
    expect(out.sources.map((s: { title: string }) => s.title)).toEqual([evidence[0]!.url, evidence[1]!.url]);
  });

  it('empty or absent evidence is "nothing found", a result (exit 0), not an error', async () => {
    for (const c of [
      { ...base, evidence: [], draft: 'Exampleville has 412,000 residents [S1].' },
      { question: base.question, draft: 'INSUFFICIENT' },
    ]) {
      const out = await check(c);
      expect(out).toMatchObject({ mode: 'nothing-found', claims: [], sources: [] });
      expect(out.reason).toMatch(/nothing was found/);
    }
  });

  it('--jsonl answers every good line and puts an error object on each bad one, in order; exit 1 at the end', async () => {
    const good = JSON.stringify({ ...base, draft });
    const lines = [good, 'not json', JSON.stringify({ ...base, evidence: [{ ...evidence[0], url: '' }], draft }), '', good];
    const r = await runInProcess(['check', '--jsonl'], { stdin: `${lines.join('\n')}\n` });
    expect(r.code).toBe(1);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out).toHaveLength(4);
    expect(out[0].mode).toBe('grounded');
    expect(out[1]).toEqual({ line: 2, error: expect.stringMatching(/^not valid JSON/) });
    expect(out[2]).toEqual({ line: 3, error: expect.stringMatching(/^"evidence\.0\.url": /) });
    expect(out[3].mode).toBe('grounded');
    expect(oneLine(r.stderr)).toBe(
      'spanlight check: 2 of 4 lines could not be checked (stdin line 2, 3): each has {"line", "error"} in its place on stdout',
    );
  });

  it('a refusal prints its best passages, as spanlight ask does (JSON best[], Markdown "## Best passages found")', async () => {
    const census = { ...evidence[0]!, text: `The office opened in 1990. ${evidence[0]!.text} It counts every year.` };
    // The gate's refusal: one publisher.
    const gated = await runCli(['check'], { stdin: JSON.stringify({ ...base, evidence: [census], draft: 'x [S1].' }) });
    expect(gated.code, gated.stderr).toBe(0);
    const out = JSON.parse(gated.stdout);
    expect(out.mode).toBe('abstained');
    expect(out.best).toEqual([
      {
        spanId: 'S1',
        sentence: evidence[0]!.text,
        link: expect.stringMatching(/^https:\/\/stats\.example\.org\/census#:~:text=opened%20in%201990\.-,The%20census/),
      },
    ]);
    // A refusal after the gate (verification dropped every claim): its best passages too, from what was composed over.
    const dropped = JSON.parse(
      (await runInProcess(['check'], { stdin: JSON.stringify({ ...base, draft: 'Exampleville has 17 bridges [S2].' }) })).stdout,
    );
    expect(dropped).toMatchObject({ mode: 'abstained', refusal: { code: 'no-claim-supported' } });
    expect(dropped.best.map((b: { spanId: string }) => b.spanId)).toEqual(['S1', 'S2']);

    const md = await runInProcess(['check', '--format', 'markdown'], {
      stdin: JSON.stringify({ ...base, evidence: [census], draft: 'x [S1].' }),
    });
    expect(md.code, md.stderr).toBe(0);
    const lines = md.stdout.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      `# ${base.question}`,
      '',
      '**No answer: the evidence is not enough.**',
      '',
      'Only 1 independent source (example.org); at least 2 are required.',
    ]);
    const at = lines.indexOf('## Best passages found');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toBe(`1. “${evidence[0]!.text}” — [S1] Census, stats.example.org (web, published 2026-02-10 (meta))`);
    expect(lines[at + 3]).toBe(`   ${out.best[0].link}`);
    // A grounded case has no best passages: its sources instead.
    const ok = await runInProcess(['check', '--format', 'markdown'], {
      stdin: JSON.stringify({ ...base, draft: 'Exampleville had 412,000 residents on 1 January 2026 [S1].' }),
    });
    expect(ok.stdout).toContain('Exampleville had 412,000 residents on 1 January 2026. [S1]');
    expect(ok.stdout).toContain('## Sources');
    expect(ok.stdout).not.toContain('## Best passages found');
    expect((await runInProcess(['check', '--format', 'html'], { stdin: '{}' })).code).toBe(2);
  });

  it('--jsonl with every line good exits 0', async () => {
    const r = await runInProcess(['check', '--jsonl'], { stdin: `${JSON.stringify({ ...base, draft })}\n` });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('spanlight verify', () => {
  it('JSONL pairs in, verdicts with reasons out, in order', async () => {
    const stdin = [
      { id: 'a', claim: 'Exampleville had 412,000 residents on 1 January 2026.', passage: evidence[0]!.text },
      { id: 'b', claim: 'Exampleville had 500,000 residents on 1 January 2026.', passage: evidence[0]!.text },
    ]
      .map((p) => JSON.stringify(p))
      .join('\n');
    const r = await runInProcess(['verify'], { stdin });
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => [o.id, o.verdict])).toEqual([
      ['a', 'supported'],
      ['b', 'unsupported'],
    ]);
    expect(out[1].reasons.join(' ')).toContain('500,000');
  });

  it('a bad line gets its own error line in its place; the good ones are answered; exit 1', async () => {
    const good = { id: 'a', claim: 'Exampleville had 412,000 residents on 1 January 2026.', passage: evidence[0]!.text };
    const stdin = [JSON.stringify(good), 'not json', '', JSON.stringify({ id: 7 }), JSON.stringify({ ...good, id: 'b' })].join(
      '\n',
    );
    const r = await runInProcess(['verify'], { stdin });
    expect(r.code).toBe(1);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => [o.id, o.verdict ?? o.error])).toEqual([
      ['a', 'supported'],
      [undefined, expect.stringMatching(/^stdin line 2: not valid JSON/)],
      [7, 'stdin line 4: "claim" Invalid input: expected string, received undefined'],
      ['b', 'supported'],
    ]);
    expect(oneLine(r.stderr)).toBe(
      'spanlight verify: 2 of 4 lines could not be read (stdin line 2, 4): each has {"error"} in its place on stdout',
    );
  });

  it('no pairs (empty stdin): a note, nothing on stdout, exit 0', async () => {
    const r = await runInProcess(['verify'], { stdin: '\n\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toMatch(/^spanlight verify: no pairs on stdin/);
  });

  it('bad input and --judge without a model are one-line errors', async () => {
    const bad = await runInProcess(['verify'], { stdin: '{"id": 1}\n' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('stdin line 1');
    const judge = await runInProcess(['verify', '--judge'], { stdin: '{"id":1,"claim":"a b c","passage":"d e f"}\n' });
    expect(judge.code).toBe(2);
    expect(judge.stderr).toContain('SPANLIGHT_MODEL_BASE_URL');
  });
});
