import { describe, expect, it } from 'vitest';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

// An article a script draws, given to readers without scripts in a <noscript>.

const extract = (html: string) =>
  extractPage(
    { html, url: 'http://site.test/story', lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );

const PARAGRAPHS = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the tram line to the northern districts will have nine stops, run every six minutes at peak hours, and connect the hospital, two schools and the university campus with the main station.</p>`,
).join('');

describe('an article in a <noscript>', () => {
  it('is read when the <noscript> holds more prose than the rest of the page', async () => {
    const { page } = await extract(
      `<html><head><title>Tram line approved</title></head><body><div class="header"><h1>City blog</h1><p>News from the city.</p></div>` +
        `<div class="post-body"><script>document.write(render(post))</script><noscript>${PARAGRAPHS}</noscript></div></body></html>`,
    );
    expect(page.text).toContain('Paragraph 1: the tram line');
    expect(page.text).toContain('Paragraph 4: the tram line');
  });

  it('is not a notice to turn scripts on beside the article', async () => {
    const notice =
      '<noscript><div class="enable-js"><p>For full functionality of this site it is necessary to enable JavaScript. Here are the instructions how to enable JavaScript in your web browser.</p>' +
      '<p>We and our partners would like to process and share personal data about your use of our site with third parties, to show you content and offers that suit you.</p>' +
      '<p>You can change your choices at any time in the privacy settings of this site, where you will also find more about how we use cookies and data.</p></div></noscript>';
    const { page } = await extract(
      `<html><head><title>Tram line approved</title></head><body>${notice}<article><h1>Tram line approved</h1>${PARAGRAPHS}${PARAGRAPHS.replace(/Paragraph/g, 'Section')}</article></body></html>`,
    );
    expect(page.text).toContain('Paragraph 1: the tram line');
    expect(page.text).not.toContain('enable JavaScript');
  });
});
