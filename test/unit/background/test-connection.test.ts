import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OLLAMA_ORIGINS_HINT,
  TEST_QUERY,
  endpointForModelTest,
  listModels,
  settingsForProviderTest,
  testModel,
  testSearchProvider,
} from '@/lib/background/test-connection';
import { defaultSettings, type Settings } from '@/lib/settings';
import { serveBrave, serveSearxng, serveSerper, type ProviderFake } from '../../fakes/search-servers';
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai-server';
import { startFakeServer, type FakeServer } from '../../fakes/http-server';
import { NOW, closedOrigin } from '../../fakes/provider-cases';
import braveFixture from '../../fixtures/search/brave.json';
import searxngFixture from '../../fixtures/search/searxng.json';
import serperFixture from '../../fixtures/search/serper.json';

const deps = { fetch, timeoutMs: 3000, now: () => NOW };

let brave: ProviderFake;
let searxngHtmlOnly: ProviderFake;
let serper: ProviderFake;
let model: FakeOpenAi;
let ollama: FakeServer;

beforeAll(async () => {
  brave = await serveBrave({ apiKey: 'brave-key', body: braveFixture });
  searxngHtmlOnly = await serveSearxng({ body: searxngFixture, formats: ['html'] });
  serper = await serveSerper({ apiKey: 'serper-key', body: serperFixture });
  model = await startFakeOpenAi({ apiKey: 'sk-model', reply: () => '{"ok": true}' });
  ollama = await startFakeServer((_req, res) => {
    res.writeHead(403);
    res.end();
  });
});
afterAll(() => Promise.all([brave.close(), searxngHtmlOnly.close(), serper.close(), model.close(), ollama.close()]));

