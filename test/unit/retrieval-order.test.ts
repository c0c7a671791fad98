import { describe, expect, it } from 'vitest';
import { planFetches, rankHits } from '@/lib/evidence/plan-fetches';
import { relevanceParts, scoreParts } from '@/lib/evidence/relevance';
import { selectEvidence } from '@/lib/evidence/select';
import { splitPassages } from '@/lib/pages/passages';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import type { SearchHit } from '@/lib/shared/types';
import { samplePage } from '../fakes/sample-pages';

const hit = (url: string, title: string, snippet: string, rank: number): SearchHit => ({
  url,
  title,
  snippet,
  published: null,
  provider: 'brave',
  query: 'q',
  rank,
});

describe('pages are read by our ranking, one per registrable domain before the budget is spent', () => {
  const Q = 'How many residents does Exampleville have?';
  const hits = [
    hit('https://big-portal.test/a', 'Portal home', 'Sign in to see offers', 1),
    hit('https://big-portal.test/b', 'Exampleville residents count', 'Exampleville has 412,000 residents', 2),
    hit('https://www.big-portal.test/c', 'Exampleville census residents', 'residents of Exampleville', 3),
    hit('https://city-news.test/x', 'Exampleville grows', 'Exampleville residents now number 412,000', 4),
    hit('https://weather.test/y', 'Weather today', 'Sunny', 5),
  ];

  it('ranks by relevance of title and snippet, not by the engine’s order', () => {
    const ranked = rankHits(Q, [Q], hits, () => false);
    expect(ranked[0]!.hit.url).toBe('https://big-portal.test/b');
    expect(ranked.findIndex((r) => r.hit.url === 'https://city-news.test/x')).toBeLessThan(
      ranked.findIndex((r) => r.hit.url === 'https://big-portal.test/a'),
    );
  });

  it('with a budget of 2, the two pages read are on two sites, the best of each', () => {
    const plan = planFetches(
      rankHits(Q, [Q], hits, () => false),
      2,
    );
    expect(plan.fetch.map((r) => r.hit.url)).toEqual(['https://big-portal.test/b', 'https://city-news.test/x']);
    expect(plan.deferred.find((d) => d.url === 'https://www.big-portal.test/c')!.reason).toContain(
      'another page of big-portal.test ranked higher',
    );
  });

  it('a budget larger than the sites is spent on the next pages of sites already taken, after every site', () => {
    const plan = planFetches(
      rankHits(Q, [Q], hits, () => false),
      4,
    );
    const urls = plan.fetch.map((r) => r.hit.url);
    expect(urls.slice(0, 3).map((u) => new URL(u).hostname.replace(/^www\./, ''))).toEqual([
      'big-portal.test',
      'city-news.test',
      'weather.test',
    ]);
    expect(urls[3]).toBe('https://www.big-portal.test/c');
  });
});

describe('relevance per part of the question, on a real page (Wikipedia’s Mozilla article, a sample of the corpus)', () => {
  it('a passage answering one part of a two-part question is kept for that part', async () => {
    const { page } = await extractPage(
      {
        html: samplePage('wikipedia').source,
        url: 'https://en.wikipedia.org/wiki/Mozilla',
        lastModified: null,
        retrievedAt: '2026-11-30T12:00:00Z',
        origin: 'web',
      },
      parseHtmlWithLinkedom,
    );
    const passages = splitPassages(page);
    const question =
      'When did Brendan Eich step down as chief executive, and how many employees, volunteers and contributors worked in the Mountain View, Toronto, Paris and Berlin offices during 2015?';
    const selection = selectEvidence(question, [], passages, { maxSpans: 5 });
    const eich = selection.spans.find((s) => s.text.includes('stepped down on April 3, 2014'));
    expect(eich).toBeDefined();

    // Against the whole question alone, the same passage is under the relevance floor (0.2): it is the
    // part "When did Brendan Eich step down as chief executive" that keeps it.
    const parts = relevanceParts(question, []);
    expect(parts.map((p) => p.kind)).toEqual(['question', 'part', 'part']);
    const i = passages.findIndex((p) => p.id === eich!.id);
    const [whole, first] = scoreParts(
      parts,
      passages.map((p) => p.text),
    ).scores(i);
    expect(whole).toBeLessThan(0.2);
    expect(first).toBeGreaterThan(0.5);
  });
});
