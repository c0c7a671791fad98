import { describe, expect, it } from 'vitest';
import { extractPage } from '@/lib/pages/extract';
import { splitPassages } from '@/lib/pages/passages';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { selectEvidence } from '@/lib/evidence/select';
import type { Page, Passage } from '@/lib/shared/types';
import { HAS_CORPUS, loadPage } from './corpus';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The entries of a page's reference lists, read from its markup as served (the MediaWiki classes):
 * each entry's own text ("Smith, J. (2010). Title…"), without the back-link caret. Only entries long
 * enough to be told apart from a phrase of the article.
 */
function referenceEntries(html: string): string[] {
  const doc = parseHtmlWithLinkedom(html, 'https://en.wikipedia.org/wiki/X');
  const items = Array.from(doc.querySelectorAll('ol.references > li, .refbegin li'));
  return items
    .map((li) => squash((li.querySelector('.reference-text') ?? li).textContent ?? '').replace(/^\^(\s*[a-z]\b)*\s*/, ''))
    .filter((text) => text.length >= 40);
}

/** The passages of `pages` that hold a reference entry (its first 50 characters). */
function referencePassages(passages: Passage[], entries: string[]): string[] {
  const probes = entries.map((e) => e.slice(0, 50));
  return passages.map((p) => squash(p.text)).filter((text) => probes.some((probe) => text.includes(probe)));
}

// Real Wikipedia articles from Readability's test pages, each with its References (and Notes) lists,
// and questions whose words are in reference titles (before, the reference entries were selected).
const PAGES = [
  { name: 'wikipedia', url: 'https://en.wikipedia.org/wiki/Mozilla', questions: ['When did Netscape announce mozilla.org?'] },
  {
    name: 'wikipedia-2',
    url: 'https://en.wikipedia.org/wiki/New_Zealand',
    questions: ['When did Europeans first arrive in New Zealand?'],
  },
  { name: 'wikipedia-3', url: 'https://en.wikipedia.org/wiki/Hermitian_matrix', questions: ['What is the Rayleigh quotient?'] },
];

async function extracted(name: string, url: string): Promise<{ page: Page; entries: string[] }> {
  const html = loadPage(name).source;
  const { page } = await extractPage(
    { html, url, lastModified: null, retrievedAt: '2026-11-30T12:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );
  return { page, entries: referenceEntries(html) };
}

describe.skipIf(!HAS_CORPUS)('Wikipedia reference lists are no passages; their footnotes still lead to the cited sources', () => {
  it.each(PAGES)('$name: no reference entry in the extracted text, a split passage or a selected one', async (c) => {
    const { page, entries } = await extracted(c.name, c.url);
    expect(entries.length).toBeGreaterThan(2);
    // Extraction leaves the lists out, by their markup.
    const text = squash(page.text);
    expect(entries.filter((e) => text.includes(e.slice(0, 50)))).toEqual([]);
    const passages = splitPassages(page);
    expect(referencePassages(passages, entries)).toEqual([]);
    expect(passages.filter((p) => p.text.split('\n').some((line) => /^\s*\^\s/.test(line))).map((p) => p.text)).toEqual([]);
    for (const q of c.questions) {
      const selected = selectEvidence(q, [q], passages, { maxSpans: 6, maxPerDocument: 6 }).spans;
      expect(selected.length).toBeGreaterThan(0);
      expect(referencePassages(selected, entries)).toEqual([]);
    }
  });

  it('the footnotes are still read from the lists: markers in the article text, each with the sources its note names', async () => {
    const { page } = await extracted('wikipedia', 'https://en.wikipedia.org/wiki/Mozilla');
    const citations = page.citations ?? [];
    expect(citations.length).toBeGreaterThan(50);
    for (const c of citations) {
      expect(c.urls.length).toBeGreaterThan(0);
      expect(c.note).toMatch(/^cite_note-/);
      // The marker sits in the article's text, where its passage anchors it.
      expect(page.text.slice(c.at, c.at + 1)).toBe('[');
    }
    const withFootnotes = splitPassages(page).filter((p) => citations.some((c) => c.at >= p.start && c.at <= p.end));
    expect(withFootnotes.length).toBeGreaterThan(20);
    // The note the first Netscape statement cites names its source as the list gave it.
    const netscape = citations.find((c) => c.label.startsWith('"Netscape Announces mozilla.org'));
    expect(netscape?.urls.length).toBeGreaterThan(0);
  });
});
