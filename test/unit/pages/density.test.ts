import { describe, expect, it, vi } from 'vitest';
import { buildTextMap, type DomNodeLike } from '@/lib/text/text-map';
import { BOILERPLATE_RULES } from '@/lib/pages/boilerplate';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { missesProse, readByDensity, recoverProse } from '@/lib/pages/density';

// The density reading (issue #24): paragraphs of prose by length and link density, the main content
// where most of them are, and the prose Readability left out of it put back, with the guards that
// keep teasers, comments and other columns out.

const prose = (n: number) =>
  `Paragraph ${n}: the tram line to the northern districts will have nine stops and run every six minutes at peak hours.`;

const body = (html: string) =>
  parseHtmlWithLinkedom(`<!doctype html><html><body>${html}</body></html>`, 'http://site.test/').body;

/** What recoverProse gives when Readability's text is `kept` and the main content is `#main`. */
function recover(html: string, kept: string): string {
  const main = body(html).querySelector('#main')!;
  const mainText = buildTextMap(main as unknown as DomNodeLike).text;
  return recoverProse(kept, main, mainText, BOILERPLATE_RULES);
}

describe('the density reading', () => {
  it('takes the smallest element holding most of the prose, not the menu beside it', () => {
    const b = body(
      `<div id="all"><div id="menu"><p>${prose(9)}</p></div><div id="story"><p>${prose(1)}</p><p>${prose(2)}</p><p>${prose(3)}</p><p>${prose(4)}</p></div></div>`,
    );
    const reading = readByDensity(b);
    expect(reading.main?.id).toBe('story');
    expect(reading.mainParagraphs).toHaveLength(4);
  });

  it('counts neither short lines nor linked paragraphs as prose', () => {
    const b = body(`<div id="story"><p>Short line.</p><p><a href="/x">${prose(1)}</a></p><p>${prose(2)}</p></div>`);
    expect(readByDensity(b).mainParagraphs).toEqual([prose(2)]);
  });

  it('never counts a heading as prose, however long: a title is not a paragraph of the article', () => {
    const title = `The tram line to the northern districts: nine stops, a train every six minutes, and the works timetable`;
    const b = body(`<div id="story"><h1>${title}</h1><p>${prose(1)}</p><h2>${title}</h2><p>${prose(2)}</p></div>`);
    expect(readByDensity(b).mainParagraphs).toEqual([prose(1), prose(2)]);
    expect(recover(`<div id="main"><h1>${title}</h1><p>${prose(1)}</p></div>`, prose(1))).toBe(prose(1));
  });

  it('tells when a paragraph of the main content is missing from a text', () => {
    const reading = readByDensity(body(`<div><p>${prose(1)}</p><p>${prose(2)}</p></div>`));
    expect(missesProse(reading, `${prose(1)}\n${prose(2)}`)).toBe(false);
    expect(missesProse(reading, prose(1))).toBe(true);
  });
});

describe('prose put back', () => {
  it('comes back after the line it follows in the main content', () => {
    const out = recover(`<div id="main"><h2>Signed by</h2><p>${prose(1)}</p><p>${prose(2)}</p></div>`, 'Signed by');
    expect(out.split('\n')).toEqual(['Signed by', prose(1), prose(2)]);
  });

  it('does not come from a link or a list item (teasers, gallery captions)', () => {
    const out = recover(
      `<div id="main"><p>${prose(1)}</p><a href="/other"><div>${prose(2)}</div></a><ul><li><p>${prose(3)}</p></li></ul></div>`,
      prose(1),
    );
    expect(out).toBe(prose(1));
  });

  it('does not come from boilerplate markup, however much of the page it holds', () => {
    const out = recover(
      `<div id="main"><p>${prose(1)}</p><div class="comments-area"><p>${prose(2)}</p><p>${prose(3)}</p><p>${prose(4)}</p></div></div>`,
      prose(1),
    );
    expect(out).toBe(prose(1));
  });

  it('does not come from a run of like units (comments, cards)', () => {
    const out = recover(
      `<div id="main"><p>${prose(1)}</p><div class="unit"><p>${prose(2)}</p></div><div class="unit"><p>${prose(3)}</p></div></div>`,
      prose(1),
    );
    expect(out).toBe(prose(1));
  });

  it('does not come from another column of the page', () => {
    const column = Array.from({ length: 6 }, (_, i) => `<p>${prose(10 + i)}</p>`).join('');
    const out = recover(`<div id="main"><div><div><p>${prose(1)}</p></div></div><div><div>${column}</div></div></div>`, prose(1));
    expect(out).toBe(prose(1));
  });

  it('comes back through extractPage when Readability takes the wrong block', async () => {
    // Readability scores the signatories' comma-rich lines above the letter's paragraphs, each in wrappers of its own.
    const names = Array.from({ length: 40 }, (_, i) => `<p>Signatory ${i + 1}, council, town, district, region</p>`).join('');
    const letter = Array.from({ length: 3 }, (_, i) => `<div><div><p>${prose(i + 1)}</p></div></div>`).join('');
    const html = `<html><head><title>A letter</title></head><body><div class="content"><div>${letter}</div><div>${names}</div></div></body></html>`;
    const args = {
      html,
      url: 'http://site.test/letter',
      lastModified: null,
      retrievedAt: '2026-11-30T00:00:00Z',
      origin: 'web',
    } as const;
    const { page } = await extractPage(args, parseHtmlWithLinkedom);
    const { page: without } = await extractPage(args, parseHtmlWithLinkedom, { recoverProse: false });
    for (let i = 1; i <= 3; i++) expect(page.text).toContain(prose(i));
    expect(without.text).not.toContain(prose(1));
  });
});

/**
 * How many times `f` searches a string longer than `longer` (includes, indexOf, lastIndexOf): a
 * search of the whole text per paragraph makes the density reading quadratic in the page.
 */
function searchesOfLongText(longer: number, f: () => void): number {
  const spies = (['includes', 'indexOf', 'lastIndexOf'] as const).map((m) => vi.spyOn(String.prototype, m));
  try {
    f();
    return spies.reduce((n, s) => n + s.mock.contexts.filter((t) => String(t).length > longer).length, 0);
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe('the density reading of a long page', () => {
  // 3,000 paragraphs (about 350,000 characters); Readability's text leaves out one of them.
  const paragraphs = Array.from({ length: 3000 }, (_, i) => prose(i));
  const html = `<div id="main">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;
  const whole = paragraphs.join('\n');
  const kept = paragraphs.filter((_, i) => i !== 1500).join('\n');

  it('tells whether a paragraph is missing without searching the whole text for each paragraph', () => {
    const reading = readByDensity(body(html));
    expect(reading.mainParagraphs).toHaveLength(3000);
    let missing: boolean[] = [];
    const searches = searchesOfLongText(100_000, () => {
      missing = [missesProse(reading, whole), missesProse(reading, kept)];
    });
    expect(missing).toEqual([false, true]);
    // Each paragraph is a line of the text: found in the set of lines. The missing one is searched for.
    expect(searches).toBeLessThanOrEqual(2);
  });

  it('puts the missing paragraph back with a handful of searches of the text, not one per paragraph', () => {
    let out = '';
    const searches = searchesOfLongText(100_000, () => {
      out = recover(html, kept);
    });
    expect(out).toBe(whole);
    expect(searches).toBeLessThanOrEqual(4);
  });
});
