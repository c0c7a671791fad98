import { describe, expect, it } from 'vitest';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

// The lead (standfirst) that Readability leaves out, put back at the top of the text (issue #24),
// and MathJax's formulas, which Readability 0.6.0 drops as a "menu".

const extract = (html: string) =>
  extractPage(
    { html, url: 'http://site.test/story', lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );

const BODY = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the tram line to the northern districts will have nine stops, run every six minutes at peak hours, and connect the hospital, two schools and the university campus with the main station.</p>`,
).join('');

const LEAD = 'The northern districts get their tram after nine years of plans, two budget fights and one referendum.';

const page = (header: string) =>
  `<html><head><title>Tram line approved</title></head><body><div class="page-header"><h1>Tram line approved</h1>${header}</div>` +
  `<div class="sidebar-box"><a href="/other">Another story entirely</a></div><div class="story-body">${BODY}</div></body></html>`;

describe('the lead Readability leaves out', () => {
  it('is put back at the top of the text', async () => {
    const { page: p } = await extract(page(`<p class="standfirst">${LEAD}</p>`));
    expect(p.text.startsWith(LEAD)).toBe(true);
    expect(p.text).toContain('Paragraph 1: the tram line');
  });

  it('is not a linked teaser, even after the headline', async () => {
    const { page: p } = await extract(page(`<a href="/older"><p class="teaser">${LEAD}</p></a>`));
    expect(p.text).not.toContain(LEAD);
  });

  it('is put back when Readability emptied its box (a lone paragraph moved out of its <div>)', async () => {
    const { page: p } = await extract(
      `<html><head><title>Tram line approved</title></head><body><header><h1>Tram line approved</h1><div class="article-teaser"><p>${LEAD}</p></div></header>` +
        `<div class="story-body">${BODY}</div></body></html>`,
    );
    expect(p.text.startsWith(LEAD)).toBe(true);
  });

  it('is the paragraph beside the headline in its header, with no class naming it', async () => {
    const { page: p } = await extract(
      `<html><head><title>Tram line approved</title></head><body><header><h1>Tram line approved</h1><div class="byline">By Ann Lee</div><p>${LEAD}</p></header>` +
        `<div class="sidebar-box"><a href="/other">Another story entirely</a></div><article><div class="story-body">${BODY}</div></article></body></html>`,
    );
    expect(p.text.startsWith(LEAD)).toBe(true);
  });

  it('is the paragraph right after the headline, with no class naming it', async () => {
    const { page: p } = await extract(
      `<html><head><title>Tram line approved</title></head><body><div class="hero"><h1>Tram line approved</h1><p>${LEAD}</p></div>` +
        `<div class="story-body">${BODY}</div></body></html>`,
    );
    expect(p.text.startsWith(LEAD)).toBe(true);
  });

  it('is taken once when Readability kept it', async () => {
    const html = `<html><head><title>Tram line approved</title></head><body><article><h1>Tram line approved</h1><p class="intro">${LEAD}</p>${BODY}</article></body></html>`;
    const { page: p } = await extract(html);
    expect(p.text.split(LEAD)).toHaveLength(2);
  });
});

describe('MathJax formulas', () => {
  it('stay in the text though their container’s class has "Menu" in it', async () => {
    const formula =
      '<mjx-container class="MathJax CtxtMenu_Attached_0" jax="CHTML"><mjx-math aria-hidden="true">x</mjx-math>' +
      '<mjx-assistive-mml display="inline"><math><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></mjx-assistive-mml></mjx-container>';
    const { page: p } = await extract(
      `<html><head><title>Energy</title></head><body><article>${BODY}<p>The relation ${formula} links mass and energy.</p></article></body></html>`,
    );
    expect(p.text).toMatch(/E\s*=\s*m\s*c\s*2/);
  });
});
