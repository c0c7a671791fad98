import type { EvidenceSpan, ProgressStep, ProviderFailure, Warning } from '../shared/types';
import type { TraceStage } from '../shared/trace-schema';
import type { ChatModel } from '../model/chat-model';
import type { SearchProvider } from '../search/provider';
import type { FetchLike } from '../shared/fetch-like';
import type { FetchOutcome, PageReadHooks } from '../pages/fetch-page';
import type { PipelineCache } from '../run/cache';
import type { PipelineSettings } from '../run/pipeline-settings';
import type { RankedClaim } from './rank-claims';
import type { ClaimVerdict, Verdict } from '../verdict/verdict';
import type { ClaimReview, PriorCheck } from '../shared/claim-review-schema';
import type { MarkupRoles } from '../pages/markup-roles';
import type { LeftOut } from './left-out';
import type { ClaimFailure, OwnSource } from '../shared/checked-claims';
import type { Citation, PageLink } from '../shared/types';

// The fact-check's shared shapes: what it is given (deps, input, settings) and what it gives back
// (checked and settled claims, the outcome), in a file of their own so that the orchestrator
// (fact-check.ts) and the run it drives (check-run.ts) both import them and not each other.

export interface FactCheckDeps {
  now: () => Date;
  fetch: FetchLike;
  providers: SearchProvider[];
  fetchPage: (url: string, hooks?: PageReadHooks) => Promise<FetchOutcome>;
  model: ChatModel | null;
  onProgress: (step: ProgressStep, message: string) => void;
  /** The search cache answering uses (pages are cached inside fetchPage). */
  cache?: PipelineCache;
  /** Called once the claim list is made (or taken as given), before any is searched: the list to keep. */
  onClaims?: (claims: RankedClaim[]) => void;
  /** Called as each claim's verdict is settled, with the spans it names (numbered for the whole check). */
  onSettled?: (settled: SettledClaim) => void;
  /** Called when a claim's own sources are read after its verdict was reported: the claim again, with them. */
  onOwnSources?: (settled: SettledClaim) => void;
  /**
   * Fact Check Tools' reviews for a claim's text (lib/search/fact-check-tools.ts), when its key is
   * set; a ProviderError it throws is listed in the failures, the check goes on.
   */
  factCheckTools?: (claim: string) => Promise<ClaimReview[]>;
}

/** The answering settings a fact-check reads too. */
export type FactCheckSettings = Partial<
  Pick<PipelineSettings, 'searchTimeoutMs' | 'fetchConcurrency' | 'denyDomains' | 'prices'>
>;

export interface FactCheckInput {
  /** The text checked: a selection, or the page's main content. */
  text: string;
  /** The page it is from: its own registrable domain never counts as evidence for itself. */
  pageUrl: string;
  title: string;
  /** Claims checked in this pass, the highest-ranked first; the rest are listed as not checked. */
  budget?: number;
  /** The claim list kept from an earlier pass: checked as given, the text never split again. */
  claims?: RankedClaim[];
  /** Span ids continue after S{spanOffset} (a pass that continues an earlier one). */
  spanOffset?: number;
  /** The model judge, for claims the code finds no verdict for (when there is a model). */
  judge?: boolean;
  settings?: FactCheckSettings;
  /** Stop: no claim starts after it; the settled ones are kept, the rest listed as not checked. */
  signal?: AbortSignal;
  /** The ClaimReviews the checked page itself carries (its Page's `claimReviews`). */
  pageClaimReviews?: ClaimReview[];
  /** The page's publication date (ISO): relative times in its claims ("next year") are made absolute from it. */
  published?: string | null;
  /** What the page's markup says its texts are (extraction's `roles`): captions, headings, code… are not claims. */
  roles?: MarkupRoles | undefined;
  /** Own sources opened in this pass at most (Settings → Budgets); OWN_SOURCES_PER_CHECK when absent, 0 none. */
  ownSourcesPerCheck?: number;
  /** The checked text's links and footnote markers, offsets in `text` (its Page's): where each claim's own sources are. */
  links?: PageLink[] | undefined;
  citations?: Citation[] | undefined;
}

/** The passages read nearest a claim that has no verdict, with the sentence of each closest to it. */
export interface ClosestPassage {
  spanId: string;
  sentence: string;
}

/**
 * A checked claim's verdict: the code's or the judge's, or `unchecked` when every search for it
 * failed (issue #33) — never a verdict, never counted or marked as one.
 */
export type CheckedVerdict = Verdict | 'unchecked';

export interface CheckedClaim extends RankedClaim, Omit<ClaimVerdict, 'verdict'> {
  verdict: CheckedVerdict;
  /** For an unchecked claim: why its search failed (the first provider's failure; each provider failed). */
  failure?: ClaimFailure;
  /** For a claim without a verdict: the closest passages that were read, so a person can finish the job. */
  closest?: ClosestPassage[];
  /** Fact-checkers' earlier ratings of this claim: shown beside the verdict, never in its place. */
  priorChecks?: PriorCheck[];
  /** What the claim's own sources (links in its sentence, its footnote) say of it: beside the verdict, never in it. */
  ownSources?: OwnSource[];
  /** While the check runs: how many of its own sources are still being read (its verdict came first). */
  ownSourcesReading?: number;
}

/** A claim as it settles: its verdict and the spans it names (for, against, and the closest). */
export interface SettledClaim {
  claim: CheckedClaim;
  evidence: EvidenceSpan[];
}

export interface FactCheckOutcome {
  /** The claims checked, in rank order. */
  claims: CheckedClaim[];
  /** The claims found and not checked (beyond the budget, or left when stopped), in rank order. */
  notChecked: RankedClaim[];
  /** Checkable claims this pass had: checked + not checked. */
  checkable: number;
  /** The sentences not taken as claims, with why (empty for a pass that continues a kept list). */
  left: LeftOut[];
  /** Every span of every checked claim: the selected ones and the closest under the floor. */
  evidence: EvidenceSpan[];
  failures: ProviderFailure[];
  warnings: Warning[];
  stages: TraceStage[];
  /** Whether the check was stopped before every claim of its budget settled. */
  stopped: boolean;
  /** The searches checking the claims not checked would send (each query planned once per provider). */
  moreSearches: number;
  /** What the pass cost: search requests sent (a shared or cached query counts once), pages read, judge calls. */
  counts: { searches: number; pagesRead: number; judgeCalls: number };
}
