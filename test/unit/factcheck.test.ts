import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkableSentences, claimsWithModel, isCheckable } from '@/lib/factcheck/split-claims';
import { verdictFor } from '@/lib/verdict/code-verdict';
import { collapseCopies, factCheck } from '@/lib/factcheck/fact-check';
import { fetchPage } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { createBraveProvider } from '@/lib/search/brave';
import { createOpenAiCompatibleModel } from '@/lib/model/openai-compatible';
import type { ChatModel } from '@/lib/model/chat-model';
import type { Passage } from '@/lib/shared/types';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { span } from './spans';

const PAGE = `Exampleville is a river town. Exampleville had 412,000 residents on 1 January 2026. Its mayor, Ana Ruiz, was elected in 2022. The bridge festival draws 50,000 visitors every summer. We love it here. Is it the best town?`;

describe('claims to check', () => {
  it('without a model: the sentences with numbers, dates or names, as they are, with their offsets', () => {
    const claims = checkableSentences(PAGE);
    expect(claims.map((c) => c.sentence)).toEqual([
      'Exampleville had 412,000 residents on 1 January 2026.',
      'Its mayor, Ana Ruiz, was elected in 2022.',
      'The bridge festival draws 50,000 visitors every summer.',
    ]);
    // Each stands alone: "Its mayor" names the town the sentences before are about.
    expect(claims[1]!.text).toBe("Exampleville's mayor, Ana Ruiz, was elected in 2022.");
    for (const c of claims) expect(PAGE.slice(c.start, c.end)).toBe(c.sentence);
    expect(isCheckable('Is it the best town?')).toBe(false);
    expect(checkableSentences(PAGE, 2)).toHaveLength(2);
  });

  it('with a model: decontextualised claims located by their sentence; claims whose sentence is not in the text are dropped', async () => {
    const model: ChatModel = {
      name: 'scripted',
      complete: async () => ({
        text: JSON.stringify({
          claims: [
            {
              claim: 'Exampleville had 412,000 residents on 1 January 2026.',
              sentence: 'Exampleville had 412,000 residents on 1 January 2026.',
            },
            { claim: 'Exampleville has a nuclear plant.', sentence: 'The town runs a nuclear plant.' },
          ],
        }),
      }),
    };
    const r = await claimsWithModel(model, PAGE, 'Exampleville');
    expect(r.claims).toHaveLength(1);
    expect(r.claims[0]).toMatchObject({
      text: 'Exampleville had 412,000 residents on 1 January 2026.',
      sentence: 'Exampleville had 412,000 residents on 1 January 2026.',
    });
    expect(r.notes.join(' ')).toContain('nuclear plant');
  });

  it('a model reply that cannot be read falls back to the checkable sentences', async () => {
    const model: ChatModel = { name: 'broken', complete: async () => ({ text: 'Sure! Here are the claims: …' }) };
    const r = await claimsWithModel(model, PAGE, 'Exampleville');
    expect(r.claims.map((c) => c.sentence)).toEqual(checkableSentences(PAGE).map((c) => c.sentence));
  });
});

describe('verdicts in code', () => {
  const census = span(
    'S1',
    'The census office reported that Exampleville had 412,000 residents on 1 January 2026.',
    'https://stats.example.org/a',
  );
  const other = span(
    'S2',
    'According to the 2026 yearbook, Exampleville had 450,000 residents on 1 January 2026.',
    'https://yearbook.example.com/b',
  );
  const unrelated = span('S3', 'The river Example floods every spring, the water board said.', 'https://water.example.net/c');
  const claim = 'Exampleville had 412,000 residents on 1 January 2026.';

  it('supported, contradicted (a different number), mixed, not found', () => {
    expect(verdictFor(claim, [census, unrelated])).toMatchObject({ verdict: 'supported', for: ['S1'], against: [] });
    expect(verdictFor(claim, [other, unrelated])).toMatchObject({ verdict: 'contradicted', for: [], against: ['S2'] });
    expect(verdictFor(claim, [other]).reasons[0]).toContain('S2 states 450,000 residents, the claim 412,000');
    expect(verdictFor(claim, [census, other]).verdict).toBe('mixed');
    expect(verdictFor(claim, [unrelated]).verdict).toBe('not-found');
  });

  it('copies of the same text on several sites count once', () => {
    const p = (url: string, text: string): Passage => ({
      id: url,
      url,
      title: '',
      published: null,
      retrievedAt: '',
      text,
      start: 0,
      end: text.length,
      prefix: '',
      suffix: '',
      origin: 'web',
    });
    const wire = 'The census office reported that Exampleville had 412,000 residents.';
    expect(
      collapseCopies([
        p('https://a.example/1', wire),
        p('https://b.example/2', `  ${wire.toUpperCase()} `),
        p('https://c.example/3', 'Other text entirely here.'),
      ]).map((x) => x.url),
    ).toEqual(['https://a.example/1', 'https://c.example/3']);
  });
});

