import type { SettingsUpdate, Value, BackgroundCalls } from '../messaging/protocol';
import { PRESETS, capabilitiesFor, type StructuredMode } from '../shared/capabilities';
import {
  KEYED_PROVIDERS,
  ReleaseSourceIdSchema,
  SearchProviderIdSchema,
  isKeyed,
  type KeyedProviderId,
  type ReleaseSourceIdSetting,
  type ModelCapabilities,
  type SearchProviderId,
  type TabsPolicy,
} from '../settings';
import type { MessageKey } from '../i18n';

export { isKeyed };

/** Settings as the options page receives them (keys replaced by `hasKey`). */
export type PublicSettings = Value<BackgroundCalls, 'getSettings'>;

/** Every search provider, in the order the options page lists them. */
export const SEARCH_PROVIDERS: readonly SearchProviderId[] = SearchProviderIdSchema.options;

/** Every keyless release source, in the order the options page lists them. */
export const RELEASE_SOURCES: readonly ReleaseSourceIdSetting[] = ReleaseSourceIdSchema.options;

/** Model presets the options page offers; "extractive" is "no model". */
export const MODEL_PRESETS = [
  'extractive',
  'openai',
  'openrouter',
  'groq',
  'mistral',
  'deepseek',
  'gemini',
  'ollama',
  'lmstudio',
  'custom',
] as const;
export type ModelPreset = (typeof MODEL_PRESETS)[number];

/** The options form as typed: numbers stay text until saved, so a half-typed value is not lost. */
export interface OptionsDraft {
  providers: SearchProviderId[];
  baseUrls: Record<SearchProviderId, string>;
  /** New keys typed since the last save ('' = keep the stored one). */
  keys: Record<KeyedProviderId, string>;
  modelPreset: ModelPreset;
  modelBaseUrl: string;
  /** A new model key typed since the last save ('' = keep the stored one). */
  modelKey: string;
  modelName: string;
  /** 'auto' follows the preset. */
  structured: 'auto' | StructuredMode;
  /** 'auto' follows the preset and model. */
  temperature: 'auto' | 'yes' | 'no';
  allowDomains: string;
  denyDomains: string;
  primaryDomains: string;
  requirePrimary: boolean;
  minDomains: string;
  freshness: 'none' | 'days';
  freshnessDays: string;
  maxPages: string;
  maxSpans: string;
  factCheckBudget: string;
  ownSourcesPerCheck: string;
  priceInput: string;
  priceOutput: string;
  priceSearch: string;
  judge: boolean;
  tabsPolicy: TabsPolicy;
  allowPrivateNetwork: boolean;
  /** The release sources left on (asked for "latest release of X" questions). */
  releaseSources: ReleaseSourceIdSetting[];
  /** Google Fact Check Tools: a new key typed since the last save ('' = keep the stored one), and its base URL. */
  factCheckToolsKey: string;
  factCheckToolsBaseUrl: string;
  /** The Wayback Machine: its availability API and its web address (archived copies, the save page). */
  waybackApiBaseUrl: string;
  waybackWebBaseUrl: string;
}

/** Fields that can be wrong, for the message next to each. */
export type DraftField =
  | `baseUrl-${SearchProviderId}`
  | 'modelBaseUrl'
  | 'modelName'
  | 'allowDomains'
  | 'denyDomains'
  | 'primaryDomains'
  | 'minDomains'
  | 'freshnessDays'
  | 'maxPages'
  | 'maxSpans'
  | 'factCheckBudget'
  | 'ownSourcesPerCheck'
  | 'priceInput'
  | 'priceOutput'
  | 'priceSearch'
  | 'factCheckToolsBaseUrl'
  | 'waybackApiBaseUrl'
  | 'waybackWebBaseUrl';

/** A field's problem, as a message key and its substitutions. */
export interface FieldError {
  key: MessageKey;
  substitutions?: string[];
}

export type DraftErrors = Partial<Record<DraftField, FieldError>>;

/** A record of one value per id, in the ids' order. */
function byId<I extends string, V>(ids: readonly I[], value: (id: I) => V): Record<I, V> {
  return Object.fromEntries(ids.map((id) => [id, value(id)])) as Record<I, V>;
}

/** The preset shown for stored settings: the one chosen, else the one the base URL matches, else custom. */
export function presetOf(model: PublicSettings['model']): ModelPreset {
  if (model.kind === 'extractive') return 'extractive';
  const preset = model.capabilities?.preset ?? capabilitiesFor(model.baseUrl, model.model).preset;
  return (MODEL_PRESETS as readonly string[]).includes(preset) ? (preset as ModelPreset) : 'custom';
}

/** The base URL a preset fills in (custom and extractive keep what is there). */
export function presetBaseUrl(preset: ModelPreset, current: string): string {
  if (preset === 'custom' || preset === 'extractive') return current;
  return PRESETS[preset]?.baseUrl ?? current;
}

