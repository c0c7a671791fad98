import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPipeline } from '@/lib/answering/build-deps';
import { memoryCache } from '@/lib/run/cache';
import { defaultSettings, type Settings } from '@/lib/settings';
import type { ChatModel } from '@/lib/model/chat-model';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../../fakes/fixture-site';
import { startFakeServer } from '../../fakes/http-server';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite([
    { host: 'report.test', path: '/a', html: articleHtml({ title: 'Report', paragraphs: ['The report says 42.'] }) },
  ]);
});
afterAll(() => site.close());

const host = () => ({
  fetch: viaLoopback(),
  now: () => new Date('2026-11-30T12:00:00Z'),
  openAiModel: createOpenAiCompatibleModel,
});
const readsOf = () => site.requests.filter((r) => r.url === '/a').length;

describe('the pipeline built from settings (lib/answering/build-deps.ts)', () => {
  it('a keyed provider without its key is left out and named; the settings become the pipeline’s', async () => {
    const s: Settings = { ...defaultSettings(), allowDomains: ['example.org'] };
    s.search.providers = ['wikipedia', 'brave'];
    const { deps, settings } = await buildPipeline(s, host());
    expect(deps.providers.map((p) => p.name)).toEqual(['Wikipedia']);
    expect(settings.missingKeys).toEqual(['Brave Search']);
    expect(settings.primaryDomains).toContain('example.org');
    expect(deps.releaseSources).toHaveLength(s.releaseSources.length);
  });

  it('pages are read through the cache when there is one, and fetched every time without', async () => {
    const url = site.urlOf('report.test', '/a');
    const uncached = (await buildPipeline(defaultSettings(), host())).deps;
    const before = readsOf();
    expect((await uncached.fetchPage(url)).ok).toBe(true);
    await uncached.fetchPage(url);
    expect(readsOf() - before).toBe(2);
    expect(uncached.cache).toBeUndefined();

    const cached = (await buildPipeline(defaultSettings(), { ...host(), cache: memoryCache() })).deps;
    const start = readsOf();
    await cached.fetchPage(url);
    const again = await cached.fetchPage(url);
    expect(readsOf() - start).toBe(1);
    expect(again.ok && again.fromCache).toBe(true);
  });

  it('the model: the one the settings name, else the host’s keyless model, else none (extractive)', async () => {
    // Without a model named, the SDK is not even asked for (the command line never loads it then).
    const unnamed = {
      ...host(),
      openAiModel: () => {
        throw new Error('no model is named');
      },
    };
    expect((await buildPipeline(defaultSettings(), unnamed)).deps.model).toBeNull();
    const builtin: ChatModel = { name: 'built-in', complete: async () => ({ text: '' }) };
    const keyless = { ...host(), keylessModel: async () => builtin };
    expect((await buildPipeline(defaultSettings(), keyless)).deps.model).toBe(builtin);
    const named: Settings = {
      ...defaultSettings(),
      model: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'some-model' },
    };
    const model = (await buildPipeline(named, keyless)).deps.model;
    expect(model).not.toBe(builtin);
    expect(model?.name).toContain('some-model');
  });

  it('with a Fact Check Tools key, a claim is looked up in its own language when its words say it, else in every language', async () => {
    const fct = await startFakeServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"claims":[]}');
    });
    try {
      const s: Settings = { ...defaultSettings(), factCheckTools: { apiKey: 'fct-key', baseUrl: fct.origin } };
      const { deps } = await buildPipeline(s, host());
      await deps.factCheckTools!('Die Einwohnerzahl der Stadt ist im Jahr 2026 auf 412.000 gestiegen.');
      await deps.factCheckTools!('Vaccines cause autism');
      const asked = fct.requests.map((r) => new URL(r.url, fct.origin).searchParams);
      expect(asked.map((q) => q.get('languageCode'))).toEqual(['de', null]);
      expect(asked.map((q) => q.get('key'))).toEqual(['fct-key', 'fct-key']);
    } finally {
      await fct.close();
    }
  });
});
