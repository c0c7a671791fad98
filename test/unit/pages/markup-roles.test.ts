import { describe, expect, it } from 'vitest';
import { readMarkupRoles } from '@/lib/pages/markup-roles';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

// The roles are read in one walk of the document; these pin what each role's selector means.

const roles = (html: string) => readMarkupRoles(parseHtmlWithLinkedom(html, 'http://site.test/'));

describe('readMarkupRoles', () => {
  it('gives each role its texts in document order, one element to several roles', () => {
    const r = roles(`<html><head><meta property="article:section" content=" Opinion "></head><body>
      <h1>The title of it</h1><p class="byline  timestamp">By Ann Lee, 2 May</p>
      <figure><img><figcaption>A tram at the depot</figcaption></figure>
      <p>Run <code>npm test</code> first.</p><pre>npm run build</pre><p><code>make all</code></p>
      <div class="bio">Ann Lee writes on transport.</div><div class="biography">Not a bio word.</div>
      <a rel="Author" href="/ann">Ann Lee</a><time>2 May 2026</time></body></html>`);
    expect(r.texts).toEqual({
      heading: ['The title of it'],
      byline: ['By Ann Lee, 2 May', 'Ann Lee'],
      dateline: ['By Ann Lee, 2 May', '2 May 2026'],
      caption: ['A tram at the depot'],
      code: ['npm run build', 'make all'],
      bio: ['Ann Lee writes on transport.'],
    });
    expect(Object.keys(r.texts)).toEqual(['caption', 'heading', 'code', 'byline', 'dateline', 'bio']);
    expect(r.genre).toBe('opinion');
  });

  it('reads the genre from JSON-LD when no meta names one', () => {
    const r = roles(
      `<html><head><meta name="genre" content=" "><script type="Application/LD+JSON">{"articleSection":"Sport"}</script></head><body><p>Text.</p></body></html>`,
    );
    expect(r.genre).toBe('sport');
  });
});
