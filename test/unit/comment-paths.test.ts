import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments that name a file of the project name one that exists: a comment left pointing at a
 * moved or deleted file misleads the next reader. Paths of the data root (data/manifest.json) count
 * as existing; so do the bench's written results and the mirror beside the project (../shared).
 */
const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['lib', 'components', 'entrypoints', 'scripts', 'bench', 'data', 'test'];
const SKIP = /(?:^|\/)(?:node_modules|fixtures)(?:\/|$)/;

function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const rel = path.join(dir, name);
      if (SKIP.test(rel)) continue;
      if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
      else if (/\.(?:ts|tsx|mts|mjs)$/.test(name)) out.push(rel);
    }
  };
  FOLDERS.forEach(walk);
  return out;
}

/** The comment text of a source: `//` comments and the lines of block comments. */
function commentLines(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const block = /^\s*(?:\/\*\*?|\*)(.*)$/.exec(line);
    if (block) return [block[1]!];
    const slash = /(?:^|\s)\/\/(.*)$/.exec(line);
    return slash ? [slash[1]!] : [];
  });
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'data/manifest.json'), 'utf8')) as {
  groups: Array<{ files: Array<{ path: string }> }>;
};
const DATA_FILES = new Set(manifest.groups.flatMap((g) => g.files.map((f) => f.path)));
const DATA_DIRS = new Set([...DATA_FILES].flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i).join('/'))));

const PROJECT_PATH =
  /(?<![\w./-])((?:lib|components|entrypoints|scripts|bench|test|docs|public|data)\/[\w./-]*\w\.(?:tsx|ts|mts|mjs|jsonl|json|md|css|html))(?![\w])/g;
const RELATIVE = /`(\.{1,2}\/[\w./-]+)`/g;

/** The project paths and relative imports a file's comments name that do not exist. */
function missingIn(file: string): string[] {
  const missing: string[] = [];
  for (const line of commentLines(readFileSync(path.join(ROOT, file), 'utf8'))) {
    for (const [, p] of line.matchAll(PROJECT_PATH)) {
      if (existsSync(path.join(ROOT, p!)) || DATA_FILES.has(p!) || p!.startsWith('bench/results/')) continue;
      missing.push(p!);
    }
    for (const [, p] of line.matchAll(RELATIVE)) {
      if (p!.startsWith('../shared')) continue;
      const at = path.resolve(path.dirname(path.join(ROOT, file)), p!);
      if (['', '.ts', '.tsx', '.mjs'].some((ext) => existsSync(at + ext))) continue;
      if (DATA_DIRS.has(path.relative(ROOT, at))) continue;
      missing.push(p!);
    }
  }
  return missing;
}

describe('comments name files that exist', () => {
  it('every project path and relative path in a comment is a file (or a data file of the manifest)', () => {
    const stale = sources().flatMap((f) => missingIn(f).map((p) => `${f} names ${p}`));
    expect(stale).toEqual([]);
  });

  it('catches a comment naming a file that is gone', () => {
    const text =
      '/**\n * See lib/pipeline/follow-citations.ts and `./no-such-module`.\n */\n// and lib/verdict/code-verdict.ts\n';
    const lines = commentLines(text);
    const named = lines.flatMap((l) => [...l.matchAll(PROJECT_PATH)].map((m) => m[1]));
    expect(named).toEqual(['lib/pipeline/follow-citations.ts', 'lib/verdict/code-verdict.ts']);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p!)))).toEqual(['lib/pipeline/follow-citations.ts']);
    expect(lines.flatMap((l) => [...l.matchAll(RELATIVE)].map((m) => m[1]))).toEqual(['./no-such-module']);
  });
});
