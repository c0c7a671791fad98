/**
 * What a search engine can answer: how it matches a query's words and how long a query it takes.
 * Each adapter declares its own (`SearchProvider.query`), and `fitQuery` holds every query it sends
 * to them, so no engine is ever sent a query over its limit.
 */
export interface QueryLimits {
  /**
   * `every`: a page must hold every word of the query (MediaWiki's full-text search), so a short,
   * entity-first query is the one answered; `any`: pages are ranked by the words they share with it
   * (the web search APIs), so keyword queries serve.
   */
  matches: 'every' | 'any';
  /** Characters the engine accepts in one query (it refuses or cuts a longer one). */
  maxChars: number;
  /** Words it reads of one query, when it says. */
  maxWords?: number;
}

/** The limits of an engine that says none: those of the strictest web API we speak (Tavily's 400 characters, Google's 32 words). */
export const DEFAULT_QUERY_LIMITS: QueryLimits = { matches: 'any', maxChars: 400, maxWords: 32 };

/**
 * The query cut to the engine's limits at a word boundary: its first `maxWords` words, then as many
 * whole words as fit in `maxChars` (a single longer word is cut). Whitespace is collapsed.
 */
export function fitQuery(query: string, limits: Pick<QueryLimits, 'maxChars' | 'maxWords'>): string {
  let words = query.trim().split(/\s+/).filter(Boolean);
  if (limits.maxWords !== undefined) words = words.slice(0, limits.maxWords);
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if ([...next].length > limits.maxChars) break;
    out = next;
  }
  return out || [...(words[0] ?? '')].slice(0, limits.maxChars).join('');
}
