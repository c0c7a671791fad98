import { DEFAULT_QUERY_LIMITS } from './query-limits';
import { defineSearchProvider, keyedSettings } from './search-provider';

/** Exa search (lib/search/exa.ts). */
export const exa = defineSearchProvider({
  id: 'exa',
  name: 'Exa',
  ...keyedSettings('https://api.exa.ai'),
  // Exa states no limit: held to the strictest we know.
  limits: DEFAULT_QUERY_LIMITS,
  failures: {
    // Exa's 402: credits exhausted or the key's spending budget reached.
    'exa-out-of-credits': { params: ['provider'], fixedInSettings: true },
  },
});
