import { describe, it } from 'vitest';
import { oneLine, runInProcess } from './run-cli';

const PAGE = 'test/fixtures/pages/fact-check-article.html';
const URL = 'https://checker.example/fact-checks/riverside-bridge/';

describe.concurrent('numeric flags: a value out of range is named as such, never "needs a value"', () => {
  it('--max-claims -3, 0, 2.5, abc: must be a positive whole number; exit 2', async ({ expect }) => {
    for (const value of ['-3', '0', '2.5', 'abc', '-0', '']) {
      const r = await runInProcess(['factcheck', PAGE, '--url', URL, '--max-claims', value]);
      expect(r.code, value).toBe(2);
      expect(oneLine(r.stderr)).toBe(
        `spanlight factcheck: --max-claims must be a positive whole number (1, 2, 3…), got "${value}" (see spanlight factcheck --help)`,
      );
    }
  });

  it('a flag with no value at all still says it needs one', async ({ expect }) => {
    const r = await runInProcess(['factcheck', PAGE, '--url', URL, '--max-claims']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^spanlight factcheck: --max-claims needs a value /);
    const before = await runInProcess(['factcheck', PAGE, '--max-claims', '--url', URL]);
    expect(oneLine(before.stderr)).toMatch(/^spanlight factcheck: --max-claims needs a value /);
  });

  it('eval --judge --wrong and --seed: negative, fractional or empty values say what the flag takes', async ({ expect }) => {
    const cases: Array<[string[], string]> = [
      [['--wrong', '-0.2'], '--wrong takes a share between 0 and 1, got "-0.2"'],
      [['--wrong', '1.5'], '--wrong takes a share between 0 and 1, got "1.5"'],
      [['--wrong', ''], '--wrong takes a share between 0 and 1, got ""'],
      [['--seed', '-1.5'], '--seed takes a whole number, got "-1.5"'],
      [['--seed', ''], '--seed takes a whole number, got ""'],
    ];
    for (const [flags, message] of cases) {
      const r = await runInProcess(['eval', '--judge', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(oneLine(r.stderr)).toBe(`spanlight eval: ${message} (see spanlight eval --help)`);
    }
  });

  it('after "--", a negative number is an argument, not a value', async ({ expect }) => {
    const r = await runInProcess(['extract', '--url', URL, '--', '-3']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe('spanlight extract: -3: no such file');
  });
});
