import type { Settings } from '../settings';
import type { FetchLike } from '../shared/fetch-like';
import type { ChatModel } from '../model/chat-model';
import type { OpenAiCompatibleConfig } from '../model/openai-compatible';
import { providersFor } from '../search/registry';
import { searchFactChecks } from '../search/fact-check-tools';
import type { ClaimReview } from '../shared/claim-review-schema';
import { releaseSourcesFor } from '../releases/registry';
import type { PipelineSettings } from '../run/pipeline-settings';
import type { PipelineDeps } from './deps';
import type { PipelineCache } from '../run/cache';
import { fetchPage, type PageReadHooks } from '../pages/fetch-page';
import { parseHtmlWithLinkedom } from '../pages/parse-html';
import { pipelineSettings } from '../run/pipeline-settings';
import { cachedPageReader } from '../pages/read-page';
import { languageOf } from '../text/language';

/** What the side that runs the pipeline provides: the network and the clock, and what only some sides have. */
export interface PipelineHost {
  fetch: FetchLike;
  now: () => Date;
  /** The search and page cache (the extension's Dexie tables, the bench's memory); without one every page is fetched. */
  cache?: PipelineCache;
  /**
   * Makes the OpenAI-compatible model the settings name (`createOpenAiCompatibleModel`). Passed in
   * so that the command line loads the SDK only when a model is named, while the extension's bundle
   * imports it statically (a dynamic import there costs 6 KB gzipped).
   */
  openAiModel: (config: OpenAiCompatibleConfig) => ChatModel | Promise<ChatModel>;
  /** The model to use when the settings name none (the browser's built-in model); without it: none, the extractive composer. */
  keylessModel?: () => Promise<ChatModel | null>;
}

/** The dependencies answering and fact-checking share; each flow adds its own callbacks (progress, tabs, claims). */
export type SharedDeps = Pick<PipelineDeps, 'now' | 'fetch' | 'providers' | 'fetchPage' | 'model' | 'releaseSources'> & {
  cache?: PipelineCache;
  /** Fact Check Tools' reviews of a claim, when its key is set (issue #26). */
  factCheckTools?: (claim: string) => Promise<ClaimReview[]>;
};

/** The chat model the settings name; without one, the host's keyless model, else null (extractive). */
export async function chatModelFor(
  settings: Settings,
  host: Pick<PipelineHost, 'fetch' | 'openAiModel' | 'keylessModel'>,
): Promise<ChatModel | null> {
  const m = settings.model;
  if (m.kind === 'openai')
    return host.openAiModel({
      baseUrl: m.baseUrl,
      apiKey: m.apiKey,
      model: m.model,
      fetch: host.fetch,
      ...(m.capabilities ? { capabilities: m.capabilities } : {}),
    });
  return (await host.keylessModel?.()) ?? null;
}

/**
 * The pipeline's dependencies and settings from the stored (or environment's) settings: the search
 * providers, the page reader (through the cache when there is one), the model and the release
 * sources. The extension, the command line and the bench all build them here.
 */
export async function buildPipeline(
  settings: Settings,
  host: PipelineHost,
): Promise<{ deps: SharedDeps; settings: PipelineSettings }> {
  const configured = providersFor(settings);
  const readOne = (url: string, etag?: string, hooks?: PageReadHooks) =>
    fetchPage(url, {
      ...hooks,
      fetch: host.fetch,
      parseHtml: parseHtmlWithLinkedom,
      allowPrivateNetwork: settings.allowPrivateNetwork,
      now: host.now,
      ...(etag ? { etag } : {}),
    });
  return {
    deps: {
      now: host.now,
      fetch: host.fetch,
      providers: configured.providers,
      fetchPage: host.cache ? cachedPageReader(readOne, host.cache, host.now) : (url, hooks) => readOne(url, undefined, hooks),
      model: await chatModelFor(settings, host),
      releaseSources: releaseSourcesFor(settings),
      ...(host.cache ? { cache: host.cache } : {}),
      ...factCheckToolsFor(settings, host.fetch),
    },
    settings: pipelineSettings(settings, configured.missingKeys),
  };
}

/** Time a Fact Check Tools lookup may take: it runs beside the claim's search, which takes longer. */
const FACT_CHECK_TOOLS_TIMEOUT_MS = 8_000;

/** The Fact Check Tools lookup of a claim's text when a key is set: in the claim's language when its words say it, else in every language. */
function factCheckToolsFor(settings: Settings, fetch: FetchLike): Pick<SharedDeps, 'factCheckTools'> {
  const { apiKey, baseUrl } = settings.factCheckTools;
  if (!apiKey.trim()) return {};
  return {
    factCheckTools: async (claim) =>
      (
        await searchFactChecks(
          { apiKey, baseUrl },
          { query: claim, languageCode: languageOf(claim), fetch, timeoutMs: FACT_CHECK_TOOLS_TIMEOUT_MS },
        )
      ).reviews,
  };
}
