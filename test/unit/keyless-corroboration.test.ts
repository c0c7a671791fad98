import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import { extractPage } from '@/lib/pages/extract';
import { defaultSettings } from '@/lib/settings';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../fakes/fixture-site';
import { wikipediaHandler } from '../fakes/wikipedia-site';
import { judgeItemsInPrompt, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import type { ChatModel } from '@/lib/model/chat-model';
import {
  MOZILLA_CITED_URL,
  MOZILLA_CITED_STATEMENT,
  MOZILLA_HIT,
  MOZILLA_QUESTION,
  mozillaArticle,
  mozillaCitedPage,
} from '../fakes/mozilla-case';

const NOW = new Date('2026-11-30T12:00:00Z');
let wiki: FakeServer;
let site: FixtureSite;
const fetchVia = viaLoopback();

beforeAll(async () => {
  site = await startFixtureSite([{ host: 'mozilla-foundation.test', path: '/foundation/moco/', html: mozillaCitedPage() }]);
  const cited = site.urlOf('mozilla-foundation.test', '/foundation/moco/');
  wiki = await startFakeServer(wikipediaHandler({ results: () => [MOZILLA_HIT], articles: { Mozilla: mozillaArticle(cited) } }));
});
afterAll(async () => {
  await Promise.all([wiki?.close(), site?.close()]);
});

function run(question = MOZILLA_QUESTION, model: ChatModel | null = null) {
  return answerQuestion(
    question,
    {
      now: () => NOW,
      fetch: fetchVia,
      providers: [createWikipediaProvider({ baseUrl: `${wiki.origin}/w/api.php` })],
      fetchPage: (url) =>
        fetchPage(url, { fetch: fetchVia, parseHtml: parseHtmlWithLinkedom, allowPrivateNetwork: true, now: () => NOW }),
      readTabs: async () => [],
      model,
      onProgress: () => undefined,
    },
    pipelineSettings(defaultSettings()),
  );
}

describe('keyless corroboration: a Wikipedia passage’s footnote leads to a second, independent publisher', () => {
  it('answers grounded from Wikipedia and the page its footnote cites, each cited, with no model and no key', async () => {
    const r = await run();
    expect(r.mode, JSON.stringify(r.gate ?? ('reason' in r ? r.reason : ''))).toBe('grounded');
    if (r.mode !== 'grounded') return;
    const hosts = [...new Set(r.sources.map((s) => new URL(s.url).hostname))].sort();
    expect(hosts).toEqual(['127.0.0.1', 'mozilla-foundation.test']);
    const cited = r.evidence.find((e) => e.url.includes('mozilla-foundation.test'))!;
    expect(cited.text).toContain(MOZILLA_CITED_STATEMENT);
    expect(cited.citedBy).toEqual({ url: `${wiki.origin}/wiki/Mozilla`, title: expect.stringContaining('Mozilla') });
    const wikiSpan = r.evidence.find((e) => e.url.endsWith('/wiki/Mozilla') && e.text.includes('tax-paying subsidiary'))!;
    expect(wikiSpan.text).toContain('[2]');
    for (const s of r.sources) expect(r.claims.some((c) => c.cites.includes(s.spanId) && c.status === 'supported')).toBe(true);
    const stage = r.trace.stages.find((s) => s.stage === 'citations')!;
    expect(stage.summary).toContain('1 supporting passage found');
    expect(r.gate!.notes.join(' ')).toContain('independent sources: 2');
  });

  it('a cited page that does not state the sentence is no second source: refused, the footnote followed in the trace', async () => {
    site.setPage(
      'mozilla-foundation.test',
      '/foundation/moco/',
      articleHtml({ title: 'Careers', paragraphs: ['Join our team of engineers and designers building the open web.'] }),
    );
    const r = await run();
    expect(r.mode).toBe('abstained');
    expect(r.gate!.failed[0]!.message).toContain('Only 1 independent source (127.0.0.1)');
    const stage = r.trace.stages.find((s) => s.stage === 'citations')!;
    expect(JSON.stringify(stage.detail)).toContain('no passage states the cited sentence');
    site.setPage('mozilla-foundation.test', '/foundation/moco/', mozillaCitedPage());
  });
});

describe('with a model and the judge on, the model reads the cited page and the code disposes', () => {
  let openai: FakeOpenAi;
  let judged: string[] = [];
  let says: 'supports' | 'neither' = 'neither';
  beforeAll(async () => {
    openai = await startFakeOpenAi({
      apiKey: 'k',
      reply: () => '',
      judge: (body) => {
        const items = judgeItemsInPrompt(body);
        judged.push(...items.flatMap((it) => it.spans.map((s) => s.text)));
        return JSON.stringify({
          verdicts: items.map((it) => ({
            item: it.item,
            supports:
              says === 'supports'
                ? it.spans
                    .filter((s) => s.text.includes('tax-paying subsidiary'))
                    .map((s) => ({ span: s.id, quote: 'a wholly owned, tax-paying subsidiary of the Mozilla Foundation' }))
                : [],
            contradicts: [],
          })),
        });
      },
    });
  });
  afterAll(async () => {
    await openai?.close();
  });
  const model = () => createOpenAiCompatibleModel({ baseUrl: openai.baseUrl, apiKey: 'k', model: 'm' });

  it('its “neither” refuses the second source the words alone accept; the trace says what it was asked', async () => {
    judged = [];
    says = 'neither';
    const r = await run(MOZILLA_QUESTION, model());
    expect(r.mode).toBe('abstained');
    expect(judged.some((t) => t.includes(MOZILLA_CITED_STATEMENT))).toBe(true);
    const stage = r.trace.stages.find((s) => s.stage === 'citations')!;
    expect(stage.summary).toContain('0 supporting passages found; model reader: 1/1 claims judged, 0 with a verdict');
    expect(JSON.stringify(stage.detail)).toContain('the model found no passage stating the cited sentence');
    expect(stage.tokensIn).toBeGreaterThan(0);
  });

  it('its “supports”, quoted from the passage, is the second source', async () => {
    judged = [];
    says = 'supports';
    const r = await run(MOZILLA_QUESTION, model());
    const stage = r.trace.stages.find((s) => s.stage === 'citations')!;
    expect(stage.summary).toMatch(
      /1 supporting passage found \(S\d+ mozilla-foundation\.test\); model reader: 1\/1 claims judged, 1 with a verdict/,
    );
    expect(JSON.stringify(stage.detail)).toContain('the model read it so');
    expect(r.gate!.notes.join(' ')).toContain('independent sources: 2');
  });
});

describe('footnotes are anchored from the article’s HTML, by offset', () => {
  it('on the real article, each marker stands where its [n] is in the text, with the links its note holds', async () => {
    const { page } = await extractPage(
      {
        html: mozillaArticle(),
        url: 'https://en.wikipedia.org/wiki/Mozilla',
        lastModified: null,
        retrievedAt: NOW.toISOString(),
        origin: 'web',
      },
      parseHtmlWithLinkedom,
    );
    const citations = page.citations ?? [];
    expect(citations.length).toBeGreaterThan(50);
    for (const c of citations) expect(page.text.slice(c.at, c.at + 1)).toBe('[');
    const two = citations.find((c) => c.note === 'cite_note-2')!;
    expect(page.text.slice(two.at - 36, two.at + 3)).toBe('subsidiary, the Mozilla Corporation.[2]');
    expect(two.urls).toEqual([MOZILLA_CITED_URL]);
    expect(two.label).toContain('About the Mozilla Corporation');
    // Links back into Wikipedia are the article's own publisher, never a second source.
    expect(citations.flatMap((c) => c.urls).some((u) => new URL(u).hostname.endsWith('wikipedia.org'))).toBe(false);
  });
});
