import { describe, expect, it } from 'vitest';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { splitPassages } from '@/lib/pages/passages';
import { buildTextMap, isHiddenByMarkup, type DomNodeLike } from '@/lib/text/text-map';
import { findQuote } from '@/lib/quotes/find-quote';
import { articleHtml } from '../fakes/fixture-site';

const html = articleHtml({
  title: 'Exampleville census 2026',
  published: '2026-02-10T09:00:00Z',
  paragraphs: [
    'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.',
    'Figures are provisional until the final count.',
  ],
});

describe('a passage extracted from a page is found again in that page', () => {
  it('every passage of the fixture article anchors exactly in the page’s visible text', async () => {
    const { page } = await extractPage(
      {
        html,
        url: 'http://stats-office.test/population',
        lastModified: null,
        retrievedAt: '2026-11-30T00:00:00Z',
        origin: 'web',
      },
      parseHtmlWithLinkedom,
    );
    expect(page.published).toEqual({ iso: '2026-02-10T09:00:00.000Z', source: 'meta', why: 'a meta tag (2026-02-10)' });
    const passages = splitPassages(page);
    expect(passages.length).toBeGreaterThan(5);
    const live = buildTextMap(parseHtmlWithLinkedom(html, '').body as unknown as DomNodeLike, { isHidden: isHiddenByMarkup });
    for (const p of passages) {
      expect(page.text.slice(p.start, p.end)).toBe(p.text);
      const m = findQuote(live.text, { exact: p.text, prefix: p.prefix, suffix: p.suffix });
      expect(m, p.text).not.toBeNull();
      expect(live.text.slice(m!.start, m!.end).replace(/\s+/g, ' ')).toBe(p.text.replace(/\s+/g, ' '));
    }
  });
});
