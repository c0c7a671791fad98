import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SearchProviderSettings } from '@/components/options/search-provider';
import { applySettingsUpdate } from '@/lib/background/settings-calls';
import { SettingsUpdateSchema } from '@/lib/messaging/protocol';
import { draftFromSettings, updateFromDraft } from '@/lib/options/draft';
import { SEARCH_PROVIDERS, SearchProviderIdSchema, type SearchProviderId } from '@/lib/providers/registry';
import { providersFor } from '@/lib/search/registry';
import { SettingsSchema, defaultSettings, toPublicSettings, type Settings } from '@/lib/settings';
import { FAILURE_PARAMS, FIXED_IN_SETTINGS } from '@/lib/shared/failure-codes';
import { FailureCodeSchema, type FailureCode } from '@/lib/shared/types';
import { configFromEnv, describeConfig, searchVariablesHelp } from '../../cli/config';
import { sendJson, startFakeServer, type FakeServer } from '../fakes/http-server';
import { speak } from './panel-catalogue';

// Adding a search provider is its description (lib/providers/<id>.ts) in the list, its adapter in
// lib/search/adapters.ts, and its messages: here a made-up "example" provider (test/fakes/example-*.ts)
// is added to those two lists alone, and shows up everywhere else, read from the registry.
vi.mock('@/lib/providers/search-providers', async (importOriginal) => {
  const { SEARCH_PROVIDERS } = await importOriginal<typeof import('@/lib/providers/search-providers')>();
  const { example } = await import('../fakes/example-provider');
  return { SEARCH_PROVIDERS: [...SEARCH_PROVIDERS, example] };
});
vi.mock('@/lib/search/adapters', async (importOriginal) => {
  const { SEARCH_ADAPTERS } = await importOriginal<typeof import('@/lib/search/adapters')>();
  const { createExampleProvider } = await import('../fakes/example-adapter');
  return { SEARCH_ADAPTERS: { ...SEARCH_ADAPTERS, example: createExampleProvider } };
});

// The types know the six real providers only; the made-up one is reached through these.
const EXAMPLE = 'example' as SearchProviderId;
type Keyed = { apiKey: string; baseUrl: string };
const exampleOf = (search: object) => (search as Record<string, Keyed | undefined>).example;

const KEY = 'example-key-0123';
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    if (req.headers['x-key'] !== KEY) return sendJson(res, 401, { error: 'bad key' });
    const q = new URL(req.url, 'http://x').searchParams.get('q');
    sendJson(res, 200, { items: [{ link: 'https://found.example/a', name: `About ${q}` }] });
  });
});
afterAll(() => server.close());

/** Default settings with the example provider on, at the fake server, with `apiKey`. */
function withExample(apiKey = KEY): Settings {
  const s = defaultSettings();
  Object.assign(s.search, { providers: [EXAMPLE], example: { apiKey, baseUrl: server.origin } });
  return s;
}

