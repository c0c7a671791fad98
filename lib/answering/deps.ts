import type { Claim, Page, ProgressStep } from '../shared/types';
import type { ChatModel } from '../model/chat-model';
import type { SearchProvider } from '../search/provider';
import type { FetchLike } from '../shared/fetch-like';
import type { FetchOutcome, PageReadHooks } from '../pages/fetch-page';
import type { PipelineCache } from '../run/cache';
import type { ReleaseSource } from '../releases/release-source';

/** Everything the pipeline touches outside itself, passed in (extension, Node tests, CLI). */
export interface PipelineDeps {
  now: () => Date;
  fetch: FetchLike;
  providers: SearchProvider[];
  /** Fetches and extracts one page (saying when the fetch is over, before extracting, when asked). */
  fetchPage: (url: string, hooks?: PageReadHooks) => Promise<FetchOutcome>;
  /** Reads the open tabs the user allowed for this question. */
  readTabs: () => Promise<Page[]>;
  /** Null: the extractive composer, no model at all. */
  model: ChatModel | null;
  /** Progress for the panel. */
  onProgress: (step: ProgressStep, message: string) => void;
  /** Each claim as soon as it is verified, while the model is still writing. */
  onClaim?: (claim: Claim) => void;
  /** Search cache (pages are cached inside fetchPage; see read-page.ts). */
  cache?: PipelineCache;
  /** Keyless primary sources asked for questions about the latest release of software (lib/releases). */
  releaseSources?: ReleaseSource[];
}
