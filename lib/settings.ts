import { z } from 'zod';
import {
  DEFAULT_PROVIDERS,
  KEYED_PROVIDERS,
  SEARCH_SETTINGS_SHAPE,
  SearchProviderIdSchema,
  searchDefaults,
  type KeyedProviderId,
} from './providers/registry';
import { RELEASE_SOURCE_IDS } from './providers/release-sources';
import { KeyedSettingsSchema } from './providers/search-provider';

// The search providers are described in lib/providers (one file each) and listed in its registry;
// settings, messages, the options page and the CLI read them from there.
export {
  DEFAULT_BASE_URLS,
  KEYED_PROVIDERS,
  SEARCH_PROVIDER_NAMES,
  SearchProviderIdSchema,
  isKeyed,
  type KeyedProviderId,
  type SearchProviderId,
} from './providers/registry';

/** Primary sources from the seed: regulators, standards bodies, vendor documentation. */
export const DEFAULT_PRIMARY_DOMAINS = [
  'europa.eu',
  'nist.gov',
  'ietf.org',
  'w3.org',
  'python.org',
  'developer.mozilla.org',
  'whatwg.org',
  'iso.org',
  'who.int',
  'un.org',
];

/** Keyless primary sources for release and version questions (lib/releases). */
export const ReleaseSourceIdSchema = z.enum(RELEASE_SOURCE_IDS);
export type ReleaseSourceIdSetting = z.infer<typeof ReleaseSourceIdSchema>;

const Keyed = KeyedSettingsSchema;

/** Structured-output modes an OpenAI-compatible endpoint may take (see lib/shared/capabilities.ts). */
export const StructuredModeSchema = z.enum(['json_schema', 'json_object', 'prompt']);

/**
 * The user's overrides of the capability table; a field left out follows the preset (or the
 * preset recognised from the base URL).
 */
export const ModelCapabilitiesSchema = z.object({
  /** Preset chosen in Settings → Model (a key of PRESETS), e.g. "ollama". */
  preset: z.string().max(40).optional(),
  /** How to ask for JSON. */
  structured: StructuredModeSchema.optional(),
  /** Whether `temperature: 0` may be sent. */
  temperature: z.boolean().optional(),
});
export type ModelCapabilities = z.infer<typeof ModelCapabilitiesSchema>;

/** Open tabs as evidence: ask per question, always offer them by default, or never read them. */
export const TabsPolicySchema = z.enum(['ask', 'always', 'never']);
export type TabsPolicy = z.infer<typeof TabsPolicySchema>;

/** Google Fact Check Tools' own address (lib/search/fact-check-tools.ts). */
export const FACT_CHECK_TOOLS_BASE_URL = 'https://factchecktools.googleapis.com';
/** The Wayback Machine's availability API, and where its copies and save page are (lib/search/wayback.ts). */
export const WAYBACK_API_BASE_URL = 'https://archive.org';
export const WAYBACK_WEB_BASE_URL = 'https://web.archive.org';
const WaybackSchema = z.object({ apiBaseUrl: z.string(), webBaseUrl: z.string() });

/** Own sources a fact-check opens when nothing says otherwise (Settings → Budgets): each is one page read. */
export const OWN_SOURCES_PER_CHECK = 10;

