import { describe, expect, it } from 'vitest';
import { DOMParser } from 'linkedom';
import { normalizeDocumentShape, parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { extractPage } from '@/lib/pages/extract';
import { buildTextMap } from '@/lib/text/text-map';
import { findQuote } from '@/lib/quotes/find-quote';
import type { DomNodeLike } from '@/lib/text/text-map';

// The kind of page Readability's held-out yahoo-3 is: an element between <html> and <head>
// (Yahoo's <div id="yui3-css-stamp">), then a full <head> and <body>. A browser's parser puts the
// div into the body and keeps the head; linkedom kept the order literally, so `document.body` was
// an empty element it made up, the title was lost and extraction took the fallback path (issue #14).
const PARAGRAPHS = [
  'A photographer and Navy veteran is fighting back after a photo she posted to Facebook started an online backlash.',
  'The photo, from a military family’s newborn photo shoot, showed a newborn infant wrapped in an American flag held by his father, who was in his military uniform.',
  'Hicks, a Navy veteran herself and the wife of an active-duty Navy member, said her intention was to honor the flag as well as her clients.',
];
const STAMP_PAGE = `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" id="Stencil" class="H-100 JsEnabled" lang="en-US">
<div id="yui3-css-stamp" style="position: absolute !important; visibility: hidden !important" class=""></div>

<head id="yui_3_18_1_1">
    <script>var t_headstart = new Date().getTime();</script>
    <meta http-equiv="content-type" content="text/html; charset=UTF-8" />
    <title>Veteran Wraps Baby in American Flag, Photo Sparks Controversy - Yahoo</title>
    <meta name="description" content="From Yahoo: A photographer and Navy veteran is fighting back." />
    <meta property="og:site_name" content="Yahoo" />
    <style>.yom-mod { padding: 2px 0px; }</style>
</head>
<body class="Bgc-w" id="yahoo-body">
  <div id="page"><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
    <article><h1>Veteran Wraps Baby in American Flag, Photo Sparks Controversy</h1>
      ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n      ')}
    </article>
    <footer>© 2016 Yahoo</footer>
  </div>
</body>
</html>`;

/** The element names directly under <html>. */
const shapeOf = (doc: Document) => [...doc.documentElement.children].map((c) => c.tagName);

describe('parsing a page with an element before <head> (the yahoo-3 kind)', () => {
  it('without the fix, linkedom gives an empty document.body and no title (the bug, kept visible)', () => {
    const raw = new DOMParser().parseFromString(STAMP_PAGE, 'text/html') as unknown as Document;
    expect(raw.body.textContent).toBe('');
    expect(raw.title).toBe('');
  });

  it('parses to one <head> and one <body>: the title and metadata in the head, the stamp first in the body', () => {
    const doc = parseHtmlWithLinkedom(STAMP_PAGE, 'https://gma.yahoo.com/veteran.html');
    expect(shapeOf(doc)).toEqual(['HEAD', 'BODY']);
    expect(doc.title).toBe('Veteran Wraps Baby in American Flag, Photo Sparks Controversy - Yahoo');
    expect(doc.head.querySelector('meta[name="description"]')).not.toBeNull();
    expect(doc.body.firstElementChild?.id).toBe('yui3-css-stamp');
    // The page's own <body> attributes are kept.
    expect(doc.body.id).toBe('yahoo-body');
    expect(doc.body.className).toBe('Bgc-w');
    for (const p of PARAGRAPHS) expect(doc.body.textContent).toContain(p);
    expect(doc.documentElement.getAttribute('lang')).toBe('en-US');
  });

  it('extraction reads the article with Readability, not the fallback, and keeps the title', async () => {
    const { page, readable } = await extractPage(
      {
        html: STAMP_PAGE,
        url: 'https://gma.yahoo.com/veteran.html',
        lastModified: null,
        retrievedAt: '2026-11-30T12:00:00Z',
        origin: 'web',
      },
      parseHtmlWithLinkedom,
    );
    expect(readable).toBe(true);
    expect(page.title).toMatch(/^Veteran Wraps Baby in American Flag/);
    for (const p of PARAGRAPHS) expect(page.text).toContain(p);
    expect(page.text).not.toContain('© 2016 Yahoo');
  });

  it('anchoring in Node finds a quote in the body', () => {
    const doc = parseHtmlWithLinkedom(STAMP_PAGE, 'https://gma.yahoo.com/veteran.html');
    const map = buildTextMap(doc.body as unknown as DomNodeLike);
    const found = findQuote(map.text, { exact: 'wrapped in an American flag held by his father' });
    expect(found).not.toBeNull();
  });
});

describe('the document shape, other cases', () => {
  const parse = (html: string) => parseHtmlWithLinkedom(html, 'https://x.example/');

  it('an element between </head> and <body> goes into the body, before the body’s content', () => {
    const doc = parse('<!doctype html><html><head><title>T</title></head><div>banner</div><body><p>text</p></body></html>');
    expect(shapeOf(doc)).toEqual(['HEAD', 'BODY']);
    expect([...doc.body.children].map((c) => c.textContent)).toEqual(['banner', 'text']);
  });

  it('an element after </body> joins the end of the body', () => {
    const doc = parse('<!doctype html><html><head><title>T</title></head><body><p>text</p></body><iframe></iframe></html>');
    expect(shapeOf(doc)).toEqual(['HEAD', 'BODY']);
    expect([...doc.body.children].map((c) => c.tagName)).toEqual(['P', 'IFRAME']);
  });

  it('a well-formed document is left as it is (the same nodes, not a copy)', () => {
    const doc = new DOMParser().parseFromString(
      '<!doctype html><html><head><title>T</title></head><body><p>text</p></body></html>',
      'text/html',
    ) as unknown as Document;
    const body = doc.documentElement.lastElementChild;
    expect(normalizeDocumentShape(doc).documentElement.lastElementChild).toBe(body);
    expect(doc.body.textContent).toBe('text');
  });
});
