import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '@/lib/eval/report';
import { loadCases } from '@/lib/eval/load';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { oneLine, runCli, runInProcess } from '../cli/run-cli';

const MODEL_KEY = 'eval-model-key-do-not-print';
let out: string;
let model: FakeOpenAi;

// The frozen answerable cases, by question: the fake model answers each with the case's scripted draft.
const answerable = loadCases('test/eval/cases/answerable.json');
const draftFor = (prompt: string) => {
  const c = answerable.find((x) => prompt.includes(`Question: ${x.question}`));
  if (!c) return 'INSUFFICIENT';
  return typeof c.draft === 'string' ? c.draft : JSON.stringify(c.draft);
};

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'spanlight-eval-'));
  model = await startFakeOpenAi({
    apiKey: MODEL_KEY,
    reply: (body) => draftFor(body.messages.find((m) => m.role === 'user')?.content ?? ''),
  });
});

afterAll(async () => {
  await model?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('spanlight eval', () => {
  it('--help documents the metrics, --json and --live with the model variables', async () => {
    const r = await runInProcess(['eval', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: spanlight eval /);
    for (const word of [
      '--json',
      '--live',
      'SPANLIGHT_MODEL_BASE_URL',
      'SPANLIGHT_MODEL_KEY',
      'SPANLIGHT_MODEL ',
      'citation precision',
    ])
      expect(r.stdout).toContain(word);
    expect(r.stderr).toBe('');
  });

  it('--live without a model: a clear one-line usage error, exit 2, nothing run', async () => {
    const r = await runInProcess(['eval', '--live', '--out', out]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^spanlight eval: --live needs a model: set SPANLIGHT_MODEL_BASE_URL/);
    expect(r.stdout).toBe('');
  });

  it('--live with a model URL that is not one: a usage error naming the variable', async () => {
    const r = await runInProcess(['eval', '--live'], { env: { SPANLIGHT_MODEL_BASE_URL: 'localhost:11434' } });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain('SPANLIGHT_MODEL_BASE_URL must be an http(s) URL');
  });

  it('prints the table, writes the reports, exit 0 while the thresholds hold', async () => {
    const r = await runInProcess(['eval', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^spanlight eval \(scripted\): \d+ frozen cases/);
    for (const row of ['citation precision', 'citation coverage', 'refused when expected', 'answered when expected'])
      expect(r.stdout).toContain(row);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as EvalReport;
    expect(report.kind).toBe('scripted');
    expect(report.thresholds?.passed).toBe(true);
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toMatch(/^# Spanlight evaluation \(scripted\)/);
  });

  it('--json prints the report; a threshold not met exits 1 naming the metric', async () => {
    const strict = path.join(out, 'strict.json');
    writeFileSync(strict, JSON.stringify({ frozen: { citationPrecision: { min: 1.01 } } }));
    const r = await runInProcess(['eval', '--json', '--out', out, '--thresholds', strict]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'scripted', thresholds: { passed: false } });
    expect(oneLine(r.stderr)).toMatch(/^spanlight eval: 1 metric below threshold: frozen\.citationPrecision [\d.]+ < min 1\.01$/);
  });

  it('bad input: a missing case path, an invalid case file, an unknown option', async () => {
    const missing = await runInProcess(['eval', '--cases', 'no/such/dir', '--out', out]);
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr)).toBe('spanlight eval: --cases no/such/dir: no such file');

    const bad = path.join(out, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([
        {
          id: 'no-evidence',
          category: 'answerable',
          question: 'q',
          now: '2026-11-30',
          evidence: [],
          draft: 'x',
          expect: { mode: 'grounded' },
        },
      ]),
    );
    const invalid = await runInProcess(['eval', '--cases', bad, '--out', out]);
    expect(invalid.code).toBe(1);
    expect(oneLine(invalid.stderr)).toMatch(/bad\.json, case 1 "no-evidence": "evidence": the case has no evidence$/);

    const unknown = await runInProcess(['eval', '--fast']);
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.stderr)).toBe('spanlight eval: unknown option --fast (see spanlight eval --help)');
  });

  it('--live composes over the frozen evidence with the model and disposes of its drafts with the same code', async () => {
    const before = model.chats.length;
    const r = await runInProcess(['eval', '--live', '--json', '--cases', 'test/eval/cases/answerable.json', '--out', out], {
      env: { SPANLIGHT_MODEL_BASE_URL: model.baseUrl, SPANLIGHT_MODEL_KEY: MODEL_KEY, SPANLIGHT_MODEL: 'fake-model' },
    });
    expect(r.code, r.stderr).toBe(0);
    const live = JSON.parse(r.stdout) as EvalReport;
    expect(live).toMatchObject({ kind: 'live', frozen: { cases: answerable.length } });
    expect(live.model).toMatch(/^fake-model at 127\.0\.0\.1:\d+$/);
    // A model that writes the scripted drafts gets the scripted modes; cases the gate refuses never reach it.
    const scripted = await runInProcess(['eval', '--json', '--cases', 'test/eval/cases/answerable.json', '--out', out]);
    const modes = (rep: EvalReport) => Object.fromEntries(rep.frozen.outcomes.map((o) => [o.id, o.mode]));
    expect(modes(live)).toEqual(modes(JSON.parse(scripted.stdout) as EvalReport));
    const refusedByGate = live.frozen.outcomes.filter((o) => o.mode === 'abstained').length;
    expect(model.chats.length - before).toBe(answerable.length - refusedByGate);
    expect(live.frozen.overall.citationPrecision.value).toBeNull(); // no labels for a model's drafts
    expect(readFileSync(path.join(out, 'live-report.md'), 'utf8')).toMatch(/^# Spanlight evaluation \(live\)/);
    expect(r.stderr).not.toContain(MODEL_KEY);
  });

  it('runs as a process through the launcher (npm run eval)', async () => {
    const r = await runCli(['eval', '--out', out], { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('citation precision');
  });
});

describe('spanlight eval --calibration', () => {
  // A few lines written for the test, in each file's format: enough to fit and measure, fast.
  const data = mkdtempSync(path.join(os.tmpdir(), 'spanlight-calibration-'));
  const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const museum = 'The Berg Museum opened in 1901 in the old harbour warehouse. It welcomes about 1,200 visitors a week.';
  it('prints both ways of fitting per set, and exits 1 when the constants in force are not what the fit gives', async () => {
    const v = path.join(data, 'verification');
    const f = path.join(data, 'factcheck');
    mkdirSync(v, { recursive: true });
    mkdirSync(f, { recursive: true });
    writeFileSync(
      path.join(v, 'pairs-dev.jsonl'),
      jsonl([
        { id: 'p1', source: 'wice', claim: 'The Berg Museum opened in 1901.', passage: museum, url: null, label: 'supported' },
        { id: 'p2', source: 'wice', claim: 'The Berg Museum opened in 1899.', passage: museum, url: null, label: 'unsupported' },
        {
          id: 'p3',
          source: 'other',
          claim: 'It welcomes about 1,200 visitors a week.',
          passage: museum,
          url: null,
          label: 'supported',
        },
        {
          id: 'p4',
          source: 'other',
          claim: 'The museum sells tickets online.',
          passage: museum,
          url: null,
          label: 'unsupported',
        },
      ]),
    );
    writeFileSync(
      path.join(v, 'answers-dev.jsonl'),
      jsonl([
        {
          id: 'a1',
          source: 'expertqa',
          question: 'When did the Berg Museum open?',
          evidence: [{ id: 'S1', url: null, text: museum }],
          draft: 'It opened in 1901 [S1].',
          claims: [{ text: 'The Berg Museum opened in 1901.', cites: ['S1'], label: 'supported' }],
        },
      ]),
    );
    writeFileSync(
      path.join(f, 'climate-fever-dev.jsonl'),
      jsonl([
        {
          id: 'c0',
          kind: 'pair',
          claim: 'The Berg Museum opened in 1901 in the old harbour warehouse.',
          evidence: [{ id: 'S1', text: museum }],
          label: 'supported',
        },
        {
          id: 'c1',
          kind: 'pair',
          claim: 'The museum did not open in 1901.',
          evidence: [{ id: 'S1', text: museum }],
          label: 'contradicted',
        },
        {
          id: 'c2',
          kind: 'claim',
          claim: 'The Berg Museum opened in 1901.',
          evidence: [{ id: 'S1', text: museum }],
          label: 'supported',
        },
      ]),
    );
    const r = await runCli(['eval', '--calibration', '--data', data], { timeoutMs: 60_000 });
    expect(r.stdout).toContain('fitted on all');
    expect(r.stdout).toMatch(/without wice/);
    expect(r.stdout).toMatch(/wice\s+reject precision\s+\d\.\d{3}\s+\d\.\d{3}/);
    expect(r.stdout).toMatch(/climate-fever\s+whole claims: verdict equals the label/);
    // How far words reach: the verbatim supporting sentence reaches every score.
    expect(r.stdout).toMatch(/How far words reach/);
    expect(r.stdout).toMatch(/0\.9: supporting 1\/1 \(1\.000\); refuting or silent [01]\/1/);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('run npx tsx scripts/fit-constants.ts');
  });

  it('a missing data folder is an error naming it, exit 1; options that do not go together are usage errors', async () => {
    const missing = await runInProcess(['eval', '--calibration', '--data', path.join(data, 'nowhere')]);
    expect(missing.code).toBe(1);
    // Said before anything is read, in one line.
    expect(oneLine(missing.stderr)).toBe(`spanlight eval: --data ${path.join(data, 'nowhere')}: no such folder`);
    expect((await runInProcess(['eval', '--data', data])).code).toBe(2);
    expect((await runInProcess(['eval', '--calibration', '--live'])).code).toBe(2);
  });

  afterAll(() => rmSync(data, { recursive: true, force: true }));
});
