import { z } from 'zod';
import type { FailureDeclaration } from './search-provider';
import { SEARCH_PROVIDERS } from './search-providers';

// What every side reads of the search providers, derived from the one list (search-providers.ts);
// each derivation is marked pure so a bundle that does not use it leaves it out.
export { SEARCH_PROVIDERS };

type Described = (typeof SEARCH_PROVIDERS)[number];
export type SearchProviderId = Described['id'];
/** The providers that need a key. */
export type KeyedProviderId = Extract<Described, { keyed: true }>['id'];
/** The failure codes the providers declare, each of its own. */
export type ProviderFailureCode = Described extends infer D
  ? D extends { failures: infer F }
    ? keyof F & string
    : never
  : never;

/** Search provider ids, as settings and messages validate them. */
export const SearchProviderIdSchema = z.enum(SEARCH_PROVIDERS.map((p) => p.id));

/** Provider names, as every message and screen says them (brands: the same in every language). */
export const SEARCH_PROVIDER_NAMES = /* @__PURE__ */ Object.fromEntries(SEARCH_PROVIDERS.map((p) => [p.id, p.name])) as Record<
  SearchProviderId,
  string
>;

/** Providers that need a key. */
export const KEYED_PROVIDERS: readonly KeyedProviderId[] = /* @__PURE__ */ SEARCH_PROVIDERS.flatMap((p) =>
  p.keyed ? [p.id] : [],
);

/** Providers that need no key. */
export const KEYLESS_PROVIDERS: readonly Exclude<SearchProviderId, KeyedProviderId>[] = /* @__PURE__ */ SEARCH_PROVIDERS.flatMap(
  (p) => (p.keyed ? [] : [p.id]),
);

/** Whether a provider takes a key. */
export function isKeyed(id: SearchProviderId): id is KeyedProviderId {
  return (KEYED_PROVIDERS as readonly string[]).includes(id);
}

/** Default endpoints; every one can be overridden in Settings (self-hosted, proxies, tests). */
export const DEFAULT_BASE_URLS = /* @__PURE__ */ Object.fromEntries(
  SEARCH_PROVIDERS.map((p) => [p.id, p.defaults.baseUrl]),
) as Record<SearchProviderId, string>;

/** The description of a provider, by id. */
export function searchProviderOf(id: SearchProviderId): SearchProviderDescriptionOf<SearchProviderId> {
  return SEARCH_PROVIDERS.find((p) => p.id === id)!;
}
type SearchProviderDescriptionOf<I extends SearchProviderId> = Extract<Described, { id: I }>;

/** One schema per provider, chosen by whether it takes a key: a `search` object's shape (stored, public, update). */
export type PerProvider<K, L> = { [D in Described as D['id']]: D['keyed'] extends true ? K : L };

/** `PerProvider` built: `keyed` for the providers that take a key, `keyless` for the others. */
export function perProvider<K, L>(keyed: K, keyless: L): PerProvider<K, L> {
  return Object.fromEntries(SEARCH_PROVIDERS.map((p) => [p.id, p.keyed ? keyed : keyless])) as PerProvider<K, L>;
}

/**
 * Each provider's stored settings schema, by id (the shape of `settings.search` besides `providers`).
 * Settings stored before a provider was added load with its defaults for it.
 */
export const SEARCH_SETTINGS_SHAPE = /* @__PURE__ */ Object.fromEntries(SEARCH_PROVIDERS.map((p) => [p.id, p.settings])) as {
  [D in Described as D['id']]: D['settings'];
};

/** Each provider's settings on a fresh install, by id. */
export function searchDefaults(): { [D in Described as D['id']]: D['defaults'] } {
  return Object.fromEntries(SEARCH_PROVIDERS.map((p) => [p.id, { ...p.defaults }])) as {
    [D in Described as D['id']]: D['defaults'];
  };
}

/** The providers a fresh install searches. */
export const DEFAULT_PROVIDERS: SearchProviderId[] = /* @__PURE__ */ SEARCH_PROVIDERS.flatMap((p) =>
  'onByDefault' in p && p.onByDefault ? [p.id] : [],
);

const declared: Array<[ProviderFailureCode, FailureDeclaration]> = SEARCH_PROVIDERS.flatMap(
  (p) => Object.entries(p.failures) as Array<[ProviderFailureCode, FailureDeclaration]>,
);

/** The providers' own failure codes (lib/shared/types.ts adds them to the shared ones). */
export const PROVIDER_FAILURE_CODES: readonly ProviderFailureCode[] = declared.map(([code]) => code);

/** Each provider code's parameters, in its message's placeholder order. */
export const PROVIDER_FAILURE_PARAMS = /* @__PURE__ */ Object.fromEntries(
  declared.map(([code, d]) => [code, d.params]),
) as Record<ProviderFailureCode, readonly string[]>;

/** The provider codes whose fix is in the settings. */
export const PROVIDER_FIXED_IN_SETTINGS: readonly ProviderFailureCode[] = /* @__PURE__ */ declared.flatMap(([code, d]) =>
  d.fixedInSettings ? [code] : [],
);

/** What "Test connection" calls a provider's failure, for the codes that mean one thing there. */
export function testOutcomeOf(code: string | undefined): FailureDeclaration['testOutcome'] {
  return declared.find(([c]) => c === code)?.[1].testOutcome;
}
