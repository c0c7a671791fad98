import type { SearchProviderId } from '../providers/registry';
import type { Settings } from '../settings';
import { createBraveProvider } from './brave';
import { createExaProvider } from './exa';
import type { SearchProvider } from './provider';
import { createSearxngProvider } from './searxng';
import { createSerperProvider } from './serper';
import { createTavilyProvider } from './tavily';
import { createWikipediaProvider } from './wikipedia';

/** Each provider's adapter, by id, made from its settings (a provider described in lib/providers without one fails the type check). */
export type SearchAdapters = { [I in SearchProviderId]: (config: Settings['search'][I]) => SearchProvider };

/** The adapters of the providers lib/providers/search-providers.ts lists. */
export const SEARCH_ADAPTERS: SearchAdapters = {
  wikipedia: createWikipediaProvider,
  brave: createBraveProvider,
  tavily: createTavilyProvider,
  exa: createExaProvider,
  searxng: createSearxngProvider,
  serper: createSerperProvider,
};
