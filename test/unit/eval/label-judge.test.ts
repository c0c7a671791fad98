import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeClaims } from '@/lib/verdict/judge';
import { LabelBook, labelJudge, seededDraw } from '@/lib/eval/label-judge';
import { factCheckJudgeEval, type JudgedFactCheckRow } from '@/lib/eval/judge-eval';
import { runInProcess } from '../../cli/run-cli';

// Hand-written claims and sentences (not from the data sets).
const CLAIM = 'The Arn bridge opened to traffic in 2019.';
const FOR = 'Local papers wrote that the Arn bridge carried its first cars in 2019.';
const AGAINST = 'Works on the Arn crossing ran late, and no car used the bridge that year.';
const SILENT = 'The Arn is a slow river that floods the meadows of Exampleville every spring.';

const book = () => new LabelBook().add(CLAIM, FOR, 'supports').add(CLAIM, AGAINST, 'contradicts').add(CLAIM, SILENT, 'neither');
const item = (texts: string[]) => ({ claim: CLAIM, spans: texts.map((text, i) => ({ spanId: `S${i + 1}`, text })) });

describe('the label-answering judge: the dev labels through the real judge prompt and reply schema', () => {
  it('reads the prompt the code sends and answers each passage as labelled, with a quote the code finds', async () => {
    const model = labelJudge(book());
    const o = await judgeClaims(model, [item([FOR, AGAINST, SILENT])]);
    expect(o.ignored).toEqual([]);
    expect(o.verdicts.get(0)!.map((f) => [f.verdict, f.spanId])).toEqual([
      ['supports', 'S1'],
      ['contradicts', 'S2'],
    ]);
    expect(model.log.said.map((s) => s.answer)).toEqual(['supports', 'contradicts', 'neither']);
    expect(model.log.calls).toBe(1);
  });

  it('in the earlier reply shape (one verdict per claim), still read by the judge: its first supporting passage', async () => {
    const o = await judgeClaims(labelJudge(book(), { oneVerdictPerClaim: true }), [item([AGAINST, FOR]), item([SILENT])]);
    expect(o.ignored).toEqual([]);
    expect(o.verdicts.get(0)!.map((f) => [f.verdict, f.spanId])).toEqual([['supports', 'S2']]);
    expect(o.verdicts.get(1)).toEqual([]);
  });

  it('a passage the labels do not know is "neither"; spacing and case do not hide a labelled one', async () => {
    const model = labelJudge(book());
    const o = await judgeClaims(model, [
      { claim: CLAIM.toUpperCase(), spans: [{ spanId: 'S1', text: `  ${FOR.replace(/ /g, '  ')}` }] },
      item(['The Arn bridge has two lanes and a cycle path on its eastern side.']),
    ]);
    expect(o.verdicts.get(0)!.map((f) => f.verdict)).toEqual(['supports']);
    expect(o.verdicts.get(1)).toEqual([]);
    expect(model.log.said[1]!.label).toBeUndefined();
  });

  it('wrong on a seeded share: every item flipped at 1, the same items for the same seed, about the share asked on many', async () => {
    const all = labelJudge(book(), { wrongShare: 1 });
    await judgeClaims(all, [item([FOR, AGAINST, SILENT])]);
    expect(all.log.said.map((s) => s.answer)).toEqual(['contradicts', 'supports', 'supports']);
    const draws = Array.from({ length: 2000 }, (_, i) => seededDraw(7, `claim ${i}\npassage ${i * 31}`));
    expect(draws).toEqual(Array.from({ length: 2000 }, (_, i) => seededDraw(7, `claim ${i}\npassage ${i * 31}`)));
    const share = draws.filter((d) => d < 0.2).length / draws.length;
    expect(share).toBeGreaterThan(0.17);
    expect(share).toBeLessThan(0.23);
    expect(seededDraw(8, 'claim 1\npassage 31')).not.toBe(seededDraw(7, 'claim 1\npassage 31'));
  });

  it('in the fact-check flow: a disputed claim comes out mixed; a bad judge’s false support is counted before and after disposal', async () => {
    const rows: JudgedFactCheckRow[] = [
      {
        id: 'c1',
        kind: 'claim',
        claim: CLAIM,
        label: 'mixed',
        evidence: [
          { id: 'S1', url: 'https://a.example/1', text: FOR, label: 'supported' },
          { id: 'S2', url: 'https://b.example/2', text: AGAINST, label: 'contradicted' },
          { id: 'S3', url: 'https://c.example/3', text: SILENT, label: 'not-found' },
        ],
      },
      {
        id: 'p1',
        kind: 'pair',
        claim: CLAIM,
        label: 'not-found',
        evidence: [{ id: 'S1', url: 'https://c.example/3', text: SILENT, label: 'not-found' }],
      },
      {
        id: 'p2',
        kind: 'pair',
        claim: 'The Arn bridge was not opened to traffic in 2019.',
        label: 'contradicted',
        evidence: [
          { id: 'S1', url: 'https://d.example/4', text: 'The Arn bridge was opened to traffic in 2019.', label: 'contradicted' },
        ],
      },
    ];
    const { good, bad } = await factCheckJudgeEval(rows, 1, 3);
    expect(good.claimsAgree).toEqual({ n: 1, of: 1, value: 1 });
    expect(good.disputedMixed).toEqual({ n: 1, of: 1, value: 1 });
    expect(good.falseSupportAfter.n).toBe(0);
    // Wrong on every item: the silent pair is shown supported; the code reads the second pair's
    // sentence as a sure denial of its claim and settles it itself (contradicted), before any judge.
    expect(bad.falseSupportBefore).toEqual({ n: 1, of: 2, value: 0.5 });
    expect(bad.falseSupportAfter).toEqual({ n: 1, of: 2, value: 0.5 });
    expect(bad.pairContradictionKept).toEqual({ n: 1, of: 1, value: 1 });
  });
});

