import type { ProviderFailure, SearchHit } from '../types';
import type { SearchProvider } from '../search/provider';
import type { FetchLike } from '../shared/fetch-like';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import { dedupeHits } from './dedupe-hits';
import { searchKey, searchTtlMs, type PipelineCache } from './cache';
import type { Prices, StageRecord } from './trace';

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
  warnings: string[];
  /** Requests sent (cache misses). */
  requests: number;
  /** Queries answered from the search cache. */
  cached: number;
  /** Results a provider sent without a field we need: dropped one by one, counted in the trace. */
  dropped: Array<{ provider: string; query: string; position: number; reason: string }>;
}

/** The search timeout when the settings give none. */
export const SEARCH_TIMEOUT_MS = 8000;

/**
 * Runs every query on every provider at once, through the search cache (expiry by freshness class):
 * a provider that fails on every query is a failure, one that fails on some is a warning; the hits
 * are deduped by normalised URL, best rank kept. Never throws for a provider's failure.
 */
export async function searchRound(
  providers: SearchProvider[],
  queries: string[],
  options: SearchRoundOptions,
): Promise<SearchRound> {
  const failures: ProviderFailure[] = [];
  const warnings: string[] = [];
  let requests = 0;
  let cached = 0;
  const dropped: SearchRound['dropped'] = [];
  const { freshnessDays } = options;
  const perProvider = await Promise.all(
    providers.map(async (p) => {
      const results = await Promise.allSettled(
        queries.map(async (q) => {
          const key = searchKey(p.id, q, freshnessDays);
          const hit = await options.cache?.getSearch(key, options.now());
          if (hit) {
            cached++;
            return hit;
          }
          requests++;
          const found = await p.search(q, {
            count: options.count,
            fetch: options.fetch,
            timeoutMs: options.timeoutMs ?? SEARCH_TIMEOUT_MS,
            now: options.now,
            ...(freshnessDays === undefined ? {} : { freshnessDays }),
          });
          dropped.push(...found.dropped.map((d) => ({ provider: p.name, query: q, ...d })));
          await options.cache?.putSearch(key, found.hits, new Date(options.now().getTime() + searchTtlMs(freshnessDays)));
          return found.hits;
        }),
      );
      const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const firstError = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (ok.length === 0 && firstError) {
        const failure =
          firstError.reason instanceof ProviderError
            ? firstError.reason.failure
            : failureOf('search', 'provider-failed', { provider: p.name }, { kind: 'network' });
        failures.push(failure);
        warnings.push(failure.message);
      } else if (firstError)
        warnings.push(
          `${p.name} failed on some queries: ${firstError.reason instanceof Error ? firstError.reason.message : String(firstError.reason)}`,
        );
      return ok.flat();
    }),
  );
  return { hits: dedupeHits(perProvider.flat()), failures, warnings, requests, cached, dropped };
}

/** The trace record of search rounds: results, providers that answered, requests and their cost. */
export function searchRecord(
  rounds: SearchRound[],
  providerCount: number,
  queries: string[],
  prices: Prices,
  hits: SearchHit[] = rounds.flatMap((r) => r.hits),
): StageRecord {
  // A provider failed when it failed in every round (fact-check runs one round per claim).
  const failed = new Set(
    rounds[0]?.failures.map((f) => f.provider).filter((p) => rounds.every((r) => r.failures.some((f) => f.provider === p))) ?? [],
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
