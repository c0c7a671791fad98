import { z } from 'zod';
import type { QueryLimits } from './query-limits';

/** The settings of a provider that takes a key: its key and its endpoint (stored as `settings.search.<id>`). */
export const KeyedSettingsSchema = z.object({ apiKey: z.string(), baseUrl: z.string() });
/** The settings of a keyless provider: its endpoint alone. */
export const KeylessSettingsSchema = z.object({ baseUrl: z.string() });

/**
 * One failure code a provider declares: its message is `failure<Code>` in every catalogue
 * (public/_locales/<lang>/messages.json), with `params` in its placeholders' order ($1, $2…).
 */
export interface FailureDeclaration {
  /** The code's parameters, in its message's placeholder order. */
  params: readonly string[];
  /** Whether the fix is in the settings (in the command line: the SPANLIGHT_* variables). */
  fixedInSettings?: boolean;
  /** What "Test connection" calls this failure, when it means one thing (SearXNG's 403: JSON output is off). */
  testOutcome?: 'json-disabled';
}

/**
 * Everything the extension, its options page and the command line know of a search provider
 * besides its protocol and its messages (the catalogues' `providerAbout<Id>` and `failure<Code>`) (lib/search/<id>.ts speaks that). Written once, in lib/providers/<id>.ts, and
 * listed in lib/providers/registry.ts; settings, messages, the options page and the CLI read it there.
 */
export interface SearchProviderDescription {
  /** Stable id: the settings key (`settings.search.<id>`), the trace's provider, SPANLIGHT_<ID>_* in the CLI. */
  id: string;
  /** Name shown to people (a brand: the same in every language). */
  name: string;
  /** Whether it needs an API key; a keyed provider without one is not searched. */
  keyed: boolean;
  /** Its settings as stored (KeyedSettingsSchema or KeylessSettingsSchema, as `keyed` says), its defaults when absent. */
  settings: z.ZodDefault<typeof KeyedSettingsSchema> | z.ZodDefault<typeof KeylessSettingsSchema>;
  /** Its settings on a fresh install. */
  defaults: { apiKey: string; baseUrl: string } | { baseUrl: string };
  /** Whether a fresh install searches it (absent: no). */
  onByDefault?: boolean;
  /** What its base URL is, as `spanlight ask --help` says it ("the api.php URL"; absent: the service's root URL). */
  baseUrlHelp?: string;
  /** How the engine matches a query and how long a query it takes (lib/providers/query-limits.ts). */
  limits: QueryLimits;
  /** The failure codes of its own, beside the ones every provider shares (lib/shared/failure-codes.ts). */
  failures: Record<string, FailureDeclaration>;
}

/**
 * A provider's settings schema and defaults when it takes a key, its endpoint on a fresh install
 * being `baseUrl`. Settings stored before the provider was added load with these defaults for it.
 */
export function keyedSettings(baseUrl: string) {
  return {
    keyed: true as const,
    settings: KeyedSettingsSchema.default(() => ({ apiKey: '', baseUrl })),
    defaults: { apiKey: '', baseUrl },
  };
}

/** A keyless provider's settings schema and defaults. */
export function keylessSettings(baseUrl: string) {
  return { keyed: false as const, settings: KeylessSettingsSchema.default(() => ({ baseUrl })), defaults: { baseUrl } };
}

/** A provider's description, its literal types kept (its id, whether it is keyed, its codes) for the registry to derive types from. */
export function defineSearchProvider<const D extends SearchProviderDescription>(description: D): D {
  return description;
}
