import type { ProviderFailure } from '../shared/types';
import type { SearchProvider } from '../search/provider';
import { concurrencyLimit } from '../run/concurrency';
import { searchRound, type SearchRound, type SearchRoundOptions } from '../search/search-round';
import { dedupeHits } from '../search/dedupe-hits';
import { normalizeText } from '../text/normalize';

/**
 * Searches under way at once (a claim's queries count one each): enough to keep the page reads busy,
 * few enough for a provider's rate limits. Sixteen measured no faster on the bench's whole page.
 */
export const SEARCHES_AT_ONCE = 8;

/** A stop as a value: what a stopped check's queued work is rejected with. */
export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/** Failures no later request can mend during a check: a key refused, access forbidden, a setting wrong. */
const REFUSALS = new Set<ProviderFailure['kind']>(['auth', 'forbidden', 'config']);

/**
 * Whether every provider failed a round (its failures name each one, the skipped refusals too): the
 * claim searched was not checked, whatever the code would have said of no evidence (issue #33).
 */
export function everyProviderFailed(round: SearchRound, providers: number): boolean {
  return providers > 0 && round.hits.length === 0 && new Set(round.failures.map((f) => f.provider)).size >= providers;
}

/** Whether asking again in this check could mend a round's failures (a refused key stays refused). */
export function worthRetrying(round: SearchRound): boolean {
  return round.failures.some((f) => !REFUSALS.has(f.kind));
}

/**
 * One query on one provider, unless that provider has refused this check: once a provider rejects
 * the key (or forbids access, or is misconfigured), later queries do not ask it again (a bad key must
 * not cost a request per query); their rounds carry its failure as they would have.
 */
export function searchesSkippingRefusals(
  options: SearchRoundOptions,
): (query: string, provider: SearchProvider) => Promise<SearchRound> {
  const refused = new Map<string, ProviderFailure>();
  return async (query, provider) => {
    const known = refused.get(provider.name);
    if (known) return { hits: [], failures: [known], warnings: [], requests: 0, cached: 0, dropped: [] };
    const round = await searchRound([provider], [query], options);
    for (const f of round.failures) if (REFUSALS.has(f.kind)) refused.set(f.provider, f);
    return round;
  };
}

/**
 * A claim's round from its queries' rounds on each provider (`byProvider[k]`, one round per query
 * asked of provider k): the hits of every query, the best ranks first (each query's first result
 * before any query's second); a provider failed when each of its queries failed, warned when some did.
 */
export function claimRound(byProvider: SearchRound[][]): SearchRound {
  const all = byProvider.flat();
  const failures = byProvider.flatMap((rounds) =>
    rounds.length > 0 && rounds.every((r) => r.failures.length > 0) ? [rounds[0]!.failures[0]!] : [],
  );
  return {
    hits: dedupeHits(all.flatMap((r) => r.hits)),
    failures,
    warnings: all.flatMap((r) => r.warnings),
    requests: all.reduce((n, r) => n + r.requests, 0),
    cached: all.reduce((n, r) => n + r.cached, 0),
    dropped: all.flatMap((r) => r.dropped),
  };
}

interface Asked {
  query: string;
  provider: string;
  round: Promise<SearchRound>;
  done?: SearchRound;
}

/**
 * One search per provider and distinct normalised query, SEARCHES_AT_ONCE at a time, in the order
 * asked (rank order); a query that failed may be asked once more (`again`), its second round
 * replacing the first.
 */
export class SharedSearches {
  private readonly limit = concurrencyLimit(SEARCHES_AT_ONCE);
  private readonly rounds = new Map<string, Asked>();
  private readonly retries = new Map<string, Asked>();
  /** When the last search ended (performance.now()). */
  lastAt = performance.now();

  constructor(
    private readonly ask: (query: string, provider: SearchProvider) => Promise<SearchRound>,
    private readonly stopped: () => boolean,
  ) {}

  search(query: string, provider: SearchProvider): Promise<SearchRound> {
    return this.asked(this.rounds, query, provider);
  }

  /** The query asked of the provider a second time (once for the check, however many claims share it). */
  again(query: string, provider: SearchProvider): Promise<SearchRound> {
    return this.asked(this.retries, query, provider);
  }

  private asked(rounds: Map<string, Asked>, query: string, provider: SearchProvider): Promise<SearchRound> {
    const key = `${provider.id}\u0000${normalizeText(query).toLowerCase()}`;
    const known = rounds.get(key);
    if (known) return known.round;
    const entry: Asked = {
      query,
      provider: provider.name,
      round: this.limit(() => (this.stopped() ? Promise.reject(new Stopped()) : this.ask(query, provider))),
    };
    entry.round.then(
      (r) => {
        entry.done = r;
        this.lastAt = Math.max(this.lastAt, performance.now());
      },
      () => undefined,
    );
    rounds.set(key, entry);
    return entry.round;
  }

  /** The queries asked (each once, whichever providers it was asked of). */
  queries(): string[] {
    return [...new Set([...this.rounds.values()].map((r) => r.query))];
  }

  /** The rounds finished so far (a retried query's second round in place of its first): a stopped check does not wait for those under way. */
  finished(): SearchRound[] {
    return [...this.rounds].flatMap(([key, r]) => {
      const again = this.retries.get(key)?.done;
      return again ? [again] : r.done ? [r.done] : [];
    });
  }

  /** The providers every finished round of which failed (each retried query's second round in place of its first). */
  failedProviders(): Set<string> {
    const answered = new Set<string>();
    const asked = new Set<string>();
    for (const [key, r] of this.rounds) {
      const done = this.retries.get(key)?.done ?? r.done;
      if (!done) continue;
      asked.add(r.provider);
      if (done.failures.length === 0) answered.add(r.provider);
    }
    return new Set([...asked].filter((p) => !answered.has(p)));
  }

  /** Whether some provider answered a first round of this check. */
  answered(): boolean {
    return [...this.rounds.values()].some((r) => r.done && r.done.failures.length === 0);
  }

  /** Requests the first rounds of retried queries sent (they count in the cost, not in the outcome). */
  retriedRequests(): number {
    return [...this.retries.keys()].reduce(
      (n, key) => n + (this.retries.get(key)?.done ? (this.rounds.get(key)?.done?.requests ?? 0) : 0),
      0,
    );
  }
}
