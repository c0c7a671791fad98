import { defineSearchProvider, keyedSettings } from './search-provider';

/** Serper, Google's results (lib/search/serper.ts). */
export const serper = defineSearchProvider({
  id: 'serper',
  name: 'Serper',
  ...keyedSettings('https://google.serper.dev'),
  // Serper passes the query to Google, which reads 32 words of it and takes 2,048 characters.
  limits: { matches: 'any', maxChars: 2048, maxWords: 32 },
  failures: {
    // Serper answers a bad or missing key with 403 "Unauthorized.", and an empty balance with 400.
    'serper-key-rejected': { params: ['provider'], fixedInSettings: true },
    'serper-no-credits': { params: ['provider'], fixedInSettings: true },
  },
});
