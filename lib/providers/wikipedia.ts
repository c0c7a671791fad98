import { defineSearchProvider, keylessSettings } from './search-provider';

/** Wikipedia's public search API (MediaWiki's list=search): keyless, the fresh install's one provider (lib/search/wikipedia.ts). */
export const wikipedia = defineSearchProvider({
  id: 'wikipedia',
  name: 'Wikipedia',
  ...keylessSettings('https://en.wikipedia.org/w/api.php'),
  onByDefault: true,
  baseUrlHelp: 'the api.php URL',
  // MediaWiki's full-text search needs every word on the page and refuses a query over 300 characters.
  limits: { matches: 'every', maxChars: 300 },
  failures: {
    // MediaWiki reports errors inside a 200 answer, with a code and a text of its own.
    'wikipedia-error': { params: ['code', 'info'], fixedInSettings: true },
  },
});
