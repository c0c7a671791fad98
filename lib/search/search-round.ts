import type { ProviderFailure, SearchHit, Warning } from '../shared/types';
import type { SearchProvider } from './provider';
import type { FetchLike } from '../shared/fetch-like';
import { ProviderError } from '../shared/provider-error';
import { failureOf, warningOf } from '../shared/failure-text';
import { dedupeHits } from './dedupe-hits';
import { searchKey, searchTtlMs, type PipelineCache } from '../run/cache';
import type { Prices, StageRecord } from '../run/trace';

/** What a search round needs besides its queries and providers. */
export interface SearchRoundOptions {
  fetch: FetchLike;
  now: () => Date;
  cache?: PipelineCache | undefined;
  /** Results asked of each provider per query. */
  count: number;
  /** Per-request budget. */
  timeoutMs?: number | undefined;
  /** Only results newer than this, where the provider can filter; part of the cache key. */
  freshnessDays?: number | undefined;
}

/** A search round's outcome: deduped hits, who failed and how, and how many requests it cost. */
export interface SearchRound {
  hits: SearchHit[];
  /** Providers that failed on every query. */
  failures: ProviderFailure[];
  /** Failures to tell the person (a provider down, or failing on some queries). */
  warnings: Warning[];
  /** Requests sent (cache misses). */
  requests: number;
  /** Queries answered from the search cache. */
  cached: number;
  /** Results a provider sent without a field we need: dropped one by one, counted in the trace. */
  dropped: Array<{ provider: string; query: string; position: number; reason: string }>;
}

/** The search timeout when the settings give none. */
export const SEARCH_TIMEOUT_MS = 8000;

/** One query on one provider: its hits or its error, whether the cache answered, whether a request was sent. */
interface Asked {
  hits: SearchHit[] | null;
  error?: unknown;
  cached: boolean;
  requested: boolean;
  dropped: SearchRound['dropped'];
}

/** Asks one provider one query, through the search cache; an error is a value. */
async function ask(p: SearchProvider, q: string, options: SearchRoundOptions): Promise<Asked> {
  const { freshnessDays } = options;
  const key = searchKey(p.id, q, freshnessDays);
  let requested = false;
  let dropped: SearchRound['dropped'] = [];
  try {
    const hit = await options.cache?.getSearch(key, options.now());
    if (hit) return { hits: hit, cached: true, requested, dropped };
    requested = true;
    const found = await p.search(q, {
      count: options.count,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? SEARCH_TIMEOUT_MS,
      now: options.now,
      ...(freshnessDays === undefined ? {} : { freshnessDays }),
    });
    dropped = found.dropped.map((d) => ({ provider: p.name, query: q, ...d }));
    await options.cache?.putSearch(key, found.hits, new Date(options.now().getTime() + searchTtlMs(freshnessDays)));
    return { hits: found.hits, cached: false, requested, dropped };
  } catch (error) {
    return { hits: null, error, cached: false, requested, dropped };
  }
}

/** A provider's share of a round: its hits, and a failure when every query failed or a warning when some did. */
function providerOutcome(p: SearchProvider, asked: Asked[]): { hits: SearchHit[]; failure?: ProviderFailure; warning?: Warning } {
  const hits = asked.flatMap((a) => a.hits ?? []);
  const firstError = asked.find((a) => a.hits === null);
  if (!firstError) return { hits };
  const reason = firstError.error;
  const failure =
    reason instanceof ProviderError
      ? reason.failure
      : failureOf('search', 'provider-failed', { provider: p.name }, { kind: 'network' });
  if (asked.every((a) => a.hits === null))
    return { hits, failure, warning: warningOf('search', 'provider-skipped', {}, failure) };
  return { hits, warning: warningOf('search', 'search-failed-some', { provider: p.name }, failure) };
}

/**
 * Runs every query on every provider at once, through the search cache (expiry by freshness class):
 * a provider that fails on every query is a failure, one that fails on some is a warning; the hits
 * are deduped by normalised URL, best rank kept. Failures, warnings and dropped results are listed
 * in the providers' order, then the queries'. Never throws for a provider's failure.
 */
export async function searchRound(
  providers: SearchProvider[],
  queries: string[],
  options: SearchRoundOptions,
): Promise<SearchRound> {
  const asked = await Promise.all(providers.map((p) => Promise.all(queries.map((q) => ask(p, q, options)))));
  const outcomes = providers.map((p, i) => providerOutcome(p, asked[i]!));
  const all = asked.flat();
  return {
    hits: dedupeHits(outcomes.flatMap((o) => o.hits)),
    failures: outcomes.flatMap((o) => (o.failure ? [o.failure] : [])),
    warnings: outcomes.flatMap((o) => (o.warning ? [o.warning] : [])),
    requests: all.filter((a) => a.requested).length,
    cached: all.filter((a) => a.cached).length,
    dropped: all.flatMap((a) => a.dropped),
  };
}

/** The trace record of search rounds: results, providers that answered, requests and their cost. */
export function searchRecord(
  rounds: SearchRound[],
  providerCount: number,
  queries: string[],
  prices: Prices,
  hits: SearchHit[] = rounds.flatMap((r) => r.hits),
  /** The providers that failed throughout, when the caller knows (a fact-check asks each provider its own rounds). */
  failedProviders?: Set<string>,
): StageRecord {
  // A provider failed when it failed in every round.
  const failed =
    failedProviders ??
    new Set(
      rounds[0]?.failures.map((f) => f.provider).filter((p) => rounds.every((r) => r.failures.some((f) => f.provider === p))) ??
        [],
    );
  const failures = rounds.flatMap((r) => r.failures);
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const cached = rounds.reduce((n, r) => n + r.cached, 0);
  const dropped = rounds.flatMap((r) => r.dropped);
  return {
    ok: failed.size < providerCount || providerCount === 0,
    summary: `${hits.length} results from ${providerCount - failed.size}/${providerCount} providers (${requests} requests, ${cached} from cache)${dropped.length ? `; ${dropped.length} result${dropped.length === 1 ? '' : 's'} dropped for a missing or malformed field` : ''}`,
    detail: { queries, hits, failures, dropped },
    costUsd: requests * prices.searchPerCall,
  };
}