export const SettingsSchema = z.object({
  search: z.object({
    /** Providers queried for each question, in order. Empty = open tabs only. */
    providers: z.array(SearchProviderIdSchema),
    /** Each provider's own settings, by id (lib/providers/<id>.ts). */
    ...SEARCH_SETTINGS_SHAPE,
  }),
  model: z.object({
    /** "extractive" needs no model at all; "openai" is any OpenAI-compatible endpoint. */
    kind: z.enum(['extractive', 'openai']),
    baseUrl: z.string(),
    apiKey: z.string(),
    model: z.string(),
    /** Capability overrides; absent = the table's values for the preset or base URL. */
    capabilities: ModelCapabilitiesSchema.optional(),
  }),
  /** Pages fetched per question. */
  maxPages: z.number().int().min(1).max(10),
  /** Spans handed to the composer. */
  maxSpans: z.number().int().min(1).max(8),
  /** Claims a fact-check checks in one pass, the highest-ranked first (the rest are listed, for "check the rest"). */
  factCheckBudget: z.number().int().min(1).max(500).default(25),
  /**
   * Sources the checked claims themselves link to, opened per fact-check (two a claim, in rank
   * order): 0 opens none, so a check fetches no page the checked page links to.
   */
  ownSourcesPerCheck: z.number().int().min(0).max(50).default(OWN_SOURCES_PER_CHECK),
  /**
   * Allow fetching pages on loopback and private addresses (self-hosted and test setups).
   * Off by default: a search result must not make the extension read the user's LAN.
   */
  allowPrivateNetwork: z.boolean(),
  /** Gate: independent registrable domains required among web evidence. */
  minDomains: z.number().int().min(1).max(5),
  /** Gate: require a primary or allowlisted source. */
  requirePrimary: z.boolean(),
  /** Registrable domains counted as primary sources. */
  primaryDomains: z.array(z.string()),
  /** The user's allowlist (counts as primary) and denylist (never evidence), by registrable domain. */
  allowDomains: z.array(z.string()),
  denyDomains: z.array(z.string()),
  /** Freshness window in days applied when the question does not set one; null = no window. */
  freshnessDays: z.number().int().min(1).max(3650).nullable(),
  /** The model judges the claims the deterministic checks cannot settle, whenever there is a model (on by default). */
  judge: z.boolean(),
  /** Prices for the cost estimate in the trace. */
  prices: z.object({
    inputPerMillion: z.number().min(0),
    outputPerMillion: z.number().min(0),
    searchPerCall: z.number().min(0),
  }),
  /** Open tabs as evidence: the side panel's per-question choice defaults from this; "never" removes it. */
  tabsPolicy: TabsPolicySchema,
  /** Release sources asked for questions about the latest release or version of software; [] = none. */
  releaseSources: z.array(ReleaseSourceIdSchema).default([...RELEASE_SOURCE_IDS]),
  /** Google Fact Check Tools (Settings → Sources): asked per checked claim for earlier fact-checks when its key is set. */
  factCheckTools: Keyed.default({ apiKey: '', baseUrl: FACT_CHECK_TOOLS_BASE_URL }),
  /** The Wayback Machine (keyless): archived copies of cited pages, and its save page at the person's request. */
  wayback: WaybackSchema.default({ apiBaseUrl: WAYBACK_API_BASE_URL, webBaseUrl: WAYBACK_WEB_BASE_URL }),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** What a fresh install gets: keyless (Wikipedia + open tabs + extractive composer). */
export function defaultSettings(): Settings {
  return {
    search: { providers: [...DEFAULT_PROVIDERS], ...searchDefaults() },
    model: { kind: 'extractive', baseUrl: 'https://api.openai.com/v1', apiKey: '', model: 'gpt-4o-mini' },
    maxPages: 4,
    maxSpans: 5,
    factCheckBudget: 25,
    ownSourcesPerCheck: OWN_SOURCES_PER_CHECK,
    allowPrivateNetwork: false,
    minDomains: 2,
    requirePrimary: false,
    primaryDomains: DEFAULT_PRIMARY_DOMAINS,
    allowDomains: [],
    denyDomains: [],
    freshnessDays: null,
    judge: true,
    prices: { inputPerMillion: 0, outputPerMillion: 0, searchPerCall: 0 },
    tabsPolicy: 'ask',
    releaseSources: [...RELEASE_SOURCE_IDS],
    factCheckTools: { apiKey: '', baseUrl: FACT_CHECK_TOOLS_BASE_URL },
    wayback: { apiBaseUrl: WAYBACK_API_BASE_URL, webBaseUrl: WAYBACK_WEB_BASE_URL },
  };
}

type PublicKeyed = { baseUrl: string; hasKey: boolean };

/** Settings as other contexts may see them: keys replaced by whether one is set. */
export type PublicSettings = Omit<Settings, 'search' | 'model' | 'factCheckTools'> & {
  factCheckTools: PublicKeyed;
  search: Omit<Settings['search'], KeyedProviderId> & Record<KeyedProviderId, PublicKeyed>;
  model: Omit<Settings['model'], 'apiKey'> & { hasKey: boolean };
};

/** Strips keys before settings leave the background (the options page shows "key set"). */
export function toPublicSettings(s: Settings): PublicSettings {
  const keyed = (k: { apiKey: string; baseUrl: string }): PublicKeyed => ({ baseUrl: k.baseUrl, hasKey: k.apiKey !== '' });
  return {
    ...s,
    search: {
      ...s.search,
      ...(Object.fromEntries(KEYED_PROVIDERS.map((id) => [id, keyed(s.search[id])])) as Record<KeyedProviderId, PublicKeyed>),
    },
    factCheckTools: keyed(s.factCheckTools),
    model: {
      kind: s.model.kind,
      baseUrl: s.model.baseUrl,
      model: s.model.model,
      ...(s.model.capabilities ? { capabilities: s.model.capabilities } : {}),
      hasKey: s.model.apiKey !== '',
    },
  };
}
