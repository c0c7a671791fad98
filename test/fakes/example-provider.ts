import { defineSearchProvider, keyedSettings } from '@/lib/providers/search-provider';

/** A made-up provider, as lib/providers/<id>.ts would describe it (test/unit/add-a-provider.test.ts adds it). */
export const example = defineSearchProvider({
  id: 'example',
  name: 'Example Search',
  ...keyedSettings('https://api.search.example'),
  baseUrlHelp: 'the example root URL',
  limits: { matches: 'any', maxChars: 100 },
  failures: { 'example-out-of-credits': { params: ['provider'], fixedInSettings: true } },
});