describe('spanlight eval --judge', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spanlight-judge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'factcheck'));
  mkdirSync(path.join(dir, 'verification'));
  const row = {
    id: 'c1',
    source: 'test',
    kind: 'claim',
    claim: CLAIM,
    label: 'mixed',
    evidence: [
      { id: 'S1', url: 'https://a.example/1', text: FOR, label: 'supported' },
      { id: 'S2', url: 'https://b.example/2', text: AGAINST, label: 'contradicted' },
    ],
  };
  writeFileSync(path.join(dir, 'factcheck/climate-fever-dev.jsonl'), `${JSON.stringify(row)}\n`);
  const holds = path.join(dir, 'holds.json');
  writeFileSync(holds, JSON.stringify({ frozen: {}, labelJudge: { 'factCheck.good.disputedMixed': { min: 0.95 } } }));
  const fails = path.join(dir, 'fails.json');
  writeFileSync(
    fails,
    JSON.stringify({ frozen: {}, labelJudge: { 'factCheck.good.claimsAgree': { min: 1.01 }, 'nope.x': { min: 0 } } }),
  );

  it('prints the good and the bad judge’s figures, skips (and says) a set that is absent, holds the labelJudge thresholds', async () => {
    const r = await runInProcess(['eval', '--judge', '--data', dir, '--thresholds', holds]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/disputed claims shown as mixed\s+1\.000 1\/1/);
    expect(r.stdout).toContain('wrong on 20%');
    expect(r.stdout).toMatch(/answers-dev\.jsonl not found/);
    expect(r.stdout).toContain('thresholds (1, ');
    const failed = await runInProcess(['eval', '--judge', '--data', dir, '--thresholds', fails, '--json']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/labelJudge\.factCheck\.good\.claimsAgree 1 < min 1\.01/);
    expect(failed.stderr).toMatch(/labelJudge\.nope\.x: unknown metric/);
  });

  it('bad options are usage errors', async () => {
    expect((await runInProcess(['eval', '--judge', '--wrong', '2'])).code).toBe(2);
    expect((await runInProcess(['eval', '--judge', '--seed', 'x'])).code).toBe(2);
    expect((await runInProcess(['eval', '--wrong', '0.1'])).code).toBe(2);
    expect((await runInProcess(['eval', '--judge', '--calibration'])).code).toBe(2);
  });
});
