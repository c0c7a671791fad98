import { SEARCH_PROVIDER_NAMES, isKeyed, type SearchProviderId } from '../providers/registry';
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

/** The adapters of the providers lib/providers/registry.ts lists. */
export const SEARCH_ADAPTERS: SearchAdapters = {
  wikipedia: createWikipediaProvider,
  brave: createBraveProvider,
  tavily: createTavilyProvider,
  exa: createExaProvider,
  searxng: createSearxngProvider,
  serper: createSerperProvider,
};

/**
 * The providers the settings ask for. A provider that needs a key and has none is left out, with
 * its name in `missingKeys` so the trace and the panel can say why it was not searched.
 */
export function providersFor(
  settings: Settings,
  adapters: SearchAdapters = SEARCH_ADAPTERS,
): { providers: SearchProvider[]; missingKeys: string[] } {
  const providers: SearchProvider[] = [];
  const missingKeys: string[] = [];
  for (const id of settings.search.providers) {
    if (isKeyed(id) && !settings.search[id].apiKey) missingKeys.push(SEARCH_PROVIDER_NAMES[id]);
    else providers.push(make(adapters, id, settings.search[id]));
  }
  return { providers, missingKeys };
}

/** One adapter made; a function of its own so the id ties the settings to their adapter's type. */
function make<I extends SearchProviderId>(adapters: SearchAdapters, id: I, config: Settings['search'][I]): SearchProvider {
  return adapters[id](config);
}
