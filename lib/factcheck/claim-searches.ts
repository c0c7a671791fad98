import type { ProviderFailure } from '../shared/types';
import type { SearchProvider } from '../search/provider';
import { concurrencyLimit } from '../run/concurrency';
import { searchRound, type SearchRound, type SearchRoundOptions } from '../search/search-round';
import { normalizeText } from '../anchor/normalize';

/** Claims searched at once: enough to keep the page reads busy, few enough for a provider's rate limits. */
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
 * One claim's search round, on the providers that have not refused this check: once a provider
 * rejects the key (or forbids access, or is misconfigured), later claims do not ask it again (a
 * bad key must not cost a request per claim); their rounds carry its failure as they would have.
 */
export function searchesSkippingRefusals(
  providers: SearchProvider[],
  options: SearchRoundOptions,
): (query: string) => Promise<SearchRound> {
  const refused = new Map<string, ProviderFailure>();
  return async (query) => {
    const live = providers.filter((p) => !refused.has(p.name));
    const round = await searchRound(live, [query], options);
    for (const f of round.failures) if (REFUSALS.has(f.kind)) refused.set(f.provider, f);
    const skipped = providers.flatMap((p) => (live.includes(p) ? [] : [refused.get(p.name)!]));
    return skipped.length === 0 ? round : { ...round, failures: [...round.failures, ...skipped] };
  };
}

interface Asked {
  query: string;
  round: Promise<SearchRound>;
  done?: SearchRound;
}

/**
 * One search per distinct normalised query, SEARCHES_AT_ONCE at a time, in the order asked (rank
 * order); a query whose every provider failed may be asked once more (`again`), its second round
 * replacing the first.
 */
export class SharedSearches {
  private readonly limit = concurrencyLimit(SEARCHES_AT_ONCE);
  private readonly rounds = new Map<string, Asked>();
  private readonly retries = new Map<string, Asked>();
  /** When the last search ended (performance.now()). */
  lastAt = performance.now();

  constructor(
    private readonly ask: (query: string) => Promise<SearchRound>,
    private readonly stopped: () => boolean,
  ) {}

  search(query: string): Promise<SearchRound> {
    return this.asked(this.rounds, query);
  }

  /** The query asked a second time (once for the check, however many claims share it). */
  again(query: string): Promise<SearchRound> {
    return this.asked(this.retries, query);
  }

  private asked(rounds: Map<string, Asked>, query: string): Promise<SearchRound> {
    const key = normalizeText(query).toLowerCase();
    const known = rounds.get(key);
    if (known) return known.round;
    const entry: Asked = {
      query,
      round: this.limit(() => (this.stopped() ? Promise.reject(new Stopped()) : this.ask(query))),
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

  /** The queries asked (each once). */
  queries(): string[] {
    return [...this.rounds.values()].map((r) => r.query);
  }

  /** The rounds finished so far (a retried query's second round in place of its first): a stopped check does not wait for those under way. */
  finished(): SearchRound[] {
    return [...this.rounds].flatMap(([key, r]) => {
      const again = this.retries.get(key)?.done;
      return again ? [again] : r.done ? [r.done] : [];
    });
  }

  /** Whether some first round found something: a provider answered in this check. */
  answered(providers: number): boolean {
    return [...this.rounds.values()].some((r) => r.done && !everyProviderFailed(r.done, providers));
  }

  /** Requests the first rounds of retried queries sent (they count in the cost, not in the outcome). */
  retriedRequests(): number {
    return [...this.retries.keys()].reduce(
      (n, key) => n + (this.retries.get(key)?.done ? (this.rounds.get(key)?.done?.requests ?? 0) : 0),
      0,
    );
  }
}