function stored(): Settings {
  const s = defaultSettings();
  s.search.brave = { apiKey: 'brave-key', baseUrl: 'https://api.search.brave.com/res/v1/web/search' };
  s.model = { kind: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-model', model: 'gpt-4o-mini' };
  return s;
}

describe('keys for a test: from storage unless a new one was typed', () => {
  it('a provider as typed on the page, with the stored key when none was typed', () => {
    const s = settingsForProviderTest(stored(), { provider: 'brave', baseUrl: brave.baseUrl });
    expect(s.search.brave).toEqual({ apiKey: 'brave-key', baseUrl: brave.baseUrl });
    expect(s.search.providers).toEqual(['brave']);
    expect(settingsForProviderTest(stored(), { provider: 'brave', baseUrl: 'x', apiKey: 'typed' }).search.brave.apiKey).toBe(
      'typed',
    );
    expect(settingsForProviderTest(stored(), { provider: 'searxng', baseUrl: 'http://s.example' }).search.searxng).toEqual({
      baseUrl: 'http://s.example',
    });
  });

  it('the model endpoint as typed, with the stored key when none was typed', () => {
    expect(endpointForModelTest(stored(), { baseUrl: model.baseUrl })).toEqual({ baseUrl: model.baseUrl, apiKey: 'sk-model' });
    expect(endpointForModelTest(stored(), { baseUrl: model.baseUrl, apiKey: 'typed' }).apiKey).toBe('typed');
  });
});

describe('testSearchProvider: a real search through the adapter', () => {
  it('works, with the number of results', async () => {
    const result = await testSearchProvider(
      settingsForProviderTest(stored(), { provider: 'brave', baseUrl: brave.baseUrl }),
      'brave',
      deps,
    );
    expect(result.outcome).toBe('works');
    expect(result.count).toBeGreaterThan(0);
    expect(result.message).toContain(`results for “${TEST_QUERY}”`);
    expect(new URL(brave.requests.at(-1)!.url, 'http://x').searchParams.get('q')).toBe(TEST_QUERY);
  });

  it('a wrong key: auth, with the adapter’s message', async () => {
    const s = settingsForProviderTest(stored(), { provider: 'brave', baseUrl: brave.baseUrl, apiKey: 'wrong' });
    expect(await testSearchProvider(s, 'brave', deps)).toEqual({
      outcome: 'auth',
      message: 'Brave Search rejected the key (401): check Settings → Search providers.',
    });
  });

  it('Serper answers a wrong key with 403 "Unauthorized.": still "key rejected"', async () => {
    const s = settingsForProviderTest(stored(), { provider: 'serper', baseUrl: serper.baseUrl, apiKey: 'wrong' });
    const result = await testSearchProvider(s, 'serper', deps);
    expect(result.outcome).toBe('auth');
    expect(result.message).toContain('key');
  });

  it('a closed port: network, naming the origin', async () => {
    const dead = await closedOrigin();
    const s = settingsForProviderTest(stored(), { provider: 'brave', baseUrl: `${dead}/res/v1/web/search` });
    const result = await testSearchProvider(s, 'brave', deps);
    expect(result.outcome).toBe('network');
    expect(result.message).toContain(`unreachable at ${dead}`);
  });

  it('SearXNG without JSON output: json-disabled, saying where to enable it', async () => {
    const s = settingsForProviderTest(stored(), { provider: 'searxng', baseUrl: searxngHtmlOnly.baseUrl });
    const result = await testSearchProvider(s, 'searxng', deps);
    expect(result.outcome).toBe('json-disabled');
    expect(result.message).toContain('settings.yml');
  });

  it('no key at all, or a base URL that is no URL: config, and no request', async () => {
    const before = brave.requests.length;
    const noKey = settingsForProviderTest(defaultSettings(), { provider: 'tavily', baseUrl: 'https://api.tavily.com' });
    expect(await testSearchProvider(noKey, 'tavily', deps)).toMatchObject({
      outcome: 'config',
      message: expect.stringContaining('needs an API key'),
    });
    const badUrl = settingsForProviderTest(stored(), { provider: 'brave', baseUrl: 'api.search.brave.com' });
    expect(await testSearchProvider(badUrl, 'brave', deps)).toMatchObject({
      outcome: 'config',
      message: expect.stringContaining('not an http(s) URL'),
    });
    expect(brave.requests.length).toBe(before);
  });
});

describe('model endpoint: list and test', () => {
  it('lists the models the endpoint offers (GET /models)', async () => {
    const { models, test } = await listModels({ baseUrl: model.baseUrl, apiKey: 'sk-model' }, deps);
    expect(models).toEqual(['fake-model']);
    expect(test).toMatchObject({ outcome: 'works', count: 1 });
    expect(model.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/models' });
  });

  it('a test completion works through the same streaming client as answers', async () => {
    const result = await testModel({ baseUrl: model.baseUrl, apiKey: 'sk-model' }, 'fake-model', deps);
    expect(result.outcome).toBe('works');
    expect(result.hint).toBeUndefined();
    expect(model.chats.at(-1)).toMatchObject({ model: 'fake-model', stream: true });
  });

  it('a wrong key: auth', async () => {
    expect(await testModel({ baseUrl: model.baseUrl, apiKey: 'wrong' }, 'fake-model', deps)).toMatchObject({
      outcome: 'auth',
      message: expect.stringContaining('rejected the key (401)'),
    });
  });

  it('Ollama’s 403 for an extension origin comes with the OLLAMA_ORIGINS fix, for the test and the list', async () => {
    const endpoint = { baseUrl: `${ollama.origin}/v1`, apiKey: '', capabilities: { preset: 'ollama' } };
    expect(await testModel(endpoint, 'llama3.2', deps)).toMatchObject({ outcome: 'forbidden', hint: OLLAMA_ORIGINS_HINT });
    expect((await listModels(endpoint, deps)).test).toMatchObject({ outcome: 'forbidden', hint: OLLAMA_ORIGINS_HINT });
    expect(OLLAMA_ORIGINS_HINT).toContain('OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*');
    // Another endpoint's 403 is not Ollama's.
    expect((await testModel({ ...endpoint, capabilities: { preset: 'custom' } }, 'm', deps)).hint).toBeUndefined();
  });

  it('an unreachable endpoint: network', async () => {
    const dead = await closedOrigin();
    expect((await listModels({ baseUrl: `${dead}/v1`, apiKey: '' }, deps)).test.outcome).toBe('network');
    expect((await testModel({ baseUrl: `${dead}/v1`, apiKey: '' }, 'm', deps)).outcome).toBe('network');
  });
});
