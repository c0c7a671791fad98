import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/import-graph';

// A file's header says what the file is for in at most five lines; how a rule works belongs on the
// function it describes, and measured figures in docs/ beside the command that prints them.
const MAX_HEADER_LINES = 5;

/**
 * The text lines of a file's header: its first comment, before the imports or right after them,
 * when a blank line or an import follows it (a comment directly above a declaration documents that
 * declaration); null when the file has none.
 */
export function headerLines(code: string): number | null {
  const lines = code.split('\n');
  let i = 0;
  let inImport = false;
  while (i < lines.length) {
    const line = lines[i]!.trim();
    if (inImport) inImport = !/\bfrom\s+['"][^'"]+['"];?$/.test(line);
    else if (line === '' || /^import\s.*['"];?$/.test(line)) inImport = false;
    else if (/^import\s/.test(line)) inImport = true;
    else break;
    i++;
  }
  const start = i;
  let count: number;
  if (lines[i]?.trim().startsWith('/*')) {
    while (i < lines.length && !lines[i]!.includes('*/')) i++;
    const single = i === start;
    count = single ? 1 : i - start - (lines[i]!.trim() === '*/' ? 1 : 0);
    i++;
  } else if (lines[i]?.trim().startsWith('//')) {
    while (i < lines.length && lines[i]!.trim().startsWith('//')) i++;
    count = i - start;
  } else return null;
  const next = lines[i]?.trim() ?? '';
  return next === '' || /^import\s/.test(next) ? count : null;
}

describe('file headers', () => {
  it(`every source file of lib/, components/, entrypoints/ and cli/ has a header of at most ${MAX_HEADER_LINES} lines`, () => {
    const files = ['lib', 'components', 'entrypoints', 'cli'].flatMap((folder) => sourceFiles(process.cwd(), folder));
    expect(files.length).toBeGreaterThan(200);
    const long = files.flatMap((file) => {
      const n = headerLines(readFileSync(file, 'utf8'));
      return n !== null && n > MAX_HEADER_LINES ? [`${file}: ${n} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it('the check counts a header before or after the imports, and not a comment on a declaration', () => {
    const block = (n: number) => ['/**', ...Array.from({ length: n }, (_, k) => ` * line ${k + 1}`), ' */'].join('\n');
    expect(headerLines(`${block(6)}\nimport { a } from './a';\n`)).toBe(6);
    expect(headerLines(`${block(5)}\n\nexport const a = 1;\n`)).toBe(5);
    expect(headerLines(`import {\n  a,\n  b,\n} from './a';\n\n${block(7)}\n\nexport const c = a + b;\n`)).toBe(7);
    expect(headerLines(`import { a } from './a';\n// one\n// two\n\nexport const b = a;\n`)).toBe(2);
    expect(headerLines(`import { a } from './a';\n\n${block(9)}\nexport function f() {}\n`)).toBeNull();
    expect(headerLines(`/** A file. */\nimport { a } from './a';\n`)).toBe(1);
    expect(headerLines('export const a = 1;\n')).toBeNull();
  });
});