/** The form's starting state from stored settings. */
export function draftFromSettings(s: PublicSettings): OptionsDraft {
  const caps = s.model.capabilities;
  return {
    providers: [...s.search.providers],
    baseUrls: byId(SEARCH_PROVIDERS, (id) => s.search[id].baseUrl),
    keys: byId(KEYED_PROVIDERS, () => ''),
    modelPreset: presetOf(s.model),
    modelBaseUrl: s.model.baseUrl,
    modelKey: '',
    modelName: s.model.model,
    structured: caps?.structured ?? 'auto',
    temperature: caps?.temperature === undefined ? 'auto' : caps.temperature ? 'yes' : 'no',
    allowDomains: s.allowDomains.join('\n'),
    denyDomains: s.denyDomains.join('\n'),
    primaryDomains: s.primaryDomains.join('\n'),
    requirePrimary: s.requirePrimary,
    minDomains: String(s.minDomains),
    freshness: s.freshnessDays === null ? 'none' : 'days',
    freshnessDays: String(s.freshnessDays ?? 30),
    maxPages: String(s.maxPages),
    maxSpans: String(s.maxSpans),
    factCheckBudget: String(s.factCheckBudget),
    ownSourcesPerCheck: String(s.ownSourcesPerCheck),
    priceInput: String(s.prices.inputPerMillion),
    priceOutput: String(s.prices.outputPerMillion),
    priceSearch: String(s.prices.searchPerCall),
    judge: s.judge,
    tabsPolicy: s.tabsPolicy,
    allowPrivateNetwork: s.allowPrivateNetwork,
    releaseSources: [...s.releaseSources],
    factCheckToolsKey: '',
    factCheckToolsBaseUrl: s.factCheckTools.baseUrl,
    waybackApiBaseUrl: s.wayback.apiBaseUrl,
    waybackWebBaseUrl: s.wayback.webBaseUrl,
  };
}

/** The capability overrides the draft asks for (the preset included, so the table follows the choice). */
export function capabilitiesOf(draft: OptionsDraft): ModelCapabilities {
  return {
    ...(draft.modelPreset === 'extractive' ? {} : { preset: draft.modelPreset }),
    ...(draft.structured === 'auto' ? {} : { structured: draft.structured }),
    ...(draft.temperature === 'auto' ? {} : { temperature: draft.temperature === 'yes' }),
  };
}

/** Whether text is an http(s) URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain list typed one per line: pasted URLs and "*." prefixes are reduced to the host name,
 * international names to their ASCII form, blank lines skipped, duplicates dropped. Lines that are
 * no domain come back in `invalid`, as typed.
 */
export function parseDomainList(text: string): { domains: string[]; invalid: string[] } {
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const host = hostOf(line.replace(/^\*\./, ''));
    if (host && HOSTNAME.test(host) && !/^\d+(\.\d+)*$/.test(host)) {
      if (!domains.includes(host)) domains.push(host);
    } else invalid.push(line);
  }
  return { domains, invalid };
}

