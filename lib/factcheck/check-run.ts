import type { EvidenceSpan, ProviderFailure } from '../shared/types';
import type { FetchOutcome } from '../pages/fetch-page';
import { onDomains } from '../evidence/on-domains';
import { sanitizeEvidence, type Removal } from '../evidence/sanitize-evidence';
import { closestSentence } from '../evidence/closest-sentence';
import type { SearchRound } from '../search/search-round';
import { JUDGE_BATCH, type JudgeOutcome } from '../verdict/judge';
import type { RankedClaim } from './rank-claims';
import { CLAIM_BUDGET, claimEvidence, excludedFrom } from './claim-evidence';
import { applyVerdicts, openClaims, settleVerdicts } from '../verdict/settle-verdicts';
import { verdictFor } from '../verdict/code-verdict';
import type { ClaimVerdict } from '../verdict/verdict';
import type { CheckedClaim, FactCheckDeps, FactCheckInput, SettledClaim } from './deps';
import { priorChecksFor } from '../claims/prior-checks';
import { failureOfThrown } from '../shared/provider-error';
import type { ClaimReview, PriorCheck } from '../shared/claim-review-schema';

import type { SearchProvider } from '../search/provider';
import {
  claimRound,
  everyProviderFailed,
  searchesSkippingRefusals,
  SharedSearches,
  Stopped,
  worthRetrying,
} from './claim-searches';
import { disposeModelQueries, queriesFor, type ClaimQueries } from './claim-queries';
import { OwnSourceReads, ownSourcesOver, ownSpans, type OwnSourceRead } from './own-source-reading';
import { PageReads } from './page-reads';
import { OWN_SOURCES_PER_CHECK } from '../settings';

export { SEARCHES_AT_ONCE } from './claim-searches';
/** Closest passages listed under a claim without a verdict. */
const CLOSEST_SHOWN = 3;

/** A claim's spans as the check numbered them, with their text as the code and the judge read it. */
interface ClaimSpans {
  candidates: EvidenceSpan[];
  texts: Map<string, string>;
  removed: Removal[];
}

/** One claim's search, as the trace shows it: the queries planned and by whom, what each provider returned, the pages read. */
export interface ClaimSearch {
  by: ClaimQueries['by'];
  subject?: string;
  notes?: string[];
  asked: Array<{ provider: string; query: string; hits: number; failed?: string }>;
  read: string[];
}

/** A settled claim, with the sentences its spans had taken out (for the warnings). */
export interface RunSettled extends SettledClaim {
  removed: Removal[];
}

/** Which of a run's claims settled, and whether a stop ended it first. */
export interface RunEnd {
  /** By the claim's index in the run's list (rank order). */
  settled: Map<number, RunSettled>;
  stopped: boolean;
}

/**
 * One pass over a ranked list of claims: each claim searched (a query two claims share asked once),
 * its pages read (each page once, the higher-ranked claims' first), its verdict given by the code as
 * soon as its pages are read, or by the model judge in batches of JUDGE_BATCH for those the code
 * could not settle; each verdict reported as it settles. A stop rejects the queued reads and
 * searches, settles nothing more, and ends the run at once, whatever is still under way.
 */
export class CheckRun {
  readonly pages: PageReads;
  readonly searches: SharedSearches;
  /** What each judge call gave, and how many claims it was asked. */
  readonly judged: Array<{ outcome: JudgeOutcome; asked: number }> = [];
  /** What the Fact Check Tools lookups failed with (the check goes on without them). */
  readonly priorCheckFailures: ProviderFailure[] = [];
  private readonly settled = new Map<number, RunSettled>();
  private readonly spans = new Map<number, ClaimSpans>();
  private readonly excluded: (url: string) => boolean;
  private readonly judgeOn: boolean;
  /** Each claim's planned queries and what its search found, by its index (for the trace). */
  readonly searched = new Map<number, ClaimSearch>();
  private spanCount: number;
  private closed = false;
  /** Claims the code found no verdict for, waiting for the judge's next batch. */
  private waiting: Array<{ i: number; claim: CheckedClaim & ClaimVerdict }> = [];
  /** Claims whose code verdict is not in yet: while there are some, a batch short of JUDGE_BATCH waits for them. */
  private codePending: number;
  private readonly judging: Array<Promise<void>> = [];
  /** Claims whose first search has ended (found, failed or stopped); once all have, retries may start. */
  private firstSearched = 0;
  private allFirstSearched!: () => void;
  private readonly firstSearches = new Promise<void>((resolve) => (this.allFirstSearched = resolve));
  /** The claims' own sources, read beside their searches (own-source-reading.ts). */
  readonly own: OwnSourceReads;
  /**
   * Each claim's own sources once read, their passages numbered: shown beside the verdict, never
   * judged with the rest. A verdict does not wait for them; they join it when they come in.
   */
  private readonly ownRead = new Map<number, ReturnType<typeof ownSpans>>();
  /** How many own sources each claim is having read (its verdict may settle before they are in). */
  private readonly ownTaken = new Map<number, number>();
  /** Whether the step line has said that only the page's own sources are still read. */
  private ownLeftSaid = false;

