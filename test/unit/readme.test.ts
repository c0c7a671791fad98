import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync('README.md', 'utf8');

describe('the README is a product page', () => {
  it('stays within 20 KB, with Quick start in its first 60 lines', () => {
    expect(statSync('README.md').size).toBeLessThanOrEqual(20 * 1024);
    expect(README.split('\n').findIndex((l) => /^#+ Quick start/i.test(l))).toBeLessThan(60);
  });

  it('names no file of the project that does not exist (its links, and the paths it quotes)', () => {
    const links = [...README.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
    const quoted = [
      ...README.matchAll(/`((?:docs|scripts|lib|test|bench|cli|data|components|entrypoints)\/[\w./-]+\.\w+)`/g),
    ].map((m) => m[1]!);
    expect(links.length + quoted.length).toBeGreaterThan(5);
    const missing = [...links, ...quoted].filter((p) => !existsSync(path.resolve(p)));
    expect(missing).toEqual([]);
  });
});