function hostOf(line: string): string | undefined {
  if (/\s/.test(line)) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(line) ? line : `http://${line}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || url.port) return undefined;
    return url.hostname.replace(/\.$/, '').toLowerCase();
  } catch {
    return undefined;
  }
}

function integer(text: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function price(text: string): number | undefined {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n <= 1_000_000 ? n : undefined;
}

/**
 * The update to send from a draft, or what is wrong with it, field by field. Keys are included
 * only when a new one was typed (a key left out keeps the stored one).
 */
export function updateFromDraft(draft: OptionsDraft): { ok: true; update: SettingsUpdate } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  for (const id of SEARCH_PROVIDERS)
    if (!isHttpUrl(draft.baseUrls[id])) errors[`baseUrl-${id}`] = { key: 'errorUrl', substitutions: [draft.baseUrls[id]] };
  if (!isHttpUrl(draft.factCheckToolsBaseUrl))
    errors.factCheckToolsBaseUrl = { key: 'errorUrl', substitutions: [draft.factCheckToolsBaseUrl] };
  for (const field of ['waybackApiBaseUrl', 'waybackWebBaseUrl'] as const)
    if (!isHttpUrl(draft[field])) errors[field] = { key: 'errorUrl', substitutions: [draft[field]] };
  const usesModel = draft.modelPreset !== 'extractive';
  if (usesModel && !isHttpUrl(draft.modelBaseUrl)) errors.modelBaseUrl = { key: 'errorUrl', substitutions: [draft.modelBaseUrl] };
  if (usesModel && draft.modelName.trim() === '') errors.modelName = { key: 'errorModelName' };
  const lists = {
    allowDomains: parseDomainList(draft.allowDomains),
    denyDomains: parseDomainList(draft.denyDomains),
    primaryDomains: parseDomainList(draft.primaryDomains),
  };
  for (const [field, list] of Object.entries(lists) as Array<[keyof typeof lists, ReturnType<typeof parseDomainList>]>) {
    if (list.invalid.length > 0) errors[field] = { key: 'errorDomains', substitutions: [list.invalid.join(', ')] };
    else if (list.domains.length > 500) errors[field] = { key: 'errorTooManyDomains' };
  }
  const minDomains = integer(draft.minDomains, 1, 5);
  if (minDomains === undefined) errors.minDomains = { key: 'errorRange', substitutions: ['1', '5'] };
  const freshnessDays = draft.freshness === 'days' ? integer(draft.freshnessDays, 1, 3650) : null;
  if (freshnessDays === undefined) errors.freshnessDays = { key: 'errorRange', substitutions: ['1', '3650'] };
  const maxPages = integer(draft.maxPages, 1, 10);
  if (maxPages === undefined) errors.maxPages = { key: 'errorRange', substitutions: ['1', '10'] };
  const maxSpans = integer(draft.maxSpans, 1, 8);
  if (maxSpans === undefined) errors.maxSpans = { key: 'errorRange', substitutions: ['1', '8'] };
  const factCheckBudget = integer(draft.factCheckBudget, 1, 500);
  if (factCheckBudget === undefined) errors.factCheckBudget = { key: 'errorRange', substitutions: ['1', '500'] };
  const ownSourcesPerCheck = integer(draft.ownSourcesPerCheck, 0, 50);
  if (ownSourcesPerCheck === undefined) errors.ownSourcesPerCheck = { key: 'errorRange', substitutions: ['0', '50'] };
  const prices = { input: price(draft.priceInput), output: price(draft.priceOutput), search: price(draft.priceSearch) };
  if (prices.input === undefined) errors.priceInput = { key: 'errorPrice' };
  if (prices.output === undefined) errors.priceOutput = { key: 'errorPrice' };
  if (prices.search === undefined) errors.priceSearch = { key: 'errorPrice' };
  if (
    Object.keys(errors).length > 0 ||
    minDomains === undefined ||
    freshnessDays === undefined ||
    maxPages === undefined ||
    maxSpans === undefined ||
    factCheckBudget === undefined ||
    ownSourcesPerCheck === undefined ||
    prices.input === undefined ||
    prices.output === undefined ||
    prices.search === undefined
  )
    return { ok: false, errors };

  const search = (id: SearchProviderId) => ({
    baseUrl: draft.baseUrls[id].trim(),
    ...(isKeyed(id) && draft.keys[id].trim() ? { apiKey: draft.keys[id].trim() } : {}),
  });
  return {
    ok: true,
    update: {
      search: {
        providers: SEARCH_PROVIDERS.filter((id) => draft.providers.includes(id)),
        ...byId(SEARCH_PROVIDERS, search),
      },
      model: {
        kind: usesModel ? 'openai' : 'extractive',
        // Without a model these are not used; a blanked field must not block saving the rest.
        baseUrl: isHttpUrl(draft.modelBaseUrl) ? draft.modelBaseUrl.trim() : (PRESETS.openai?.baseUrl ?? ''),
        model: draft.modelName.trim() || 'gpt-4o-mini',
        ...(draft.modelKey.trim() ? { apiKey: draft.modelKey.trim() } : {}),
        capabilities: capabilitiesOf(draft),
      },
      maxPages,
      maxSpans,
      factCheckBudget,
      ownSourcesPerCheck,
      allowPrivateNetwork: draft.allowPrivateNetwork,
      minDomains,
      requirePrimary: draft.requirePrimary,
      primaryDomains: lists.primaryDomains.domains,
      allowDomains: lists.allowDomains.domains,
      denyDomains: lists.denyDomains.domains,
      freshnessDays,
      judge: draft.judge,
      prices: { inputPerMillion: prices.input, outputPerMillion: prices.output, searchPerCall: prices.search },
      tabsPolicy: draft.tabsPolicy,
      releaseSources: RELEASE_SOURCES.filter((id) => draft.releaseSources.includes(id)),
      factCheckTools: {
        baseUrl: draft.factCheckToolsBaseUrl.trim(),
        ...(draft.factCheckToolsKey.trim() ? { apiKey: draft.factCheckToolsKey.trim() } : {}),
      },
      wayback: { apiBaseUrl: draft.waybackApiBaseUrl.trim(), webBaseUrl: draft.waybackWebBaseUrl.trim() },
    },
  };
}

/** The http(s) origins the draft will talk to: enabled providers, the model endpoint, Fact Check Tools when a key is typed. */
export function draftEndpoints(draft: OptionsDraft): string[] {
  return [
    ...draft.providers.map((id) => draft.baseUrls[id]),
    ...(draft.modelPreset === 'extractive' ? [] : [draft.modelBaseUrl]),
    ...(draft.factCheckToolsKey.trim() ? [draft.factCheckToolsBaseUrl] : []),
  ].filter(isHttpUrl);
}
