import { existsSync } from 'node:fs';
import { dataPath, HAS_DATA } from '../../data/root';
import { describe, expect, it } from 'vitest';
import { measureEngine, poolPages, searchableRows } from './search-harness';

const CLAIMS = HAS_DATA ? dataPath('data/searchable/wice-dev-claims.jsonl') : '';
const CITED = HAS_DATA ? dataPath('data/corroboration/wice-dev.jsonl') : '';
/** The first rows of WiCE dev, in file order: enough to tell planned queries from sentences, quick enough for every run. */
const ROWS = 60;

describe.skipIf(!existsSync(CLAIMS) || !existsSync(CITED))(
  'what the claims’ searches find (WiCE dev, a local engine over the cited articles)',
  () => {
    const rows = existsSync(CLAIMS) ? searchableRows(CLAIMS).slice(0, ROWS) : [];
    const pages = existsSync(CITED) ? poolPages(CITED) : [];

    it('an engine needing every word (300 characters at most): most cited articles found, no query over the limit', async () => {
      const f = await measureEngine('every-word', rows, pages);
      expect(f.checked).toBeGreaterThan(ROWS / 2);
      expect(f.overLimit).toBe(0);
      // A whole sentence as the query finds none of them (about 0 on all of dev); the planned queries most.
      expect(f.ofChecked).toBeGreaterThanOrEqual(0.6);
      for (const o of f.outcomes) for (const q of o.queries) expect(q.split(' ').length).toBeLessThanOrEqual(12);
    }, 120_000);

    it('an engine where any word matches (BM25): the cited article reaches nearly every checked claim', async () => {
      const f = await measureEngine('any-word', rows, pages);
      expect(f.overLimit).toBe(0);
      expect(f.ofChecked).toBeGreaterThanOrEqual(0.9);
      // 2–3 queries per claim at most, a query two claims plan asked once.
      expect(f.searchesPerClaim).toBeLessThanOrEqual(3);
    }, 120_000);
  },
);
