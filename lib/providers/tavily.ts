import { defineSearchProvider, keyedSettings } from './search-provider';

/** Tavily Search (lib/search/tavily.ts). */
export const tavily = defineSearchProvider({
  id: 'tavily',
  name: 'Tavily',
  ...keyedSettings('https://api.tavily.com'),
  // Tavily refuses a query over 400 characters ("Query is too long").
  limits: { matches: 'any', maxChars: 400 },
  failures: {
    // Tavily's own statuses: 432 (the plan's credit limit) and 433 (the pay-as-you-go limit).
    'tavily-plan-credits': { params: ['provider'], fixedInSettings: true },
    'tavily-payg-limit': { params: ['provider'], fixedInSettings: true },
  },
});
