import { defineSearchProvider, keyedSettings } from './search-provider';

/** Brave Search's web API (lib/search/brave.ts). */
export const brave = defineSearchProvider({
  id: 'brave',
  name: 'Brave Search',
  ...keyedSettings('https://api.search.brave.com/res/v1/web/search'),
  baseUrlHelp: 'the full web-search URL',
  // Brave's web search takes at most 400 characters and 50 words.
  limits: { matches: 'any', maxChars: 400, maxWords: 50 },
  failures: {},
});