describe('fact-checking a page over HTTP fakes', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let model: FakeOpenAi;
  const judgeReply = '{"verdicts":[]}';
  beforeAll(async () => {
    site = await startFixtureSite([
      { host: 'exampleville-blog.test', path: '/post', html: articleHtml({ title: 'Our town', paragraphs: [PAGE] }) },
      {
        host: 'stats-office.test',
        path: '/census',
        html: articleHtml({
          title: 'Census',
          paragraphs: ['The census office reported that Exampleville had 412,000 residents on 1 January 2026.'],
        }),
      },
      {
        host: 'city-hall.test',
        path: '/mayor',
        html: articleHtml({
          title: 'Mayor',
          paragraphs: ['Ana Ruiz, the mayor of Exampleville, was elected in 2019 and re-elected in 2023.'],
        }),
      },
      {
        host: 'wire-copy.test',
        path: '/census',
        html: articleHtml({
          title: 'Census (wire)',
          paragraphs: ['The census office reported that Exampleville had 412,000 residents on 1 January 2026.'],
        }),
      },
    ]);
    brave = await startFakeBrave({
      apiKey: 'k',
      results: (q) => [
        { url: site.urlOf('exampleville-blog.test', '/post'), title: 'Our town', description: 'the page itself' },
        ...(/residents/.test(q)
          ? [
              { url: site.urlOf('stats-office.test', '/census'), title: 'Census', description: 'census' },
              { url: site.urlOf('wire-copy.test', '/census'), title: 'Census (wire)', description: 'copy' },
            ]
          : []),
        ...(/mayor|Ruiz/.test(q) ? [{ url: site.urlOf('city-hall.test', '/mayor'), title: 'Mayor', description: 'mayor' }] : []),
      ],
    });
    model = await startFakeOpenAi({ apiKey: 'k', reply: () => judgeReply });
  });
  afterAll(async () => {
    await Promise.all([site.close(), brave.close(), model.close()]);
  });

  const deps = (withModel = false) => {
    const fetchVia = viaLoopback();
    return {
      now: () => new Date('2026-11-30T12:00:00Z'),
      fetch: fetchVia,
      providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
      fetchPage: (url: string) =>
        fetchPage(url, {
          fetch: fetchVia,
          parseHtml: parseHtmlWithLinkedom,
          allowPrivateNetwork: false,
          now: () => new Date('2026-11-30T12:00:00Z'),
        }),
      model: withModel ? createOpenAiCompatibleModel({ baseUrl: model.baseUrl, apiKey: 'k', model: 'm' }) : null,
      onProgress: () => undefined,
    };
  };

  it('supported, contradicted and not found; the page’s own domain is never evidence; copies count once', async () => {
    const r = await factCheck({ text: PAGE, pageUrl: site.urlOf('exampleville-blog.test', '/post'), title: 'Our town' }, deps());
    expect(r.claims.map((c) => [c.sentence, c.verdict])).toEqual([
      ['Exampleville had 412,000 residents on 1 January 2026.', 'supported'],
      ['Its mayor, Ana Ruiz, was elected in 2022.', 'contradicted'],
      ['The bridge festival draws 50,000 visitors every summer.', 'not-found'],
    ]);
    expect(r.evidence.every((e) => !e.url.includes('exampleville-blog.test'))).toBe(true);
    const censusSpans = r.evidence.filter((e) => e.text.includes('412,000'));
    expect(censusSpans).toHaveLength(1); // the wire copy counted once
  });

  it('the budget checks the top-ranked claims and lists the rest; checking the rest checks exactly those, none twice', async () => {
    const long = Array.from({ length: 11 }, (_, i) => `Exampleville opened its ${i + 1}th library branch in 20${10 + i}.`).join(
      ' ',
    );
    const input = { text: long, pageUrl: 'https://exampleville-blog.test/x', title: 't' };
    const r = await factCheck({ ...input, budget: 8 }, deps());
    expect(r.claims).toHaveLength(8);
    expect(r.checkable).toBe(11);
    expect(r.notChecked).toHaveLength(3);
    expect(r.claims.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(r.notChecked.map((c) => c.rank)).toEqual([9, 10, 11]);
    // The rest, from the kept list: never split again (the text given is not read for claims).
    const rest = await factCheck({ ...input, text: 'unused', claims: r.notChecked, budget: Infinity }, deps());
    expect(rest.claims.map((c) => c.sentence)).toEqual(r.notChecked.map((c) => c.sentence));
    expect(rest.notChecked).toEqual([]);
    const all = [...r.claims, ...rest.claims].map((c) => c.start);
    expect(new Set(all).size).toBe(11);
    expect(rest.stages.find((s) => s.stage === 'claims')?.summary).toContain('kept from the earlier pass');
  });
});
