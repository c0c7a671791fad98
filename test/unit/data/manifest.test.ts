import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, MIRROR_DIR } from '../../../data/root';
import { buildManifest } from '../../../scripts/data-manifest';

interface Group {
  dir: string;
  notice: string;
  source: { repository: string; path: string };
  licence: string;
  files: Array<{ path: string; size: number; sha256: string }>;
}

const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as { groups: Group[] };
const files = manifest.groups.flatMap((g) => g.files);

describe('data/manifest.json', () => {
  it('names, for every file, its group’s source, licence and notice, its size and sha256; each file once', () => {
    expect(files.length).toBeGreaterThan(1000);
    for (const g of manifest.groups) {
      expect(g.source.repository, g.dir).not.toBe('');
      expect(g.licence, g.dir).not.toBe('');
      expect(
        files.map((f) => f.path),
        g.dir,
      ).toContain(g.notice);
      for (const f of g.files) {
        expect(f.path.startsWith(`${g.dir}/`), f.path).toBe(true);
        expect(f.sha256, f.path).toMatch(/^[0-9a-f]{64}$/);
        expect(f.size, f.path).toBeGreaterThan(0);
      }
    }
    expect(new Set(files.map((f) => f.path)).size).toBe(files.length);
  });

  it('lists what the checks read: the corpus pages, the real pages and every labelled set', () => {
    const paths = new Set(files.map((f) => f.path));
    for (const p of [
      'corpus/readability-pages/wikipedia/source.html',
      'corpus/real-pages/extraction/snippets.jsonl',
      'corpus/real-pages/dates/dates.jsonl',
      'data/verification/answers-dev.jsonl',
      'data/verification/pairs-dev.jsonl',
      'data/factcheck/climate-fever-dev.jsonl',
      'data/corroboration/wice-dev.jsonl',
      'data/searchable/wice-dev-claims.jsonl',
      'data/checkworthy/ct24-english-train.tsv',
    ])
      expect(paths.has(p), p).toBe(true);
  });

  it.skipIf(!existsSync(MIRROR_DIR))('is what the offline mirror holds today (scripts/data-manifest.ts writes it)', () => {
    expect(buildManifest(MIRROR_DIR).groups).toEqual(manifest.groups);
  });
});