describe('a provider added in its own file appears everywhere', () => {
  it('is in the registry, after the six, with its id in the settings schema', () => {
    expect(SEARCH_PROVIDERS.map((p) => p.id)).toEqual(['wikipedia', 'brave', 'tavily', 'exa', 'searxng', 'serper', 'example']);
    expect(SearchProviderIdSchema.safeParse('example').success).toBe(true);
  });

  it('has its defaults in the settings, and settings stored before it existed load with them', () => {
    expect(exampleOf(defaultSettings().search)).toEqual({ apiKey: '', baseUrl: 'https://api.search.example' });
    expect(defaultSettings().search.providers).toEqual(['wikipedia']);
    const before = defaultSettings();
    before.search.brave.apiKey = 'stored-brave-key';
    delete (before.search as Record<string, unknown>).example;
    const loaded = SettingsSchema.parse(before);
    expect(loaded.search.brave.apiKey).toBe('stored-brave-key');
    expect(exampleOf(loaded.search)).toEqual({ apiKey: '', baseUrl: 'https://api.search.example' });
  });

  it('keeps its key in the background: the public settings say only whether one is set', () => {
    expect(exampleOf(toPublicSettings(withExample()).search)).toEqual({ baseUrl: server.origin, hasKey: true });
  });

  it('is in the options draft, and a saved draft sends and keeps its key and base URL', () => {
    const draft = draftFromSettings(toPublicSettings(withExample()));
    expect(draft.baseUrls[EXAMPLE]).toBe(server.origin);
    expect((draft.keys as Record<string, string>).example).toBe('');
    const checked = updateFromDraft({
      ...draft,
      baseUrls: { ...draft.baseUrls, [EXAMPLE]: 'https://other.example/' },
      keys: { ...draft.keys, [EXAMPLE]: ' new-key ' },
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const update = SettingsUpdateSchema.parse(checked.update);
    expect(exampleOf(update.search)).toEqual({ baseUrl: 'https://other.example/', apiKey: 'new-key' });
    const next = applySettingsUpdate(withExample(), update);
    expect(exampleOf(next.search)).toEqual({ baseUrl: 'https://other.example/', apiKey: 'new-key' });
    expect(next.search.providers).toEqual([EXAMPLE]);
  });

  it('has its settings on the options page: the toggle, the key, the base URL and its test', () => {
    speak('en');
    const draft = draftFromSettings(toPublicSettings(withExample()));
    const html = renderToStaticMarkup(
      createElement(SearchProviderSettings, { id: EXAMPLE, draft, errors: {}, hasKey: true, change: () => {} }),
    );
    expect(html).toContain('data-provider="example"');
    expect(html).toContain('<legend>Example Search</legend>');
    expect(html).toContain('>Example Search API key</label>');
    for (const name of ['provider-example', 'example-key', 'example-base-url']) expect(html).toContain(`name="${name}"`);
  });

  it('is configured by the command line from SPANLIGHT_EXAMPLE_* and named in its help', () => {
    const { settings } = configFromEnv({
      SPANLIGHT_SEARCH_PROVIDER: 'wikipedia,example',
      SPANLIGHT_EXAMPLE_KEY: KEY,
      SPANLIGHT_EXAMPLE_BASE_URL: server.origin,
    });
    expect(settings.search.providers).toEqual(['wikipedia', 'example']);
    expect(exampleOf(settings.search)).toEqual({ apiKey: KEY, baseUrl: server.origin });
    expect(describeConfig(settings)).toContain(`Example Search at ${server.origin} (key set)`);
    expect(() => configFromEnv({ SPANLIGHT_SEARCH_PROVIDER: 'example' })).toThrow(/example needs an API key/);
    const help = searchVariablesHelp().replace(/\s+/g, ' ');
    expect(help).toContain('comma-separated: wikipedia (default), brave, tavily, exa, searxng, serper, example');
    expect(help).toContain('(brave, tavily, exa, serper, example)');
    expect(help).toContain('example, the example root URL');
  });

  it('is searched through its adapter, and left out without a key', async () => {
    const { providers, missingKeys } = providersFor(withExample());
    expect(providers.map((p) => p.id)).toEqual(['example']);
    const { hits } = await providers[0]!.search('exampleville population', { count: 3, fetch, timeoutMs: 2000 });
    expect(hits).toMatchObject([
      { url: 'https://found.example/a', title: 'About exampleville population', provider: 'example', rank: 1 },
    ]);
    expect(server.requests.at(-1)!.headers['x-key']).toBe(KEY);
    expect(providersFor(withExample(''))).toEqual({ providers: [], missingKeys: ['Example Search'] });
    expect(missingKeys).toEqual([]);
  });

  it('declares its own failure codes: the shared code list, their parameters and "fixed in settings" take them', () => {
    const code = 'example-out-of-credits' as FailureCode;
    expect(FailureCodeSchema.safeParse(code).success).toBe(true);
    expect(FAILURE_PARAMS[code]).toEqual(['provider']);
    expect(FIXED_IN_SETTINGS.has(code)).toBe(true);
  });
});
