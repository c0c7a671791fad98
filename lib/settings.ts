import { z } from 'zod';

/** Search providers the foundation speaks; more arrive with the retrieval issue (#3). */
export const SearchProviderIdSchema = z.enum(['wikipedia', 'brave']);
export type SearchProviderId = z.infer<typeof SearchProviderIdSchema>;

/** Default endpoints; every one can be overridden in Settings (self-hosted, proxies, tests). */
export const DEFAULT_BASE_URLS: Record<SearchProviderId, string> = {
  wikipedia: 'https://en.wikipedia.org/w/api.php',
  brave: 'https://api.search.brave.com/res/v1/web/search',
};

export const SettingsSchema = z.object({
  search: z.object({
    /** Providers queried for each question, in order. Empty = open tabs only. */
    providers: z.array(SearchProviderIdSchema),
    brave: z.object({ apiKey: z.string(), baseUrl: z.string() }),
    wikipedia: z.object({ baseUrl: z.string() }),
  }),
  model: z.object({
    /** "extractive" needs no model at all; "openai" is any OpenAI-compatible endpoint. */
    kind: z.enum(['extractive', 'openai']),
    baseUrl: z.string(),
    apiKey: z.string(),
    model: z.string(),
  }),
  /** Pages fetched per question. */
  maxPages: z.number().int().min(1).max(10),
  /** Spans handed to the composer. */
  maxSpans: z.number().int().min(1).max(8),
  /**
   * Allow fetching pages on loopback and private addresses (self-hosted and test setups).
   * Off by default: a search result must not make the extension read the user's LAN.
   */
  allowPrivateNetwork: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** What a fresh install gets: keyless (Wikipedia + open tabs + extractive composer). */
export function defaultSettings(): Settings {
  return {
    search: {
      providers: ['wikipedia'],
      brave: { apiKey: '', baseUrl: DEFAULT_BASE_URLS.brave },
      wikipedia: { baseUrl: DEFAULT_BASE_URLS.wikipedia },
    },
    model: { kind: 'extractive', baseUrl: 'https://api.openai.com/v1', apiKey: '', model: 'gpt-4o-mini' },
    maxPages: 4,
    maxSpans: 5,
    allowPrivateNetwork: false,
  };
}

/** Settings as other contexts may see them: keys replaced by whether one is set. */
export type PublicSettings = Omit<Settings, 'search' | 'model'> & {
  search: Omit<Settings['search'], 'brave'> & { brave: { baseUrl: string; hasKey: boolean } };
  model: Omit<Settings['model'], 'apiKey'> & { hasKey: boolean };
};

/** Strips keys before settings leave the background (the options page shows "key set"). */
export function toPublicSettings(s: Settings): PublicSettings {
  return {
    ...s,
    search: { ...s.search, brave: { baseUrl: s.search.brave.baseUrl, hasKey: s.search.brave.apiKey !== '' } },
    model: { kind: s.model.kind, baseUrl: s.model.baseUrl, model: s.model.model, hasKey: s.model.apiKey !== '' },
  };
}
