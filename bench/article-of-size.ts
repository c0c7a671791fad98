/**
 * A news-like article page of a given size, for the size series of the bench: deterministic, from
 * the prose of three of Readability's test pages in test/fixtures/pages/readability (their
 * paragraphs with their links, their section headings, their list items), laid out as a site lays
 * out an article (a header and nav, a byline, sections of paragraphs, short one-sentence
 * paragraphs and lists, a related-links aside and a footer). Each paragraph is a new draw of the
 * pages' sentences and each section shifts the numbers in its text, so the page does not repeat
 * itself: a repeated paragraph would be found at once by every search for it in the text, and
 * hide the cost of a search over the whole text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { random } from '../test/fakes/seeded-random';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/pages/readability');
/** The fixtures whose text is prose (wikipedia-3 is mostly formulas). */
const SOURCES = ['wikipedia', '002', 'ebb-org'];

interface Prose {
  /** The paragraphs' sentences as HTML (inline markup and links kept, attributes other than href dropped). */
  sentences: string[];
  /** Section headings as text. */
  headings: string[];
  /** List items as HTML. */
  items: string[];
}

let prose: Prose | undefined;

/** The inner HTML of `el` with only `<a href>`, `<b>`, `<i>`, `<em>`, `<strong>` and `<code>` kept. */
function inlineHtml(el: Element): string {
  let out = '';
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === 3) out += escapeText(node.textContent ?? '');
    else if (node.nodeType === 1) {
      const child = node as Element;
      const tag = child.tagName.toLowerCase();
      const inner = inlineHtml(child);
      const href = child.getAttribute('href');
      if (tag === 'a' && href && !href.startsWith('#')) out += `<a href="${escapeAttr(href)}">${inner}</a>`;
      else if (['b', 'i', 'em', 'strong', 'code'].includes(tag)) out += `<${tag}>${inner}</${tag}>`;
      else if (tag !== 'sup' && tag !== 'style' && tag !== 'script') out += inner;
    }
  }
  return out;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function readProse(): Prose {
  if (prose) return prose;
  const found: Prose = { sentences: [], headings: [], items: [] };
  for (const name of SOURCES) {
    const html = readFileSync(path.join(FIXTURES, name, 'source.html'), 'utf8');
    const doc = parseHtmlWithLinkedom(html, 'https://example.org/');
    for (const p of Array.from(doc.querySelectorAll('p'))) {
      const text = (p.textContent ?? '').trim();
      if (text.length >= 80) found.sentences.push(...sentencesOf(inlineHtml(p).trim().replace(/\s+/g, ' ')));
    }
    for (const h of Array.from(doc.querySelectorAll('h2, h3'))) {
      const text = (h.textContent ?? '').replace(/\[edit\]/g, '').trim();
      if (text.length >= 4 && text.length <= 60) found.headings.push(escapeText(text));
    }
    for (const li of Array.from(doc.querySelectorAll('li'))) {
      const text = (li.textContent ?? '').trim();
      // Reference-list entries ("^ … Retrieved 2014-07-01.") are not an article's lists.
      const reference = text.startsWith('^') || /Retrieved \d/.test(text);
      if (text.length >= 30 && text.length <= 300 && !reference && li.querySelector('ul, ol') === null)
        found.items.push(inlineHtml(li).trim().replace(/\s+/g, ' '));
    }
  }
  prose = found;
  return found;
}

/** `html` with each number in its text (not in its tags) shifted by `by`: the same prose, other facts. */
function shiftNumbers(html: string, by: number): string {
  if (by === 0) return html;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(/\d+/g, (d) => String(Number(d) + by))))
    .join('');
}

/** A paragraph's HTML cut into its sentences, only where no inline element is open. */
function sentencesOf(html: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (const m of html.matchAll(/<(\/?)[^>]*>|[.!?] (?=[A-Z])/g)) {
    if (m[0].startsWith('<')) depth += m[1] ? -1 : 1;
    else if (depth === 0) {
      out.push(html.slice(start, m.index + 1));
      start = m.index + 2;
    }
  }
  out.push(html.slice(start));
  return out.filter((x) => x.replace(/<[^>]*>/g, '').length >= 20);
}

const HEADER = `<header class="site-header"><a class="logo" href="/">The Example Review</a>
<nav class="main-nav"><ul><li><a href="/news">News</a></li><li><a href="/tech">Technology</a></li><li><a href="/science">Science</a></li><li><a href="/opinion">Opinion</a></li><li><a href="/about">About us</a></li><li><a href="/subscribe">Subscribe</a></li></ul></nav></header>`;
const FOOTER = `<footer class="site-footer"><nav><ul><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of use</a></li><li><a href="/contact">Contact</a></li></ul></nav>
<p class="copyright">© 2024 The Example Review. All rights reserved.</p></footer>`;

/**
 * An article page of at most `chars` characters of HTML, and less than one section under it;
 * `seed` picks another arrangement of the same prose.
 */
export function articleOfSize(chars: number, seed = 1): string {
  const { sentences, headings, items } = readProse();
  const rand = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const head = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A history of the web, told at length | The Example Review</title>
<meta name="description" content="A long read on the web and the people who built it.">
<meta property="article:published_time" content="2024-03-14T09:00:00Z"></head>
<body>${HEADER}
<main><article class="story"><h1>A history of the web, told at length</h1>
<p class="byline">By <a href="/authors/a-writer" rel="author">A. Writer</a> · <time datetime="2024-03-14">March 14, 2024</time></p>
`;
  const tail = `</article>
<aside class="related"><h2>Related</h2><ul><li><a href="/a">The browser wars, revisited</a></li><li><a href="/b">Open standards at thirty</a></li><li><a href="/c">Who writes the web?</a></li></ul></aside></main>
${FOOTER}
</body></html>
`;
  const parts: string[] = [head];
  let size = head.length + tail.length;
  for (let section = 0; ; section++) {
    const paragraph = (length: number) => shiftNumbers(Array.from({ length }, () => pick(sentences)).join(' '), section % 50);
    let s = `<section><h2>${section + 1}. ${pick(headings)}</h2>\n`;
    const n = 4 + Math.floor(rand() * 5);
    for (let i = 0; i < n; i++) {
      s += `<p>${paragraph(2 + Math.floor(rand() * 5))}</p>\n`;
      // About one paragraph in three is followed by a short one, as news sites write.
      if (rand() < 0.35) s += `<p>${paragraph(1)}</p>\n`;
    }
    if (rand() < 0.5) {
      s += '<ul>\n';
      for (let i = 0, k = 3 + Math.floor(rand() * 4); i < k; i++) s += `<li>${shiftNumbers(pick(items), section % 50)}</li>\n`;
      s += '</ul>\n';
    }
    s += '</section>\n';
    if (size + s.length > chars) break;
    parts.push(s);
    size += s.length;
  }
  parts.push(tail);
  return parts.join('');
}
