import { describe, expect, it } from 'vitest';
import { BOILERPLATE_RULES, findBoilerplate, markupWords, type BoilerplateRule } from '@/lib/pages/boilerplate';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { buildTextMap, isHiddenByMarkup, type DomNodeLike } from '@/lib/text/text-map';

// Each boilerplate rule of issue #24 on a small page written for it: the article stays, the
// boilerplate goes, and without the rule the boilerplate would stay (so every rule is needed).

/** Two paragraphs of an article: enough text that no boilerplate below holds half of the page. */
const ARTICLE =
  '<p>The city council voted on Tuesday to extend the tram line to the northern districts, a project first proposed in 2015 and delayed twice by disputes over the budget.</p>' +
  '<p>Construction is due to start next spring and should take three years, the council said, at a cost of 240 million euros shared with the regional government.</p>';
const ARTICLE_TEXT = ['voted on Tuesday to extend the tram line', 'Construction is due to start next spring'];

/** The visible text of `html` (inside one article element) without what `rules` call boilerplate. */
function textWithout(html: string, rules: readonly BoilerplateRule[] = BOILERPLATE_RULES): string {
  const doc = parseHtmlWithLinkedom(
    `<!doctype html><html><body><div id="page">${html}</div></body></html>`,
    'http://site.test/a',
  );
  const root = doc.getElementById('page')!;
  const boilerplate = new Set<unknown>(findBoilerplate(root, rules));
  return buildTextMap(root as unknown as DomNodeLike, { isHidden: (el) => boilerplate.has(el) || isHiddenByMarkup(el) }).text;
}

interface Case {
  rule: string;
  /** What the case shows. */
  title: string;
  html: string;
  /** Text the rule removes. */
  gone: string[];
  /** Text that stays besides the article (a near miss the rule must leave alone). */
  kept?: string[];
}

