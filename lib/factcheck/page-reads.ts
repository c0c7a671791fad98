import type { FetchOutcome, PageReadHooks } from '../pages/fetch-page';
import { normalizeUrl } from '../search/dedupe-hits';
import { priorityLimit, type PriorityLimiter } from '../run/concurrency';
import { Stopped } from './claim-searches';

/** A page's read: the rank index it is read for (the best of the claims asking), its outcome once in. */
interface PageRead {
  priority: number;
  outcome: Promise<FetchOutcome>;
  done?: FetchOutcome;
}

/**
 * Each page read once per check (by normalised URL), under one fetch limit, the pages of
 * higher-ranked claims first. The limit counts fetches: a page's slot is free once its bytes are in
 * (the reader's onFetched), so the next fetch is under way while this page is extracted.
 */
export class PageReads {
  private readonly limit: PriorityLimiter;
  private readonly reads = new Map<string, PageRead>();
  private stopped = false;

  constructor(
    private readonly fetchPage: (url: string, hooks?: PageReadHooks) => Promise<FetchOutcome>,
    readonly fetchLimit: number,
  ) {
    this.limit = priorityLimit(fetchLimit);
  }

  /** Reads a page for the claim of rank index `priority` (0 first), or joins the read already asked for. */
  read(url: string, priority: number): Promise<FetchOutcome> {
    const already = this.already(url, priority);
    if (already) return already;
    if (this.stopped) return Promise.reject(new Stopped());
    const read = { priority } as PageRead;
    let outcome!: Promise<FetchOutcome>;
    // The slot is held until the fetch is over (onFetched) or, for a reader that never says so, the read ends.
    const fetched = this.limit.run(
      () => read.priority,
      () =>
        new Promise<void>((over) => {
          outcome = this.fetchPage(url, { onFetched: over });
          outcome.then(
            () => over(),
            () => over(),
          );
        }),
    );
    read.outcome = fetched.then(() => outcome);
    read.outcome.then(
      (o) => (read.done = o),
      () => undefined,
    );
    this.reads.set(normalizeUrl(url), read);
    return read.outcome;
  }

  /**
   * The read another claim asked for, if any (none is started). A waiting read moves up to this
   * claim's place: a higher-ranked claim must not wait behind the pages of lower-ranked ones.
   */
  already(url: string, priority: number): Promise<FetchOutcome> | undefined {
    const r = this.reads.get(normalizeUrl(url));
    if (!r) return undefined;
    r.priority = Math.min(r.priority, priority);
    return r.outcome;
  }

  /** Rejects the waiting reads and every later one; reads under way finish unheeded. */
  stop() {
    this.stopped = true;
    this.limit.clear(new Stopped());
  }

  /** The reads finished so far: a stopped check does not wait for those under way. */
  finished(): FetchOutcome[] {
    return [...this.reads.values()].flatMap((r) => (r.done ? [r.done] : []));
  }
}
