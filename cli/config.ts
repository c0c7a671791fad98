import {
  DEFAULT_BASE_URLS,
  DEFAULT_PROVIDERS,
  KEYED_PROVIDERS,
  SEARCH_PROVIDERS,
  SEARCH_PROVIDER_NAMES,
  SearchProviderIdSchema,
  isKeyed,
  type SearchProviderId,
} from '../lib/providers/registry';
import { defaultSettings, type Settings } from '../lib/settings';

/** A setting in the environment that cannot be used as it is; the message says which and how to fix it. */
export class ConfigError extends Error {}

/** The extension's settings for `spanlight ask`, and settings that were given but have no effect. */
export interface CliConfig {
  /** Holds keys: print it only through describeConfig. */
  settings: Settings;
  /** Said once on stderr. */
  notes: string[];
}

type Env = Record<string, string | undefined>;

const PROVIDER_IDS: readonly SearchProviderId[] = SearchProviderIdSchema.options;

/** A variable's trimmed value; unset and blank are the same. */
function read(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function httpUrl(value: string, variable: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // Falls through to the error.
  }
  throw new ConfigError(`${variable} must be an http(s) URL, got "${value}"`);
}

function flag(env: Env, name: string): boolean {
  const v = read(env, name)?.toLowerCase();
  if (v === undefined || v === '0' || v === 'false' || v === 'no') return false;
  if (v === '1' || v === 'true' || v === 'yes') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${env[name]}"`);
}

/** `SPANLIGHT_BRAVE_KEY`, `SPANLIGHT_SEARXNG_BASE_URL`…: one provider's own variable. */
function own(id: SearchProviderId, what: 'KEY' | 'BASE_URL'): string {
  return `SPANLIGHT_${id.toUpperCase()}_${what}`;
}

/**
 * The extension's settings from the environment: its defaults (keyless: Wikipedia and the
 * extractive composer) with what the environment changes.
 *
 * - SPANLIGHT_SEARCH_PROVIDER: comma-separated ids (lib/providers/registry.ts lists them).
 * - SPANLIGHT_SEARCH_KEY / SPANLIGHT_SEARCH_BASE_URL: for the one provider that takes them; with
 *   several, SPANLIGHT_<ID>_KEY / SPANLIGHT_<ID>_BASE_URL name each one (these always win).
 * - SPANLIGHT_MODEL_BASE_URL, SPANLIGHT_MODEL_KEY, SPANLIGHT_MODEL: an OpenAI-compatible endpoint;
 *   without a base URL, the extractive composer.
 * - SPANLIGHT_ALLOW_PRIVATE_NETWORK=1: fetch pages on loopback and private addresses.
 * - SPANLIGHT_MAX_PAGES: pages read per question, 1–10.
 * - SPANLIGHT_FACT_CHECK_TOOLS_KEY (and SPANLIGHT_FACT_CHECK_TOOLS_BASE_URL): Google Fact Check
 *   Tools, asked for earlier fact-checks of each checked claim.
 *
 * Throws ConfigError, naming the variable, for anything that cannot be used.
 */
