import { SEARCH_PROVIDER_NAMES, isKeyed, type SearchProviderId } from '../providers/registry';
import type { Settings } from '../settings';
import type { SearchProvider } from './provider';
import { SEARCH_ADAPTERS, type SearchAdapters } from './adapters';

/**
 * The providers the settings ask for. A provider that needs a key and has none is left out, with
 * its name in `missingKeys` so the trace and the panel can say why it was not searched.
 */
export function providersFor(settings: Settings): { providers: SearchProvider[]; missingKeys: string[] } {
  const providers: SearchProvider[] = [];
  const missingKeys: string[] = [];
  for (const id of settings.search.providers) {
    if (isKeyed(id) && !settings.search[id].apiKey) missingKeys.push(SEARCH_PROVIDER_NAMES[id]);
    else providers.push(make(SEARCH_ADAPTERS, id, settings.search[id]));
  }
  return { providers, missingKeys };
}

/** One adapter made; a function of its own so the id ties the settings to their adapter's type. */
function make<I extends SearchProviderId>(adapters: SearchAdapters, id: I, config: Settings['search'][I]): SearchProvider {
  return adapters[id](config);
}
