import { DEFAULT_QUERY_LIMITS } from './query-limits';
import { defineSearchProvider, keylessSettings } from './search-provider';

/** A self-hosted SearXNG instance (lib/search/searxng.ts). */
export const searxng = defineSearchProvider({
  id: 'searxng',
  name: 'SearXNG',
  ...keylessSettings('http://localhost:8888'),
  baseUrlHelp: "the instance's root URL (default http://localhost:8888)",
  // SearXNG hands the query to engines of its own choosing: held to the strictest we know.
  limits: DEFAULT_QUERY_LIMITS,
  failures: {
    // No results because every engine failed: an outage, not "found nothing".
    'searxng-engines-failed': { params: ['provider', 'engines'] },
    // Its 403 is one thing: JSON output is switched off on the instance.
    'searxng-json-disabled': { params: ['provider'], fixedInSettings: true, testOutcome: 'json-disabled' },
    // Its 429 is the instance's bot limiter, with or without Retry-After.
    'searxng-limiter': { params: ['provider'] },
    'searxng-limiter-for': { params: ['provider', 'seconds'] },
  },
});
