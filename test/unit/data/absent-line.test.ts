import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ABSENT_NOTES_VARIABLE, absentLine, absentSummary, noteAbsent } from '@/data/root';

describe('without the data, npm test says what did not run in one line', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a step run alone prints its own line', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    noteAbsent('The benchmark budgets', {});
    expect(log).toHaveBeenCalledWith(absentLine('The benchmark budgets'));
  });

  it('under npm test each step notes what it could not run, and prints nothing itself', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spanlight-notes-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const env = { [ABSENT_NOTES_VARIABLE]: path.join(dir, 'absent.txt') };
      noteAbsent('Corpus and dataset checks', env);
      noteAbsent('The evaluations on the labelled sets', env);
      expect(log).not.toHaveBeenCalled();
      expect(readFileSync(env[ABSENT_NOTES_VARIABLE], 'utf8').split('\n').filter(Boolean)).toEqual([
        'Corpus and dataset checks',
        'The evaluations on the labelled sets',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the run ends with one line naming every step's checks once", () => {
    expect(absentSummary(['', ''])).toBeNull();
    expect(absentSummary(['Corpus and dataset checks'])).toBe(absentLine('Corpus and dataset checks'));
    const line = absentSummary([
      'Corpus and dataset checks',
      'The evaluations on the labelled sets',
      'Corpus and dataset checks',
      'The benchmark budgets (on corpus pages)',
      '',
    ])!;
    expect(line).toBe(
      absentLine('Corpus and dataset checks, the evaluations on the labelled sets and the benchmark budgets (on corpus pages)'),
    );
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('npm run data');
  });
});
