import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/import-graph';

/**
 * A file's header says what the file is for in at most five lines; how a rule works belongs on the
 * function it describes, and measured figures in docs/ beside the command that prints them.
 */
const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['lib', 'components', 'entrypoints', 'cli'];
const MAX_HEADER_LINES = 5;

/**
 * The text lines of a file's header: its first comment, before the imports or right after them,
 * when a blank line or an import follows it (a comment directly above a declaration documents that
 * declaration); null when the file has none. A block's lines count from its first text to its last,
 * so text on the `/**` line counts as a line, and a bare opening or closing line does not.
 */
function headerLines(code: string): number | null {
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
    const bareOpening = lines[start]!.trim().replace(/^\/\*\*?/, '') === '';
    const bareClosing = i > start && lines[i]?.trim() === '*/';
    count = i - start + 1 - (bareOpening ? 1 : 0) - (bareClosing ? 1 : 0);
    i++;
  } else if (lines[i]?.trim().startsWith('//')) {
    while (i < lines.length && lines[i]!.trim().startsWith('//')) i++;
    count = i - start;
  } else return null;
  const next = lines[i]?.trim() ?? '';
  return next === '' || /^import\s/.test(next) ? count : null;
}

/** Whether a file has a header longer than MAX_HEADER_LINES. */
function headerTooLong(code: string): boolean {
  const n = headerLines(code);
  return n !== null && n > MAX_HEADER_LINES;
}

describe('file headers', () => {
  it(`every source file of lib/, components/, entrypoints/ and cli/ has a header of at most ${MAX_HEADER_LINES} lines`, () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(ROOT, folder));
    expect(files.length).toBeGreaterThan(200);
    const long = files.flatMap((file) => {
      const code = readFileSync(path.join(ROOT, file), 'utf8');
      return headerTooLong(code) ? [`${file}: ${headerLines(code)} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it('catches a six-line header before or after the imports, accepts a five-line one, and leaves a long doc comment on a declaration alone', () => {
    const block = (n: number) => ['/**', ...Array.from({ length: n }, (_, k) => ` * line ${k + 1}`), ' */'].join('\n');
    const slashes = (n: number) => Array.from({ length: n }, (_, k) => `// line ${k + 1}`).join('\n');
    const multiLineImport = "import {\n  a,\n  b,\n} from './a';\n";

    // Six lines: caught, whether before the imports, after them, as `//` lines or with text on the `/**` line.
    expect(headerTooLong(`${block(6)}\nimport { a } from './a';\n`)).toBe(true);
    expect(headerTooLong(`${multiLineImport}\n${block(6)}\n\nexport const c = a + b;\n`)).toBe(true);
    expect(headerTooLong(`${slashes(6)}\nimport { a } from './a';\n`)).toBe(true);
    expect(headerTooLong('/** line 1\n * 2\n * 3\n * 4\n * 5\n * 6\n */\n\nexport const a = 1;\n')).toBe(true);
    expect(headerLines('/** line 1\n * 2\n * 3\n * 4\n * 5\n * 6 */\n\nexport const a = 1;\n')).toBe(6);

    // Five lines (or fewer): accepted.
    expect(headerLines(`${block(5)}\n\nexport const a = 1;\n`)).toBe(5);
    expect(headerTooLong(`${block(5)}\n\nexport const a = 1;\n`)).toBe(false);
    expect(headerTooLong(`${multiLineImport}\n${slashes(5)}\n\nexport const c = a + b;\n`)).toBe(false);
    expect(headerLines(`/** A file. */\nimport { a } from './a';\n`)).toBe(1);

    // A long comment directly above a declaration documents it: not a header.
    expect(headerLines(`${block(9)}\nexport function f() {}\n`)).toBeNull();
    expect(headerTooLong(`import { a } from './a';\n\n${block(9)}\nexport function f() {}\n`)).toBe(false);
    expect(headerTooLong(`${multiLineImport}\n${slashes(9)}\nconst c = a + b;\n`)).toBe(false);
    expect(headerLines('export const a = 1;\n')).toBeNull();
  });
});