export function configFromEnv(env: Env): CliConfig {
  const settings = defaultSettings();
  const notes: string[] = [];

  const ids: SearchProviderId[] = [];
  for (const raw of (read(env, 'SPANLIGHT_SEARCH_PROVIDER') ?? 'wikipedia').split(',')) {
    const id = raw.trim().toLowerCase();
    if (id === '') continue;
    const known = PROVIDER_IDS.find((p) => p === id);
    if (!known) throw new ConfigError(`SPANLIGHT_SEARCH_PROVIDER: unknown provider "${id}" (known: ${PROVIDER_IDS.join(', ')})`);
    if (!ids.includes(known)) ids.push(known);
  }
  if (ids.length === 0) throw new ConfigError(`SPANLIGHT_SEARCH_PROVIDER names no provider (known: ${PROVIDER_IDS.join(', ')})`);
  settings.search.providers = ids;

  const sharedKey = read(env, 'SPANLIGHT_SEARCH_KEY');
  const sharedBase = read(env, 'SPANLIGHT_SEARCH_BASE_URL');
  const keyed = ids.filter(isKeyed);
  if (sharedKey !== undefined && keyed.length === 0)
    notes.push(`SPANLIGHT_SEARCH_KEY is set but ${ids.join(', ')} takes no key: it is not used`);
  if (sharedKey !== undefined && keyed.length > 1 && keyed.some((id) => read(env, own(id, 'KEY')) === undefined))
    throw new ConfigError(
      `SPANLIGHT_SEARCH_KEY is ambiguous with several providers that take a key (${keyed.join(', ')}): ` +
        `set ${keyed.map((id) => own(id, 'KEY')).join(', ')} instead`,
    );
  if (sharedBase !== undefined && ids.length > 1)
    throw new ConfigError(
      `SPANLIGHT_SEARCH_BASE_URL is ambiguous with several providers (${ids.join(', ')}): ` +
        `set ${ids.map((id) => own(id, 'BASE_URL')).join(', ')} for the ones to change`,
    );

  for (const id of ids) {
    const ownBase = read(env, own(id, 'BASE_URL'));
    const base = ownBase ?? sharedBase;
    const baseUrl =
      base === undefined
        ? DEFAULT_BASE_URLS[id]
        : httpUrl(base, ownBase !== undefined ? own(id, 'BASE_URL') : 'SPANLIGHT_SEARCH_BASE_URL');
    if (!isKeyed(id)) {
      settings.search[id] = { baseUrl };
      continue;
    }
    const apiKey = read(env, own(id, 'KEY')) ?? sharedKey;
    if (apiKey === undefined) throw new ConfigError(`${id} needs an API key: set SPANLIGHT_SEARCH_KEY (or ${own(id, 'KEY')})`);
    settings.search[id] = { apiKey, baseUrl };
  }

  const modelBase = read(env, 'SPANLIGHT_MODEL_BASE_URL');
  if (modelBase !== undefined) {
    settings.model = {
      kind: 'openai',
      baseUrl: httpUrl(modelBase, 'SPANLIGHT_MODEL_BASE_URL'),
      apiKey: read(env, 'SPANLIGHT_MODEL_KEY') ?? '',
      model: read(env, 'SPANLIGHT_MODEL') ?? settings.model.model,
    };
  } else {
    const unused = ['SPANLIGHT_MODEL_KEY', 'SPANLIGHT_MODEL'].filter((v) => read(env, v) !== undefined);
    if (unused.length > 0)
      notes.push(`${unused.join(' and ')} set without SPANLIGHT_MODEL_BASE_URL: composing extractively, without a model`);
  }

  const factCheckKey = read(env, 'SPANLIGHT_FACT_CHECK_TOOLS_KEY');
  const factCheckBase = read(env, 'SPANLIGHT_FACT_CHECK_TOOLS_BASE_URL');
  if (factCheckKey !== undefined || factCheckBase !== undefined)
    settings.factCheckTools = {
      apiKey: factCheckKey ?? '',
      baseUrl:
        factCheckBase === undefined
          ? settings.factCheckTools.baseUrl
          : httpUrl(factCheckBase, 'SPANLIGHT_FACT_CHECK_TOOLS_BASE_URL'),
    };

  const pages = read(env, 'SPANLIGHT_MAX_PAGES');
  if (pages !== undefined) {
    const n = /^\d+$/.test(pages) ? Number(pages) : NaN;
    if (!(n >= 1 && n <= 10)) throw new ConfigError(`SPANLIGHT_MAX_PAGES must be a whole number from 1 to 10, got "${pages}"`);
    settings.maxPages = n;
  }
  settings.allowPrivateNetwork = flag(env, 'SPANLIGHT_ALLOW_PRIVATE_NETWORK');
  return { settings, notes };
}

/** A URL for messages: origin and path only, so credentials or tokens in it are never printed. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** What an answer reads, as the configuration line says it. */
export function pagesRead(n: number): string {
  return `up to ${n} page${n === 1 ? '' : 's'}`;
}

/** One line saying what `ask` will use, without any key. */
export function describeConfig(settings: Settings, reads: string = pagesRead(settings.maxPages)): string {
  const search = settings.search.providers
    .map((id) => `${SEARCH_PROVIDER_NAMES[id]} at ${redactUrl(settings.search[id].baseUrl)}${isKeyed(id) ? ' (key set)' : ''}`)
    .join(', ');
  const m = settings.model;
  const model =
    m.kind === 'openai'
      ? `${m.model} at ${redactUrl(m.baseUrl)}${m.apiKey ? ' (key set)' : ' (no key)'}`
      : 'extractive (no model)';
  return `search: ${search}; model: ${model}; ${reads}` + (settings.allowPrivateNetwork ? '; private-network pages allowed' : '');
}

/** Words wrapped into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** The help lines of the search variables, from the providers' descriptions (`spanlight ask --help`). */
export function searchVariablesHelp(): string {
  const variable = (name: string, text: string) =>
    wrap(text, 67)
      .map((line, i) => `${i === 0 ? `  ${name}`.padEnd(35) : ' '.repeat(35)}${line}`)
      .join('\n');
  const ids = SEARCH_PROVIDERS.map((p) => (DEFAULT_PROVIDERS.includes(p.id) ? `${p.id} (default)` : p.id));
  const byHelp = new Map<string, string[]>();
  for (const p of SEARCH_PROVIDERS) {
    const help = 'baseUrlHelp' in p ? p.baseUrlHelp : "the service's root URL";
    byHelp.set(help, [...(byHelp.get(help) ?? []), p.id]);
  }
  const bases = [...byHelp].map(([help, of]) => `${of.join(', ')}, ${help}`);
  return [
    variable('SPANLIGHT_SEARCH_PROVIDER', `comma-separated: ${ids.join(', ')}`),
    variable('SPANLIGHT_SEARCH_KEY', `API key of the provider that takes one (${KEYED_PROVIDERS.join(', ')})`),
    variable('SPANLIGHT_SEARCH_BASE_URL', `the provider's endpoint, when not the public one: ${bases.join('; ')}`),
  ].join('\n');
}
