import type { SearchHit } from '../shared/types';
import type { FetchLike } from '../shared/fetch-like';
import type { QueryLimits } from '../providers/query-limits';

/** What every search adapter receives besides the query. */
export interface SearchOptions {
  /** Results wanted. */
  count: number;
  /** Only results newer than this many days, where the provider can filter. */
  freshnessDays?: number;
  fetch: FetchLike;
  timeoutMs: number;
  /** The clock for freshness windows and relative dates ("3 days ago"); the real clock when absent. */
  now?: () => Date;
}

/** A result the provider sent that could not be used: a field we need was missing, null or malformed. */
export interface DroppedResult {
  /** 1-based position in the provider's own list. */
  position: number;
  /** Why, naming the field ("`url` is missing"). */
  reason: string;
}

/** One search's answer: the usable hits in rank order, and every result set aside with why. */
export interface SearchResults {
  hits: SearchHit[];
  dropped: DroppedResult[];
}

/** A search adapter: one provider's protocol behind one function. */
export interface SearchProvider {
  /** Stable id used in settings and traces. */
  id: string;
  /** Name shown to people. */
  name: string;
  /** How the engine matches a query and how long a query it takes: every query sent is held to it. */
  limits: QueryLimits;
  search(query: string, options: SearchOptions): Promise<SearchResults>;
}
