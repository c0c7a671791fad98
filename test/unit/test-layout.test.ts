import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The unit tests mirror the code: lib/<folder>/<name>.ts is tested in test/unit/<folder>/<name>.test.ts
// (or beside it in that folder); a test at the top of test/unit is named for what it proves, not for
// one module. test/unit/data tests the data scripts (scripts/data*.ts), which lib/ does not hold.
const repo = process.cwd();
const UNIT = path.join(repo, 'test/unit');
const NOT_LIB = new Set(['data']);

const isDir = (p: string) => statSync(p).isDirectory();
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (isDir(path.join(dir, name)) ? files(path.join(dir, name)) : [path.join(dir, name)]));

/** The top-level unit tests named after one lib module: "cite.test.ts" while lib/claims/cite.ts exists. */
function misplaced(topLevel: string[], libFolders: string[]): string[] {
  return topLevel.flatMap((file) => {
    const name = file.replace(/\.test\.tsx?$/, '');
    const home = libFolders.find((folder) => existsSync(path.join(repo, 'lib', folder, `${name}.ts`)));
    return home ? [`test/unit/${file} belongs in test/unit/${home}/`] : [];
  });
}

describe('the unit tests mirror lib/', () => {
  const libFolders = readdirSync(path.join(repo, 'lib')).filter((n) => isDir(path.join(repo, 'lib', n)));

  it('no test named after one module sits at the top of test/unit', () => {
    const topLevel = readdirSync(UNIT).filter((n) => /\.test\.tsx?$/.test(n));
    expect(topLevel.length).toBeGreaterThan(10);
    expect(misplaced(topLevel, libFolders)).toEqual([]);
  });

  it('each folder of test/unit is a folder of lib/', () => {
    const folders = readdirSync(UNIT).filter((n) => isDir(path.join(UNIT, n)) && !NOT_LIB.has(n));
    expect(folders.filter((f) => !libFolders.includes(f))).toEqual([]);
  });

  it('no test lives in the source folders', () => {
    const inSource = ['lib', 'components', 'entrypoints']
      .flatMap((d) => files(path.join(repo, d)))
      .filter((f) => /\.test\.tsx?$/.test(f));
    expect(inSource.map((f) => path.relative(repo, f))).toEqual([]);
  });

  it('the check names a module test at the top and lets a scenario test stay', () => {
    expect(misplaced(['cite.test.ts', 'hostile-drafts.test.ts'], libFolders)).toEqual([
      'test/unit/cite.test.ts belongs in test/unit/claims/',
    ]);
  });
});