const CASES: Case[] = [
  {
    rule: 'navigation-elements',
    title: 'a <nav> and a complementary box',
    html: `<nav><a href="/">Home</a> <a href="/politics">Politics</a></nav>${ARTICLE}<div role="complementary"><p>In this section: more about the city</p></div>`,
    gone: ['Politics', 'In this section'],
  },
  {
    rule: 'comment-threads',
    title: 'a comment thread under the article',
    html: `${ARTICLE}<div id="comments"><h3>2 responses</h3><p>Great piece, thanks for writing it.</p><p>I disagree with the second point.</p></div>`,
    gone: ['Great piece', 'I disagree'],
  },
  {
    rule: 'related-lists',
    title: 'a related-posts box',
    html: `${ARTICLE}<div class="related-posts"><p><a href="/x">Bus fares rise in January</a> · <a href="/y">New bridge opens</a></p></div>`,
    gone: ['Bus fares rise', 'New bridge opens'],
  },
  {
    rule: 'teasers',
    title: 'a linked teaser goes, the page’s own teaser (no link) stays',
    html: `<p class="teaser">The northern districts get their tram after nine years of plans.</p>${ARTICLE}<div class="teaser"><a href="/lib"><h3>Mayor opens the new library</h3><p>The building has room for 90,000 books.</p></a></div>`,
    gone: ['Mayor opens the new library', '90,000 books'],
    kept: ['get their tram after nine years'],
  },
  {
    rule: 'share-bars',
    title: 'share buttons',
    html: `${ARTICLE}<div class="share-buttons"><a href="#f">Facebook</a> <a href="#m">Email</a></div>`,
    gone: ['Facebook', 'Email'],
  },
  {
    rule: 'newsletter-and-cookie-boxes',
    title: 'a cookie banner and a newsletter box, by their class',
    html: `<div class="cookie-banner"><p>We need your OK to continue.</p></div>${ARTICLE}<div class="newsletterBox"><p>Every Friday in your inbox.</p></div>`,
    gone: ['We need your OK', 'Every Friday'],
  },
  {
    rule: 'author-boxes',
    title: 'an author biography',
    html: `${ARTICLE}<div class="author-bio"><p>Jane Roe covers transport and the city budget for the paper.</p></div>`,
    gone: ['Jane Roe covers transport'],
  },
  {
    rule: 'tag-lists',
    title: 'a tag list and a breadcrumb trail',
    html: `<ol class="breadcrumb"><li>Home</li><li>City</li></ol>${ARTICLE}<div class="post-tags"><span>Transport</span> <span>Budget</span></div>`,
    gone: ['Transport', 'Budget', 'Home'],
  },
  {
    rule: 'image-credits',
    title: 'a photo credit beside a picture: the credit goes, the line stays',
    html: `<div><img src="depot.jpg" alt=""><p>The old depot at dawn. <span class="photo-credit">Jane Roe</span></p></div>${ARTICLE}`,
    gone: ['Jane Roe'],
    kept: ['The old depot at dawn.'],
  },
  {
    rule: 'caption-credits',
    title: 'a caption that credits its picture',
    html: `${ARTICLE}<figure><img src="station.jpg" alt=""><figcaption>Commuters at the main station. Photo: Max Muster</figcaption></figure><figure><img src="q.jpg" alt=""><figcaption>Queues at the ticket office in March</figcaption></figure>`,
    gone: ['Commuters at the main station'],
    kept: ['Queues at the ticket office'],
  },
  {
    rule: 'caption-credits',
    title: 'a long caption of several sentences that ends with its credit',
    html: `${ARTICLE}${ARTICLE}<div class="image-box"><img src="depot.jpg" alt=""><div class="legend">The old depot on the northern edge of the city was built in 1911 for horse-drawn trams and served the electric trams from 1928. It will be restored and reopened as the line's workshop, with room for twelve vehicles and a visitors' gallery. The council bought the building back from a logistics company in 2019, after years of talks.<br>Foto © Max Muster</div></div>`,
    gone: ['The old depot on the northern edge'],
  },
  {
    rule: 'datelines',
    title: 'a <time> standing alone and a metadata box; a <time> or a name marked as metadata inside a sentence stays',
    html: `<time datetime="2024-03-05">5 March 2024</time><div class="entry-meta"><span>City desk</span></div>${ARTICLE}<p>The first vote, on <time datetime="2023-11-02">2 November</time>, failed by one vote.</p><p>The mayor, <a class="meta-per" href="/people/jane-roe">Jane Roe</a>, voted for it.</p>`,
    gone: ['5 March 2024', 'City desk'],
    kept: ['The first vote, on 2 November, failed by one vote.', 'The mayor, Jane Roe, voted for it.'],
  },
  {
    rule: 'widgets',
    title: 'a table of contents and a rating widget; a word so marked inside a sentence stays',
    html: `<div class="toc"><ol><li><a href="#a">Background</a></li><li><a href="#b">Costs</a></li></ol></div>${ARTICLE}<div class="post-ratings"><span>4.2 of 5</span></div><p>Readers gave the line a <a class="rating" href="/r">rating</a> of 4.2 last year.</p>`,
    gone: ['Background', 'Costs', '4.2 of 5'],
    kept: ['Readers gave the line a rating of 4.2 last year.'],
  },
  {
    rule: 'inset-boxes',
    title: 'a fact box, an inline text box and an inline teaser element set into the article',
    html: `${ARTICLE}<div class="mol-factbox"><p>As many as a million riders use the network every week.</p></div><div class="inlineTextbox"><p>Read the full report in our March issue.</p></div><pp-inline-teaser><h3>FAQ on tickets</h3></pp-inline-teaser>`,
    gone: ['a million riders', 'March issue', 'FAQ on tickets'],
  },
  {
    rule: 'lone-headings',
    title: 'a heading alone beside an empty list; a heading alone in its wrapper, before its section, stays',
    html: `<div class="box"><h3>Top 5 energy stories</h3><ul class="popular-posts"></ul></div><div class="title"><h2>How the line was planned</h2></div>${ARTICLE}`,
    gone: ['Top 5 energy stories'],
    kept: ['How the line was planned'],
  },
  {
    rule: 'read-also-lines',
    title: '"read also" lines in the four languages',
    html:
      `${ARTICLE}<p>Read more: <a href="/1">Why trams are back in fashion</a></p><p>Lesen Sie auch: <a href="/2">So teuer wird die Stadtbahn</a></p>` +
      `<p>À lire aussi : <a href="/3">Le tramway revient en ville</a></p><p>Lea también: <a href="/4">El tranvía vuelve a la ciudad</a></p>`,
    gone: ['Why trams are back', 'So teuer wird', 'Le tramway revient', 'El tranvía vuelve'],
  },
  {
    rule: 'read-also-headings',
    title: 'a "Related stories" heading and the list it introduces',
    html: `${ARTICLE}<h3>Related stories</h3><ul><li><a href="/a">Fares</a></li><li><a href="/b">Bridges</a></li></ul><h4>Mehr zum Thema</h4>`,
    gone: ['Related stories', 'Fares', 'Bridges', 'Mehr zum Thema'],
  },
  {
    rule: 'read-also-headings',
    title: 'a "further information" or "contact" label and the links it introduces',
    html: `${ARTICLE}<p>Weitere Informationen:</p><p><a href="/faq">FAQ</a> <a href="/map">Karte</a></p><p>Kontakt:</p><h3>Entdecke weitere Reportagen</h3><h3>Weitere Tourentipps in Schweden</h3><p>Pour en savoir plus</p>`,
    gone: ['Weitere Informationen', 'FAQ', 'Kontakt', 'Entdecke weitere', 'Weitere Tourentipps', 'Pour en savoir plus'],
  },
  {
    rule: 'share-lines',
    title: 'the label of share buttons',
    html: `${ARTICLE}<p>Share this article</p><p>Diesen Artikel teilen</p><p>Compartir</p>`,
    gone: ['Share this article', 'Diesen Artikel teilen', 'Compartir'],
  },
  {
    rule: 'newsletter-lines',
    title: 'newsletter and app pitches in the text',
    html: `${ARTICLE}<p>Sign up for our newsletter and get the week’s best stories.</p><p>Abonnieren Sie unseren wöchentlichen Überblick.</p><p>Download our app for the latest news.</p>`,
    gone: ['Sign up for our newsletter', 'Abonnieren Sie', 'Download our app'],
  },
  {
    rule: 'copyright-lines',
    title: 'a reprint notice',
    html: `${ARTICLE}<p>This report may not be reproduced without written permission. All rights reserved.</p>`,
    gone: ['may not be reproduced'],
  },
  {
    rule: 'ad-lines',
    title: 'an advertisement’s label',
    html: `${ARTICLE}<p>Anzeige – Jetzt Stromtarife vergleichen und sparen</p><p>Advertisement</p>`,
    gone: ['Jetzt Stromtarife vergleichen', 'Advertisement'],
  },
  {
    rule: 'figures',
    title: 'a picture and its caption, named picture and caption boxes; a pull quote, an image beside paragraphs stay',
    html: `${ARTICLE}${ARTICLE}<figure><img src="t.jpg"><figcaption>A tram at dusk</figcaption></figure><div class="featured-image"><img src="u.jpg"><span>The depot</span></div><div class="img-caption"><p>Line 4</p><p>City archive</p></div><figure class="pullquote"><blockquote><p>Trams are back in town</p></blockquote></figure><div class="image-text"><img src="v.jpg"><p>Riders board at the front door.</p><p>Tickets are sold on board.</p></div>`,
    gone: ['A tram at dusk', 'The depot', 'Line 4', 'City archive'],
    kept: ['Trams are back in town', 'Riders board at the front door.'],
  },
  {
    rule: 'date-lines',
    title: 'datelines as lines of their own',
    html: `<p>Published 5 March 2024, 10:30</p>${ARTICLE}<p>Aktualisiert am 06.03.2024</p>`,
    gone: ['Published 5 March 2024', 'Aktualisiert am'],
  },
  {
    rule: 'credit-lines',
    title: 'credit lines outside a caption',
    html: `${ARTICLE}<p>Foto: Max Muster</p><div>Jane Roe/Reuters</div>`,
    gone: ['Max Muster', 'Jane Roe/Reuters'],
  },
  {
    rule: 'control-lines',
    title: 'the labels of page controls; a sentence that opens with such a word stays',
    html: `${ARTICLE}<p>« zurück</p><p><span>Bild anzeigen</span> <span>Bild schließen</span></p><li><strong>Permalink</strong> https://site.test/p/4</li><p>Show more</p><p>Zurück in die Stadt fährt die Linie alle zehn Minuten.</p>`,
    gone: ['zurück', 'Bild anzeigen', 'Permalink', 'Show more'],
    kept: ['Zurück in die Stadt fährt'],
  },
  {
    rule: 'meta-lines',
    title: 'a line of metadata fields',
    html: `<p>Tuesday | 5 March 2024 | City desk | 4 min read</p>${ARTICLE}`,
    gone: ['4 min read'],
  },
  {
    rule: 'pointer-lines',
    title: 'an italic line that ends with a link to another article; a linked word inside an italic sentence stays',
    html: `${ARTICLE}<p><em>Former transport minister: <a href="/interview">Trams are the future of cities</a></em></p><p><em>The plan was approved by the <a href="/council">council</a> in a second vote.</em></p>`,
    gone: ['Trams are the future of cities'],
    kept: ['approved by the council in a second vote'],
  },
  {
    rule: 'link-lines',
    title: 'a line that is one link; a one-word link stays',
    html: `${ARTICLE}<p><a href="/report">Here is the full council report</a></p><p><a href="/next">Next</a></p>`,
    gone: ['full council report'],
    kept: ['Next'],
  },
];