  constructor(
    private readonly claims: RankedClaim[],
    private readonly deps: FactCheckDeps,
    private readonly input: Omit<FactCheckInput, 'budget' | 'claims' | 'roles'>,
  ) {
    const settings = input.settings;
    this.pages = new PageReads(deps.fetchPage, settings?.fetchConcurrency ?? 3);
    const options = { fetch: deps.fetch, now: deps.now, cache: deps.cache, timeoutMs: settings?.searchTimeoutMs };
    this.searches = new SharedSearches(searchesSkippingRefusals({ ...options, count: CLAIM_BUDGET.results }), () => this.closed);
    this.excluded = excludedFrom(input.pageUrl, onDomains(settings?.denyDomains ?? []));
    this.judgeOn = Boolean(input.judge && deps.model);
    this.spanCount = input.spanOffset ?? 0;
    this.codePending = claims.length;
    this.own = new OwnSourceReads(
      (url, i) => this.pages.read(url, i),
      input,
      this.judgeOn ? deps.model : null,
      input.ownSourcesPerCheck ?? OWN_SOURCES_PER_CHECK,
    );
  }

  /** Runs every claim; settles when each has settled, or at once when the signal stops the check. */
  async run(): Promise<RunEnd> {
    const signal = this.input.signal;
    let stopNow!: () => void;
    const stop = new Promise<void>((resolve) => (stopNow = resolve));
    const onAbort = () => {
      // At once, so that nothing settles between the stop and the outcome made of what had settled.
      this.closed = true;
      this.pages.stop();
      stopNow();
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const work = (async () => {
      await Promise.all(this.claims.map((c, i) => this.checkClaim(c, i)));
      // Every batch is asked by the time the last claim's code verdict is in.
      await Promise.all(this.judging);
    })();
    try {
      await Promise.race([work, stop]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // A stopped run is not waited for: what it does later is neither reported nor an unhandled error.
      work.catch(() => undefined);
    }
    const stopped = this.closed && this.settled.size < this.claims.length;
    this.closed = true;
    // A stop may leave some claims' own sources unread: their verdicts are kept without them.
    const settled = [...this.settled].map(([i, s]): [number, RunSettled] => [i, { ...s, claim: ownSourcesOver(s.claim) }]);
    return { settled: new Map(settled), stopped };
  }

  /** The claim's Fact Check Tools reviews, none when there is no key or the lookup fails (its failure kept). */
  private async toolReviews(claim: string): Promise<ClaimReview[]> {
    if (!this.deps.factCheckTools) return [];
    try {
      return await this.deps.factCheckTools(claim);
    } catch (e) {
      this.priorCheckFailures.push(failureOfThrown(e));
      return [];
    }
  }

  /**
   * The prior checks of a claim: the reviews its evidence pages and the checked page carry, then the
   * API's. A review may quote the claim in its standalone form or as the page wrote it ("Its mayor…"):
   * the standalone form is matched first, the sentence when that finds none.
   */
  private priorChecks(claim: RankedClaim, read: FetchOutcome[], tools: ClaimReview[]): PriorCheck[] {
    const fromPages = [
      ...(this.input.pageClaimReviews ?? []),
      ...read.flatMap((o) => (o.ok ? (o.extraction.page.claimReviews ?? []) : [])),
    ];
    const found = [
      { reviews: fromPages, source: 'page' as const },
      { reviews: tools, source: 'fact-check-tools' as const },
    ];
    const checks = priorChecksFor(claim.text, found);
    const sentence = claim.sentence.replace(/\s+/g, ' ').trim();
    return checks.length > 0 || sentence === claim.text ? checks : priorChecksFor(sentence, found);
  }

  /** The claim's queries asked of every provider (each once per check), or asked again. */
  private async rounds(plan: ClaimQueries, again = false): Promise<SearchRound[][]> {
    const ask = (q: string, p: SearchProvider) => (again ? this.searches.again(q, p) : this.searches.search(q, p));
    return Promise.all(this.deps.providers.map((p) => Promise.all(queriesFor(plan, p).map((q) => ask(q, p)))));
  }

  /**
   * A claim's search round, from the queries planned for it (claim-queries.ts): asked once more when
   * every provider failed it while some answered other claims of this check — after the first
   * searches are in, so a provider that is down throughout is not asked twice per claim.
   */
  private async searchFor(claim: RankedClaim, i: number): Promise<SearchRound> {
    const plan = disposeModelQueries(claim, claim.queries, { title: this.input.title, published: this.input.published });
    const providers = this.deps.providers.length;
    let byProvider: SearchRound[][];
    try {
      byProvider = await this.rounds(plan);
    } finally {
      if (++this.firstSearched === this.claims.length) this.allFirstSearched();
    }
    let round = claimRound(byProvider);
    if (everyProviderFailed(round, providers) && worthRetrying(round)) {
      await this.firstSearches;
      if (!this.closed && this.searches.answered()) {
        byProvider = await this.rounds(plan, true);
        round = claimRound(byProvider);
      }
    }
    this.searched.set(i, {
      by: plan.by,
      ...(plan.subject ? { subject: plan.subject } : {}),
      ...(plan.notes.length > 0 ? { notes: plan.notes } : {}),
      asked: this.deps.providers.flatMap((p, k) =>
        queriesFor(plan, p).map((query, j) => {
          const r = byProvider[k]![j]!;
          return { provider: p.name, query, hits: r.hits.length, ...(r.failures[0] ? { failed: r.failures[0].kind } : {}) };
        }),
      ),
      read: [],
    });
    return round;
  }

  /** Settles a claim every search of which failed: not checked, with the first provider's failure. */
  private settleUnchecked(i: number, claim: RankedClaim, round: SearchRound, prior: PriorCheck[]) {
    const failure = round.failures[0]!;
    this.spans.set(i, { candidates: [], texts: new Map(), removed: [] });
    this.settle(i, {
      ...claim,
      verdict: 'unchecked',
      for: [],
      against: [],
      reasons: round.failures.map((f) => f.message),
      failure,
      ...(prior.length > 0 ? { priorChecks: prior } : {}),
    });
  }

  private async checkClaim(claim: RankedClaim, i: number): Promise<void> {
    const search = this.searchFor(claim, i);
    // Its own sources: taken now, before any await (the allowance goes in rank order), read after its
    // search. The claim's work ends once they are in, its verdict settling before them when it can.
    const own = this.own.start(claim, i, search);
    if (own.taken > 0) this.ownTaken.set(i, own.taken);
    try {
      await this.checkEvidence(claim, i, search);
    } finally {
      this.ownIn(i, await own.read);
    }
  }

  /** A claim's own sources once read: kept, and added to its verdict when that has settled already. */
  private ownIn(i: number, read: OwnSourceRead[]) {
    if (this.closed || read.length === 0) return;
    this.ownRead.set(
      i,
      ownSpans(read, () => `S${++this.spanCount}`),
    );
    const was = this.settled.get(i);
    if (was) this.settle(i, was.claim, true);
  }

  /** A claim's search, its evidence pages and its code verdict (or its place in the judge's next batch). */
  private async checkEvidence(claim: RankedClaim, i: number, search: Promise<SearchRound>): Promise<void> {
    const tools = this.toolReviews(claim.text);
    let round: SearchRound;
    try {
      round = await search;
    } catch (e) {
      if (e instanceof Stopped || this.closed) return;
      throw e;
    }
    if (this.closed) return;
    if (everyProviderFailed(round, this.deps.providers.length)) {
      const prior = this.priorChecks(claim, [], await tools);
      if (this.closed) return;
      this.settleUnchecked(i, claim, round, prior);
      this.codePending--;
      if (this.waiting.length >= JUDGE_BATCH || this.codePending === 0) this.askJudge();
      return;
    }
    const found = await claimEvidence(claim.text, round, {
      read: (url) => this.pages.read(url, i),
      readAlready: (url) => this.pages.already(url, i),
      excluded: this.excluded,
      now: this.deps.now(),
    });
    // Pages a stop rejected leave the evidence short: such a verdict is not given.
    if (this.closed) return;
    const searched = this.searched.get(i);
    if (searched) searched.read = found.read.map((o) => (o.ok ? o.extraction.page.url : o.url));
    const renumber = (spans: EvidenceSpan[]) => spans.map((s) => ({ ...s, spanId: `S${++this.spanCount}` }));
    const selected = renumber(found.selected);
    const candidates = [...selected, ...renumber(found.closest)];
    const { texts, removed } = sanitizeEvidence(candidates);
    const prior = this.priorChecks(claim, found.read, await tools);
    if (this.closed) return;
    this.spans.set(i, { candidates, texts, removed });
    const code: CheckedClaim & ClaimVerdict = {
      ...claim,
      ...verdictFor(claim.text, selected, texts),
      ...(prior.length > 0 ? { priorChecks: prior } : {}),
    };
    if (this.judgeOn && code.verdict === 'not-found' && candidates.length > 0) this.waiting.push({ i, claim: code });
    else this.settle(i, code);
    this.codePending--;
    if (this.waiting.length >= JUDGE_BATCH || this.codePending === 0) this.askJudge();
  }

  /** Sends the waiting claims to the judge as one batch; each settles with the verdict the code accepts. */
  private askJudge() {
    if (this.waiting.length === 0 || !this.deps.model) return;
    const batch = this.waiting;
    this.waiting = [];
    const spansOf = (k: number) => this.spans.get(batch[k]!.i)!;
    const { open, items } = openClaims(
      batch.map((b) => b.claim),
      batch.map((_, k) => spansOf(k).candidates),
      (k, s) => spansOf(k).texts.get(s.spanId) ?? s.text,
    );
    this.deps.onProgress('verifying', `The model judge reads ${items.length} claim${items.length === 1 ? '' : 's'}…`);
    const asked = settleVerdicts(this.deps.model, items).then(({ outcome, verdicts }) => {
      this.judged.push({ outcome, asked: items.length });
      const judged = applyVerdicts(
        batch.map((b) => b.claim),
        open,
        verdicts,
      );
      judged.forEach((c, k) => this.settle(batch[k]!.i, c));
    });
    this.judging.push(asked);
  }

  /**
   * Settles a claim: its closest passages when it has no verdict, its own sources as far as they are
   * read, then reports it (never after a stop); `again` when its own sources join a verdict reported.
   */
  private settle(i: number, claim: CheckedClaim, again = false) {
    if (this.closed) return;
    const { candidates, texts, removed } = this.spans.get(i)!;
    const own = this.ownRead.get(i);
    const taken = this.ownTaken.get(i) ?? 0;
    const withOwn: CheckedClaim = own
      ? { ...ownSourcesOver(claim), ...own.records }
      : taken > 0
        ? { ...claim, ownSourcesReading: taken }
        : claim;
    const withClosest: CheckedClaim =
      withOwn.verdict === 'not-found' && candidates.length > 0
        ? {
            ...withOwn,
            closest: candidates.slice(0, CLOSEST_SHOWN).map((s) => ({
              spanId: s.spanId,
              sentence: closestSentence(claim.text, texts.get(s.spanId) ?? s.text),
            })),
          }
        : withOwn;
    const settled = { claim: withClosest, evidence: [...candidates, ...(own?.spans ?? [])] };
    this.settled.set(i, { ...settled, removed });
    if (again) this.deps.onOwnSources?.(settled);
    else {
      this.deps.onSettled?.(settled);
      this.sayOwnSourcesLeft();
    }
  }

  /** Once every verdict is in, the step line says what the check still waits for: the page's own sources. */
  private sayOwnSourcesLeft() {
    if (this.ownLeftSaid || this.settled.size < this.claims.length) return;
    const reading = [...this.settled.values()].filter((s) => s.claim.ownSourcesReading).length;
    if (reading === 0) return;
    this.ownLeftSaid = true;
    this.deps.onProgress(
      'reading',
      `Every verdict is in; reading the page’s own sources of ${reading} claim${reading === 1 ? '' : 's'}…`,
    );
  }
}
