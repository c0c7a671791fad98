import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The size limits (eslint.config.js): no function in lib/ or components/ over 120 lines, no file in
// lib/ over 400 lines, tests aside. Each is shown catching one snippet just over its limit, and
// passing one at the limit. Lines are counted as `wc -l` counts them: blank and comment lines too.
const eslint = new ESLint({ cwd: process.cwd() });

async function sizeErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'max-lines-per-function' || m.ruleId === 'max-lines')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

/** A function of exactly `lines` lines, two thirds of its body blank or comment lines (they count too). */
function functionOf(lines: number, jsx = false): string {
  const body = Array.from({ length: lines - 3 }, (_, i) => (i % 3 === 0 ? '' : i % 3 === 1 ? '  // why' : `  void ${i};`));
  return [`export function Probe() {`, ...body, jsx ? '  return <p />;' : '  return 0;', '}', ''].join('\n');
}

/** A module of exactly `lines` lines. */
function fileOf(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `export const n${i} = ${i};`).join('\n') + '\n';
}

describe('size limits (eslint.config.js)', () => {
  for (const file of ['lib/answering/probe.ts', 'lib/anchor/probe.ts', 'components/panel/probe.tsx']) {
    const jsx = file.endsWith('.tsx');
    it(`a function of 121 lines is an error in ${file}, one of 120 is not`, async () => {
      expect(await sizeErrors(file, functionOf(121, jsx))).toEqual([
        "max-lines-per-function: Function 'Probe' has too many lines (121). Maximum allowed is 120.",
      ]);
      expect(await sizeErrors(file, functionOf(120, jsx))).toEqual([]);
    });
  }

  it('a file of 401 lines is an error in lib/, one of 400 is not', async () => {
    expect(await sizeErrors('lib/reading/probe.ts', fileOf(401))).toEqual([
      'max-lines: File has too many lines (401). Maximum allowed is 400.',
    ]);
    expect(await sizeErrors('lib/reading/probe.ts', fileOf(400))).toEqual([]);
  });

  it('tests are aside: a long test file or test function in lib/ passes', async () => {
    expect(await sizeErrors('lib/background/probe.test.ts', fileOf(401) + functionOf(200))).toEqual([]);
  });
});
