import { SEARCH_PROVIDER_NAMES, type Settings } from '../settings';
import { createBraveProvider } from './brave';
import { createExaProvider } from './exa';
import type { SearchProvider } from './provider';
import { createSearxngProvider } from './searxng';
import { createSerperProvider } from './serper';
import { createTavilyProvider } from './tavily';
import { createWikipediaProvider } from './wikipedia';

/**
 * The providers the settings ask for. A provider that needs a key and has none is left out, with
 * its name in `missingKeys` so the trace and the panel can say why it was not searched.
 */
export function providersFor(settings: Settings): { providers: SearchProvider[]; missingKeys: string[] } {
  const s = settings.search;
  const providers: SearchProvider[] = [];
  const missingKeys: string[] = [];
  const keyed = (name: string, key: string, make: () => SearchProvider) =>
    key ? providers.push(make()) : missingKeys.push(name);
  for (const id of s.providers) {
    if (id === 'wikipedia') providers.push(createWikipediaProvider(s.wikipedia));
    else if (id === 'searxng') providers.push(createSearxngProvider(s.searxng));
    else if (id === 'brave') keyed(SEARCH_PROVIDER_NAMES.brave, s.brave.apiKey, () => createBraveProvider(s.brave));
    else if (id === 'tavily') keyed(SEARCH_PROVIDER_NAMES.tavily, s.tavily.apiKey, () => createTavilyProvider(s.tavily));
    else if (id === 'exa') keyed(SEARCH_PROVIDER_NAMES.exa, s.exa.apiKey, () => createExaProvider(s.exa));
    else if (id === 'serper') keyed(SEARCH_PROVIDER_NAMES.serper, s.serper.apiKey, () => createSerperProvider(s.serper));
  }
  return { providers, missingKeys };
}
