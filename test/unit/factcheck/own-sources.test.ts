import { describe, expect, it } from 'vitest';
import { ownSourcesOf, OWN_SOURCES_PER_CLAIM } from '@/lib/factcheck/own-sources';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

// Which links are a claim's own sources (issue #38): each rule has a case that fails without it.

const PAGE_URL = 'https://news.example.com/2026/rivers';

async function pageOf(paragraphs: string[], extra = '') {
  const html = `<!doctype html><html><head><title>Rivers</title></head><body>
<header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="https://other.example.org/partner">Partner</a></nav></header>
<main><article><h1>The river is cleaner</h1>
<div class="share"><a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnews.example.com">Share on Facebook</a></div>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p>Residents along the banks have noticed more fish and birds this spring than in any year they remember, and anglers agree.</p>
${extra}</article></main><footer><a href="/privacy">Privacy</a></footer></body></html>`;
  const { page } = await extractPage(
    { html, url: PAGE_URL, lastModified: null, retrievedAt: '2026-12-01T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );
  return page;
}

function claimAt(text: string, sentence: string) {
  const start = text.indexOf(sentence);
  if (start < 0) throw new Error(`not in the text: ${sentence}`);
  return { start, end: start + sentence.length };
}

describe("a claim's own sources", () => {
  it('a link inside its sentence', async () => {
    const page = await pageOf([
      'Nitrate levels fell by 40 percent since 2010, <a href="https://agency.example.gov/report-2026">the agency said</a> on Monday. The council met later.',
    ]);
    const own = ownSourcesOf(claimAt(page.text, 'Nitrate levels fell by 40 percent since 2010, the agency said on Monday.'), {
      ...page,
    });
    expect(own).toEqual([{ url: 'https://agency.example.gov/report-2026', via: 'link' }]);
    // The next sentence of the paragraph has no link of its own and no attribution.
    expect(ownSourcesOf(claimAt(page.text, 'The council met later.'), page)).toEqual([]);
  });

  it('the footnote its marker points to, when its sentence has no link', async () => {
    const page = await pageOf(
      ['Nitrate levels fell by 40 percent since 2010.<sup><a href="#note-1">1</a></sup> The mayor welcomed it.'],
      '<ol class="notes"><li id="note-1">Water Agency, <a href="https://agency.example.gov/nitrates">Nitrates 2026</a>.</li></ol>',
    );
    expect(page.citations?.map((c) => c.urls)).toEqual([['https://agency.example.gov/nitrates']]);
    const own = ownSourcesOf(claimAt(page.text, 'Nitrate levels fell by 40 percent since 2010.'), page);
    expect(own).toEqual([{ url: 'https://agency.example.gov/nitrates', via: 'footnote' }]);
    expect(ownSourcesOf(claimAt(page.text, 'The mayor welcomed it.'), page)).toEqual([]);
  });

  it('a link in its paragraph that its words refer to ("according to the report")', async () => {
    const page = await pageOf([
      'The <a href="https://institute.example.org/rivers-2026">Rivers Institute report</a> was published on Monday. According to the report, nitrate levels fell by 40 percent since 2010.',
    ]);
    const claim = claimAt(page.text, 'According to the report, nitrate levels fell by 40 percent since 2010.');
    expect(ownSourcesOf(claim, page)).toEqual([{ url: 'https://institute.example.org/rivers-2026', via: 'attribution' }]);
  });

  it('a link in its paragraph is not its source when the sentence attributes nothing', async () => {
    const page = await pageOf([
      'The <a href="https://institute.example.org/rivers-2026">Rivers Institute report</a> was published on Monday. Nitrate levels in the report area fell by 40 percent since 2010.',
    ]);
    expect(ownSourcesOf(claimAt(page.text, 'Nitrate levels in the report area fell by 40 percent since 2010.'), page)).toEqual(
      [],
    );
  });

  it('navigation, share buttons and links to the page itself never count', async () => {
    const page = await pageOf([
      'Nitrate levels fell by 40 percent since 2010, as <a href="#methods">the methods</a>, <a href="https://news.example.com/2026/rivers?utm_source=x#top">this page</a> and <a href="https://news.example.com/2026/rivers/">its address with a closing slash</a> explain.',
    ]);
    const urls = (page.links ?? []).map((l) => l.url);
    expect(urls.some((u) => u.includes('sharer'))).toBe(false);
    expect(urls.some((u) => u.includes('partner') || u.endsWith('/world') || u.endsWith('/privacy'))).toBe(false);
    expect(
      ownSourcesOf(
        claimAt(
          page.text,
          'Nitrate levels fell by 40 percent since 2010, as the methods, this page and its address with a closing slash explain.',
        ),
        page,
      ),
    ).toEqual([]);
  });

  it(`at most ${OWN_SOURCES_PER_CLAIM} per claim, each address once`, async () => {
    const links = ['a', 'b', 'a', 'c'].map((x) => `<a href="https://${x}.example.org/">${x} source</a>`).join(', ');
    const page = await pageOf([`Nitrate levels fell by 40 percent since 2010 (${links}).`]);
    const claim = claimAt(page.text, 'Nitrate levels fell by 40 percent since 2010');
    expect(ownSourcesOf({ start: claim.start, end: page.text.indexOf(').') + 2 }, page).map((o) => o.url)).toEqual([
      'https://a.example.org/',
      'https://b.example.org/',
    ]);
  });
});

describe('what an own source is read for', () => {
  it('the claim less the clause naming its source', async () => {
    const { withoutAttribution } = await import('@/lib/factcheck/own-sources');
    expect(withoutAttribution('The tramway carried 4.2 million passengers in 2025, the transit authority reported.')).toBe(
      'The tramway carried 4.2 million passengers in 2025.',
    );
    expect(withoutAttribution('According to the annual report, the tramway carried 4.2 million passengers.')).toBe(
      'The tramway carried 4.2 million passengers.',
    );
    // Too little left: the sentence as it is.
    expect(withoutAttribution('Prices rose, officials said.')).toBe('Prices rose, officials said.');
  });
});
