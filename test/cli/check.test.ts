import { describe, expect, it } from 'vitest';
import { runCli, runInProcess } from './run-cli';

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
    const noEvidence = await runInProcess(['check'], { stdin: JSON.stringify({ question: 'q', evidence: [], draft: 'x' }) });
    expect(noEvidence.code).toBe(1);
    expect(noEvidence.stderr).toContain('"evidence": the case has no evidence');
    const badLine = await runInProcess(['check', '--jsonl'], { stdin: `${JSON.stringify({ ...base, draft: 'x' })}\nnot json\n` });
    expect(badLine.code).toBe(1);
    expect(badLine.stderr).toContain('line 2');
    const empty = await runInProcess(['check'], { stdin: '' });
    expect(empty.code).toBe(1);
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

  it('bad input and --judge without a model are one-line errors', async () => {
    const bad = await runInProcess(['verify'], { stdin: '{"id": 1}\n' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('stdin line 1');
    const judge = await runInProcess(['verify', '--judge'], { stdin: '{"id":1,"claim":"a b c","passage":"d e f"}\n' });
    expect(judge.code).toBe(2);
    expect(judge.stderr).toContain('SPANLIGHT_MODEL_BASE_URL');
  });
});
