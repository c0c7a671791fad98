import { readFileSync } from 'node:fs';
import { aboutKeyOf } from '@/components/options/search-provider';
import { failureMessageKey } from '@/lib/shared/failure-codes';
import { PROVIDER_FAILURE_CODES } from '@/lib/providers/registry';
import { describe, expect, it } from 'vitest';
import { SEARCH_PROVIDERS } from '@/lib/providers/registry';
import { releaseLabelKeyOf } from '@/components/options/release-source-settings';
import { RELEASE_SOURCE_IDS } from '@/lib/providers/release-sources';
import { sourceFiles } from '../../scripts/import-graph';

// The search providers are listed once (lib/providers/search-providers.ts, their adapters in
// lib/search/adapters.ts): a second list of their ids anywhere else is one a new provider would miss.
const IDS = SEARCH_PROVIDERS.map((p) => p.id);
const LISTS = new Set(['lib/providers/search-providers.ts', 'lib/search/adapters.ts']);

/** The ids a piece of code names as strings ('brave') or keys (`brave:`), comments left out. */
function idsNamed(code: string, ids: readonly string[] = IDS): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const named = new Set<string>();
  for (const id of ids) if (new RegExp(`['"\`]${id}['"\`]|^\\s*${id}\\??\\s*:`, 'm').test(bare)) named.add(id);
  return [...named];
}

/** Places in a file that name two providers or more within five lines: a hand-written list of them. */
function listsIn(code: string, ids: readonly string[] = IDS): string[] {
  const lines = code.split('\n');
  const found: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const named = idsNamed(lines.slice(i, i + 5).join('\n'), ids);
    if (named.length >= 2) found.push(`line ${i + 1}: ${named.join(', ')}`);
  }
  return found;
}

describe('the search providers are listed once', () => {
  it('no source file of lib/, components/, entrypoints/ or cli/ lists provider ids by hand', () => {
    const files = ['lib', 'components', 'entrypoints', 'cli'].flatMap((folder) => sourceFiles(process.cwd(), folder));
    const described = new Set(IDS.map((id) => `lib/providers/${id}.ts`));
    const lists = files
      .filter((f) => !LISTS.has(f) && !described.has(f))
      .flatMap((f) => listsIn(readFileSync(f, 'utf8')).map((place) => `${f} ${place}`));
    expect(files.length).toBeGreaterThan(100);
    expect(lists).toEqual([]);
  });

  it('the check finds a list as strings, as keys and as a zod enum, and not ids in comments or prose', () => {
    expect(listsIn("export const KEYED = ['brave', 'tavily'] as const;")).toHaveLength(1);
    expect(listsIn('const ABOUT = {\n  wikipedia: "a",\n  exa: "b",\n};')).not.toEqual([]);
    expect(listsIn("z.enum([\n  'wikipedia',\n  'serper',\n])")).not.toEqual([]);
    expect(listsIn("// brave, tavily and exa take a key\nconst name = 'brave';")).toEqual([]);
    expect(listsIn("if (id === 'searxng') return;")).toEqual([]);
  });
});

describe('each provider has its messages in the four catalogues', () => {
  it.each(['en', 'de', 'fr', 'es'])('%s: the line under its name, and each of its own failure codes', (locale) => {
    const catalogue = JSON.parse(readFileSync(`public/_locales/${locale}/messages.json`, 'utf8')) as Record<string, unknown>;
    const keys = [...IDS.map(aboutKeyOf), ...PROVIDER_FAILURE_CODES.map(failureMessageKey)];
    expect(keys.filter((k) => !(k in catalogue))).toEqual([]);
    expect(keys).toContain('providerAboutSearxng');
  });
});

describe('the release sources are listed once', () => {
  const lists = new Set(['lib/providers/release-sources.ts', 'lib/releases/registry.ts']);

  it('no other source file lists release source ids by hand', () => {
    const files = ['lib', 'components', 'entrypoints', 'cli'].flatMap((folder) => sourceFiles(process.cwd(), folder));
    const found = files
      .filter((f) => !lists.has(f))
      .flatMap((f) => listsIn(readFileSync(f, 'utf8'), RELEASE_SOURCE_IDS).map((place) => `${f} ${place}`));
    expect(found).toEqual([]);
    expect(listsIn("releaseSources: ['endoflife', 'npm', 'pypi']", RELEASE_SOURCE_IDS)).toHaveLength(1);
  });

  it.each(['en', 'de', 'fr', 'es'])('%s: each source has its name in the catalogue', (locale) => {
    const catalogue = JSON.parse(readFileSync(`public/_locales/${locale}/messages.json`, 'utf8')) as Record<string, unknown>;
    const keys = RELEASE_SOURCE_IDS.map(releaseLabelKeyOf);
    expect(keys.filter((k) => !(k in catalogue))).toEqual([]);
    expect(keys).toContain('releaseSourceEndoflife');
  });
});
