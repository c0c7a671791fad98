import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, describeConfig, redactUrl } from '../../cli/config';
import { DEFAULT_BASE_URLS, defaultSettings } from '../../lib/settings';

function configError(env: Record<string, string>): string {
  try {
    configFromEnv(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('spanlight ask: configuration from the environment', () => {
  it('keyless without any variable: the extension defaults (Wikipedia, extractive, no private network)', () => {
    const { settings, notes } = configFromEnv({});
    expect(settings).toEqual(defaultSettings());
    expect(settings.search.providers).toEqual(['wikipedia']);
    expect(settings.model.kind).toBe('extractive');
    expect(settings.allowPrivateNetwork).toBe(false);
    expect(notes).toEqual([]);
    expect(describeConfig(settings)).toBe(
      `search: Wikipedia at ${DEFAULT_BASE_URLS.wikipedia}; model: extractive (no model); up to 4 pages`,
    );
  });

  it('blank variables count as unset', () => {
    expect(
      configFromEnv({ SPANLIGHT_SEARCH_PROVIDER: ' ', SPANLIGHT_SEARCH_KEY: '', SPANLIGHT_MODEL_BASE_URL: '  ' }).settings,
    ).toEqual(defaultSettings());
  });

  it('one keyed provider takes SPANLIGHT_SEARCH_KEY and SPANLIGHT_SEARCH_BASE_URL', () => {
    const { settings } = configFromEnv({
      SPANLIGHT_SEARCH_PROVIDER: 'Brave',
      SPANLIGHT_SEARCH_KEY: ' bk ',
      SPANLIGHT_SEARCH_BASE_URL: 'http://127.0.0.1:9/res/v1/web/search',
    });
    expect(settings.search.providers).toEqual(['brave']);
    expect(settings.search.brave).toEqual({ apiKey: 'bk', baseUrl: 'http://127.0.0.1:9/res/v1/web/search' });
  });

  it('several providers: comma-separated, deduplicated, each with its own key and base URL', () => {
    const { settings } = configFromEnv({
      SPANLIGHT_SEARCH_PROVIDER: 'wikipedia, tavily,exa,tavily, searxng , serper',
      SPANLIGHT_TAVILY_KEY: 'tk',
      SPANLIGHT_EXA_KEY: 'ek',
      SPANLIGHT_SERPER_KEY: 'sk',
      SPANLIGHT_SEARXNG_BASE_URL: 'https://searx.example.org/searx',
    });
    expect(settings.search.providers).toEqual(['wikipedia', 'tavily', 'exa', 'searxng', 'serper']);
    expect(settings.search.tavily).toEqual({ apiKey: 'tk', baseUrl: DEFAULT_BASE_URLS.tavily });
    expect(settings.search.exa).toEqual({ apiKey: 'ek', baseUrl: DEFAULT_BASE_URLS.exa });
    expect(settings.search.serper).toEqual({ apiKey: 'sk', baseUrl: DEFAULT_BASE_URLS.serper });
    expect(settings.search.searxng).toEqual({ baseUrl: 'https://searx.example.org/searx' });
  });

  it('one shared key with one keyed provider among keyless ones', () => {
    const { settings } = configFromEnv({ SPANLIGHT_SEARCH_PROVIDER: 'wikipedia,brave', SPANLIGHT_SEARCH_KEY: 'bk' });
    expect(settings.search.brave.apiKey).toBe('bk');
    expect(settings.search.wikipedia.baseUrl).toBe(DEFAULT_BASE_URLS.wikipedia);
  });

  it('a model endpoint; SPANLIGHT_MODEL defaults to the extension default', () => {
    const a = configFromEnv({ SPANLIGHT_MODEL_BASE_URL: 'http://localhost:11434/v1', SPANLIGHT_MODEL: 'llama3.2' }).settings;
    expect(a.model).toEqual({ kind: 'openai', baseUrl: 'http://localhost:11434/v1', apiKey: '', model: 'llama3.2' });
    const b = configFromEnv({ SPANLIGHT_MODEL_BASE_URL: 'https://api.openai.com/v1', SPANLIGHT_MODEL_KEY: 'sk-x' }).settings;
    expect(b.model).toEqual({
      kind: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: defaultSettings().model.model,
    });
  });

  it('SPANLIGHT_ALLOW_PRIVATE_NETWORK and SPANLIGHT_MAX_PAGES', () => {
    const { settings } = configFromEnv({ SPANLIGHT_ALLOW_PRIVATE_NETWORK: '1', SPANLIGHT_MAX_PAGES: '7' });
    expect(settings.allowPrivateNetwork).toBe(true);
    expect(settings.maxPages).toBe(7);
    expect(configFromEnv({ SPANLIGHT_ALLOW_PRIVATE_NETWORK: 'false' }).settings.allowPrivateNetwork).toBe(false);
  });

  it('settings with no effect are noted, not silently dropped', () => {
    expect(configFromEnv({ SPANLIGHT_SEARCH_KEY: 'k' }).notes).toEqual([
      'SPANLIGHT_SEARCH_KEY is set but wikipedia takes no key: it is not used',
    ]);
    expect(configFromEnv({ SPANLIGHT_MODEL_KEY: 'k', SPANLIGHT_MODEL: 'm' }).notes).toEqual([
      'SPANLIGHT_MODEL_KEY and SPANLIGHT_MODEL set without SPANLIGHT_MODEL_BASE_URL: composing extractively, without a model',
    ]);
  });

  it('every unusable setting is an error naming the variable and the fix', () => {
    expect(configError({ SPANLIGHT_SEARCH_PROVIDER: 'bing' })).toBe(
      'SPANLIGHT_SEARCH_PROVIDER: unknown provider "bing" (known: wikipedia, brave, tavily, exa, searxng, serper)',
    );
    expect(configError({ SPANLIGHT_SEARCH_PROVIDER: ',' })).toMatch(/^SPANLIGHT_SEARCH_PROVIDER names no provider/);
    expect(configError({ SPANLIGHT_SEARCH_PROVIDER: 'exa' })).toBe(
      'exa needs an API key: set SPANLIGHT_SEARCH_KEY (or SPANLIGHT_EXA_KEY)',
    );
    expect(configError({ SPANLIGHT_SEARCH_PROVIDER: 'brave,tavily', SPANLIGHT_SEARCH_KEY: 'k', SPANLIGHT_BRAVE_KEY: 'b' })).toBe(
      'SPANLIGHT_SEARCH_KEY is ambiguous with several providers that take a key (brave, tavily): set SPANLIGHT_BRAVE_KEY, SPANLIGHT_TAVILY_KEY instead',
    );
    expect(configError({ SPANLIGHT_SEARCH_PROVIDER: 'wikipedia,searxng', SPANLIGHT_SEARCH_BASE_URL: 'http://x' })).toMatch(
      /^SPANLIGHT_SEARCH_BASE_URL is ambiguous with several providers \(wikipedia, searxng\)/,
    );
    expect(configError({ SPANLIGHT_SEARCH_BASE_URL: 'ftp://example.org' })).toBe(
      'SPANLIGHT_SEARCH_BASE_URL must be an http(s) URL, got "ftp://example.org"',
    );
    expect(configError({ SPANLIGHT_WIKIPEDIA_BASE_URL: 'nope' })).toBe(
      'SPANLIGHT_WIKIPEDIA_BASE_URL must be an http(s) URL, got "nope"',
    );
    expect(configError({ SPANLIGHT_MODEL_BASE_URL: 'localhost:1234' })).toMatch(
      /^SPANLIGHT_MODEL_BASE_URL must be an http\(s\) URL/,
    );
    for (const pages of ['0', '11', '2.5', 'four', '-1'])
      expect(configError({ SPANLIGHT_MAX_PAGES: pages })).toBe(
        `SPANLIGHT_MAX_PAGES must be a whole number from 1 to 10, got "${pages}"`,
      );
    expect(configError({ SPANLIGHT_ALLOW_PRIVATE_NETWORK: 'maybe' })).toBe(
      'SPANLIGHT_ALLOW_PRIVATE_NETWORK must be 1 or 0, got "maybe"',
    );
  });

  it('describeConfig never prints a key, nor credentials or a query in a URL', () => {
    const { settings } = configFromEnv({
      SPANLIGHT_SEARCH_PROVIDER: 'brave,searxng',
      SPANLIGHT_BRAVE_KEY: 'secret-search-key',
      SPANLIGHT_SEARXNG_BASE_URL: 'https://user:secret-password@searx.example.org/searx?token=secret-token',
      SPANLIGHT_MODEL_BASE_URL: 'https://api.example.com/v1',
      SPANLIGHT_MODEL_KEY: 'secret-model-key',
      SPANLIGHT_MODEL: 'm1',
      SPANLIGHT_ALLOW_PRIVATE_NETWORK: 'yes',
    });
    const line = describeConfig(settings);
    expect(line).toBe(
      `search: Brave Search at ${DEFAULT_BASE_URLS.brave} (key set), SearXNG at https://searx.example.org/searx; ` +
        'model: m1 at https://api.example.com/v1 (key set); up to 4 pages; private-network pages allowed',
    );
    expect(line).not.toMatch(/secret/);
    expect(redactUrl('not a url')).toBe('(not a URL)');
  });
});