describe('boilerplate rules (issue #24)', () => {
  it('has a case for every rule, and every case names a rule', () => {
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(BOILERPLATE_RULES.map((r) => r.name)));
    for (const r of BOILERPLATE_RULES) expect(r.why.length, r.name).toBeGreaterThan(20);
  });

  it.each(CASES)('$rule: $title', ({ html, gone, kept = [] }) => {
    const text = textWithout(html);
    for (const s of ARTICLE_TEXT) expect(text).toContain(s);
    for (const s of kept) expect(text).toContain(s);
    for (const s of gone) expect(text).not.toContain(s);
  });

  it.each(CASES)('$rule is needed: without it the boilerplate of its case stays', ({ rule, html, gone }) => {
    const text = textWithout(
      html,
      BOILERPLATE_RULES.filter((r) => r.name !== rule),
    );
    expect(gone.some((s) => text.includes(s))).toBe(true);
  });
});

describe('what the rules never take', () => {
  it('a forum whose posts are all "comments": no rule takes more than half the page', () => {
    const posts = [
      'My tram pass stopped working after the update, has anyone seen this?',
      'Same here since Monday; the office says a fix comes this week.',
      'Mine works again after I renewed it online, so try that first.',
    ];
    const html = `<h1>Tram pass not working</h1>${posts.map((p) => `<div class="comment"><p>${p}</p></div>`).join('')}`;
    const text = textWithout(html);
    for (const p of posts) expect(text).toContain(p);
  });

  it('an article inside a box whose class has a boilerplate word ("related-content")', () => {
    const text = textWithout(`<div class="main related-content">${ARTICLE}</div><div class="share"><a href="#">Email</a></div>`);
    for (const s of ARTICLE_TEXT) expect(text).toContain(s);
    expect(text).not.toContain('Email');
  });

  it('a story told in pictures: captions holding more than a tenth of the text stay', () => {
    const captions = [
      'The first tram leaves the depot at five in the morning, before the city wakes up.',
      'Drivers change shifts at the main station, where the new line meets the old one.',
    ];
    const text = textWithout(
      `${ARTICLE}${captions.map((c) => `<figure><img src="t.jpg"><figcaption>${c}</figcaption></figure>`).join('')}`,
    );
    for (const c of captions) expect(text).toContain(c);
  });

  it('a rule refused on a page leaves what is inside its matches to the other rules', () => {
    const captions = [
      'The first tram leaves the depot at five in the morning, before the city wakes up.',
      'Drivers change shifts at the main station. Foto: Max Muster',
    ];
    const text = textWithout(
      `${ARTICLE}${captions.map((c) => `<figure><img src="t.jpg"><figcaption>${c}</figcaption></figure>`).join('')}`,
    );
    expect(text).toContain('The first tram leaves the depot');
    expect(text).not.toContain('Max Muster');
  });

  it('markup words are whole words of class, id and role', () => {
    expect(markupWords(parseHtmlWithLinkedom('<p class="commentList item_2" id="x">a</p>', '').querySelector('p')!)).toBe(
      '-comment-list-item-2-x-',
    );
    const canvas = parseHtmlWithLinkedom('<div class="canvas-wrap">a</div>', '').querySelector('div')!;
    expect(markupWords(canvas)).not.toMatch(/-nav-/);
  });
});

const extract = (html: string) =>
  extractPage(
    { html, url: 'http://site.test/story', lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );

/** Enough paragraphs for Readability to take the article (it wants 500 characters). */
const BODY = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story: the tram line to the northern districts will have nine stops, run every six minutes at peak hours and connect the hospital, two schools and the university campus with the main station.</p>`,
).join('');

describe('extractPage with the rules', () => {
  it('leaves boilerplate out of the page text and still reads the date from a dateline it drops', async () => {
    const { page } = await extract(
      `<html><head><title>Tram</title></head><body><article><p>Published 5 March 2024</p>${BODY}<p>Read more: <a href="/x">Why trams are back</a></p></article></body></html>`,
    );
    expect(page.text).toContain('Paragraph 1 of the story');
    expect(page.text).not.toContain('Published 5 March 2024');
    expect(page.text).not.toContain('Why trams are back');
    expect(page.published?.iso.slice(0, 10)).toBe('2024-03-05');
  });
});
