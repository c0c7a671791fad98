/**
 * What a fact-check's searches find: WiCE's claims, each put back in its page (its article's
 * title, section and the sentences before it), found as the fact-check finds claims (its
 * standalone form), and checked keyless against a local engine over the articles people cited for
 * them, each on a site of its own (test/fakes/search-pool.ts): once where every word of a query
 * must be on the page and a query over 300 characters is refused (MediaWiki's search, through the
 * Wikipedia adapter), once where any word may match, ranked by BM25 (Brave's protocol, through the
 * Brave adapter). A claim's search succeeds when its cited article reaches its evidence (a span
 * of it among the spans the check selected or showed as closest).
 */
import { readFileSync } from 'node:fs';
import { buildPipeline } from '../../lib/answering/build-deps';
import { createOpenAiCompatibleModel } from '../../lib/model/openai-compatible';
import { defaultSettings, type Settings } from '../../lib/settings';
import { factCheck, findClaims, type RankedClaim } from '../../lib/factcheck/fact-check';
import { poolFetch, startSearchPool, type PoolPage } from '../fakes/search-pool';

/** A WiCE claim in its page (`../shared/data/searchable/wice-dev-claims.jsonl`). */
export interface SearchableRow {
  id: string;
  claim: string;
  title: string;
  section: string;
  context: string;
  label: 'supported' | 'partially_supported' | 'not_supported';
  cited: string;
}

/** A cited article (`../shared/data/corroboration/wice-dev.jsonl`): its sentences. */
interface CitedRow {
  id: string;
  sentences: string[];
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

/** The pool: each cited article as a page of its own site, its title from its metadata line. */
export function poolPages(citedFile: string): PoolPage[] {
  return readJsonl<CitedRow>(citedFile).map((r) => {
    const meta = r.sentences[0]?.match(/^\(meta data\) TITLE:\s*(.*)$/);
    return {
      id: r.id,
      title: meta ? meta[1]!.trim() || r.id : r.id,
      paragraphs: meta ? r.sentences.slice(1) : r.sentences,
    };
  });
}

export function searchableRows(file: string): SearchableRow[] {
  return readJsonl<SearchableRow>(file);
}

/** One claim's outcome on one engine. */
export interface ClaimSearchOutcome {
  id: string;
  /** Whether the fact-check took the sentence as a claim and checked it. */
  checked: boolean;
  /** Whether the cited article reached the claim's evidence. */
  found: boolean;
  /** The form searched (the standalone claim). */
  standalone?: string;
  queries: string[];
}

/** The figures of one engine. */
export interface EngineFigures {
  engine: 'every-word' | 'any-word';
  /** Supported or partly supported claims. */
  claims: number;
  checked: number;
  found: number;
  /** found / claims, and found / checked. */
  ofClaims: number;
  ofChecked: number;
  queries: number;
  overLimit: number;
  /** Searches (requests) per checked claim. */
  searchesPerClaim: number;
  outcomes: ClaimSearchOutcome[];
}

/** The claim's sentence as the fact-check finds it in its page: its standalone form, whether or not it is check-worthy. */
export async function claimInPage(row: SearchableRow): Promise<{ text: string; claim: RankedClaim | undefined }> {
  const head = [row.title, row.section.replace(/\.$/, ''), row.context.trim()].filter(Boolean).join('\n\n');
  // The claim is the sentence right after its context: in the same paragraph unless the context ends one.
  const gap = !row.context.trim() || /\n\s*$/.test(row.context) ? '\n\n' : ' ';
  const text = `${head}${gap}${row.claim}`;
  const at = head.length + gap.length;
  const found = await findClaims({ text, title: row.title, published: null }, null);
  return { text, claim: found.claims.find((c) => c.start >= at - 1 && c.start < at + row.claim.length) };
}

/** Runs every supported or partly supported row on one engine; `limit` rows at most (in file order). */
export async function measureEngine(
  engine: EngineFigures['engine'],
  rows: SearchableRow[],
  pages: PoolPage[],
): Promise<EngineFigures> {
  const pool = await startSearchPool(pages);
  try {
    const defaults = defaultSettings();
    const search: Settings['search'] =
      engine === 'every-word'
        ? { ...defaults.search, providers: ['wikipedia'], wikipedia: { baseUrl: pool.mediawikiUrl } }
        : { ...defaults.search, providers: ['brave'], brave: { apiKey: 'k', baseUrl: pool.braveUrl } };
    const now = () => new Date('2026-12-01T00:00:00Z');
    const pipeline = await buildPipeline(
      { ...defaults, search },
      { fetch: poolFetch(), now, openAiModel: createOpenAiCompatibleModel },
    );
    const deps = { ...pipeline.deps, onProgress: () => undefined };
    const outcomes: ClaimSearchOutcome[] = [];
    let requests = 0;
    for (const row of rows.filter((r) => r.label !== 'not_supported')) {
      const { text, claim } = await claimInPage(row);
      if (!claim) {
        outcomes.push({ id: row.id, checked: false, found: false, queries: [] });
        continue;
      }
      const before = pool.queries.length;
      const outcome = await factCheck(
        { text, pageUrl: `https://en.wikipedia.org/wiki/${encodeURIComponent(row.title)}`, title: row.title, claims: [claim] },
        deps,
      );
      requests += outcome.counts.searches;
      const checked = outcome.claims[0];
      const cited = pool.urlOf(row.cited);
      outcomes.push({
        id: row.id,
        checked: Boolean(checked && checked.verdict !== 'unchecked'),
        found: outcome.evidence.some((s) => s.url === cited),
        standalone: claim.text,
        queries: pool.queries.slice(before).map((q) => q.q),
      });
    }
    const checked = outcomes.filter((o) => o.checked).length;
    const found = outcomes.filter((o) => o.found).length;
    return {
      engine,
      claims: outcomes.length,
      checked,
      found,
      ofClaims: found / Math.max(1, outcomes.length),
      ofChecked: found / Math.max(1, checked),
      queries: pool.queries.length,
      overLimit: pool.queries.filter((q) => q.overLimit).length,
      searchesPerClaim: requests / Math.max(1, checked),
      outcomes,
    };
  } finally {
    await pool.close();
  }
}
