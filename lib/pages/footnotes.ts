import type { Citation, PageLink } from '../shared/types';
import type { TextMap } from '../text/text-map';
import { publisherOf } from './publisher';

/** The sources one footnote names: its id (`cite_note-2`), its text and the external links it holds. */
export interface FootnoteTarget {
  note: string;
  label: string;
  urls: string[];
}

const MAX_URLS_PER_NOTE = 3;
const ARCHIVES = /(^|\.)(archive\.org|archive\.today|archive\.ph|webcitation\.org)$/i;

/**
 * The footnotes of a MediaWiki article (`<li id="cite_note-…">` in its reference list) with the
 * external links each holds, read from the document as served (Readability drops the classes that
 * mark a link as external). Links to the article's own publisher are left out; archived copies come
 * after the original they preserve.
 */
export function readFootnoteTargets(doc: Document, pageUrl: string): Map<string, FootnoteTarget> {
  const own = publisherOf(pageUrl);
  const notes = new Map<string, FootnoteTarget>();
  for (const li of Array.from(doc.querySelectorAll('li[id^="cite_note"]'))) {
    const urls = noteUrls(li, pageUrl, own);
    if (urls.length === 0) continue;
    const label = (li.textContent ?? '')
      .replace(/^\s*\^\s*/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    notes.set(li.id, { note: li.id, label, urls });
  }
  readMarkedNotes(doc, pageUrl, own, notes);
  return notes;
}

/**
 * The links of a note to other publishers than the page's (`own`), without fragments, originals
 * before archived copies, at most MAX_URLS_PER_NOTE.
 */
function noteUrls(note: Element, pageUrl: string, own: string): string[] {
  const originals: string[] = [];
  const archived: string[] = [];
  for (const a of Array.from(note.querySelectorAll('a[href]'))) {
    let url: URL;
    try {
      url = new URL(a.getAttribute('href') ?? '', pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    const href = url.toString();
    if (publisherOf(href) === own) continue;
    const list = ARCHIVES.test(url.hostname) ? archived : originals;
    if (!list.includes(href)) list.push(href);
  }
  return [...originals, ...archived].slice(0, MAX_URLS_PER_NOTE);
}

/** A footnote marker in HTML: an in-page link whose words are a number ("1", "[2]", "(3)") or a mark ("*", "†"). */
export const FOOTNOTE_MARKER_HTML = /href="#[^"]+"[^>]*>\s*(?:<sup>\s*)?[[(]?(?:\d{1,3}|[*†‡])[\])]?\s*</;
const MARKER_TEXT = /^[[(]?(?:\d{1,3}|[*†‡])[\])]?$/;

/**
 * Footnotes as any page writes them: a marker linking to an element of the page (`<a
 * href="#fn1">1</a>` → `<li id="fn1">`) that holds links to other publishers. The note is the
 * element's id; its sources are those links, at most MAX_URLS_PER_NOTE.
 */
function readMarkedNotes(doc: Document, pageUrl: string, own: string, notes: Map<string, FootnoteTarget>) {
  for (const a of Array.from(doc.querySelectorAll('a[href^="#"]'))) {
    const id = fragmentOf(a.getAttribute('href') ?? '');
    if (!id || notes.has(id) || !MARKER_TEXT.test((a.textContent ?? '').trim())) continue;
    const note = doc.getElementById(id);
    if (!note || note.contains(a)) continue;
    const urls = noteUrls(note, pageUrl, own);
    if (urls.length === 0) continue;
    const label = (note.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
    notes.set(id, { note: id, label, urls });
  }
}

/**
 * Where each footnote marker (`<a href="#cite_note-2">[2]</a>`) stands in the extracted text, with
 * the sources its note names: a passage is anchored to its footnotes by these offsets, never by
 * guessing from its words.
 */
export function footnoteMarkers(content: Element, map: TextMap, targets: Map<string, FootnoteTarget>): Citation[] {
  if (targets.size === 0) return [];
  const index = new Map(map.nodes.map((n, i) => [n as unknown as Node, i]));
  const out: Citation[] = [];
  for (const a of Array.from(content.querySelectorAll('a[href*="#"]'))) {
    const href = a.getAttribute('href') ?? '';
    const target = targets.get(fragmentOf(href));
    if (!target) continue;
    const first = firstTextNode(a);
    const i = first ? index.get(first) : undefined;
    if (i === undefined) continue;
    const at = map.offsetOf(i, 0);
    if (at < 0) continue;
    out.push({ at, note: target.note, label: target.label, urls: target.urls });
  }
  return out;
}

/** The id a link's fragment names ('' when it names none or is not well encoded). */
function fragmentOf(href: string): string {
  const at = href.indexOf('#');
  if (at < 0) return '';
  try {
    return decodeURIComponent(href.slice(at + 1));
  } catch {
    return '';
  }
}

function firstTextNode(node: Node): Node | null {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 && (c.nodeValue ?? '').trim()) return c;
    const inner = firstTextNode(c);
    if (inner) return inner;
  }
  return null;
}

/** Links kept per page at most: a claim's own sources are a few of them, a link farm is not prose. */
export const MAX_PAGE_LINKS = 400;

/**
 * Share, print and mail buttons are links too: to a form that posts the page, not to a source
 * (by the URL's path and query, as the share endpoints of the common sites write them).
 */
const SHARE_URL =
  /\/(share|sharer|sharing|intent\/(tweet|post)|sharearticle|submit|print)(\.php)?\/?($|\?)|[?&](u|url|text|body)=https?%3a/i;

/** A query less its campaign-tracking parameters (utm_…): they do not make another page. */
function untracked(u: URL): string {
  const q = new URLSearchParams(u.search);
  for (const k of [...q.keys()]) if (/^utm_/i.test(k)) q.delete(k);
  return q.toString();
}

/** The page's address less its fragment, a closing slash and tracking: links to it are links to the page itself. */
function sameUrl(a: URL, page: URL): boolean {
  const path = (u: URL) => u.pathname.replace(/\/$/, '');
  return a.origin === page.origin && path(a) === path(page) && untracked(a) === untracked(page);
}

/** Whether two addresses are one page (as `sameUrl` reads them); addresses that do not parse, when equal. */
export function samePage(a: string, b: string): boolean {
  try {
    return sameUrl(new URL(a), new URL(b));
  } catch {
    return a === b;
  }
}

/** An http(s) link that names a source: not a share button, not the page itself, not a script. */
export function sourceUrl(href: string, pageUrl: string): string | null {
  let url: URL;
  let page: URL;
  try {
    url = new URL(href, pageUrl);
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (sameUrl(url, page) || SHARE_URL.test(url.pathname + url.search)) return null;
  url.hash = '';
  return url.toString();
}

function textNodes(node: Node, out: Node[]): Node[] {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      if ((c.nodeValue ?? '').trim()) out.push(c);
    } else textNodes(c, out);
  }
  return out;
}

/**
 * The links of the extracted text, where each one's words stand in it (`start`–`end`), resolved
 * against the page's address: the offsets tie a link to the sentence it is in, as footnote markers
 * are tied (footnotes.ts). Links hidden from the text (boilerplate, navigation) have no offsets and
 * are left out, with share buttons, in-page anchors and links to the page itself.
 */
export function inlineLinks(content: Element, map: TextMap, pageUrl: string): PageLink[] {
  const anchors = Array.from(content.querySelectorAll('a[href]'));
  if (anchors.length === 0) return [];
  const index = new Map(map.nodes.map((n, i) => [n as unknown as Node, i]));
  const out: PageLink[] = [];
  for (const a of anchors) {
    if (out.length >= MAX_PAGE_LINKS) break;
    const url = sourceUrl(a.getAttribute('href') ?? '', pageUrl);
    if (!url) continue;
    const nodes = textNodes(a, []);
    if (nodes.length === 0) continue;
    const first = index.get(nodes[0]!);
    const last = index.get(nodes[nodes.length - 1]!);
    if (first === undefined || last === undefined) continue;
    const start = map.offsetOf(first, 0);
    const lastNode = nodes[nodes.length - 1]!;
    const end = map.offsetOf(last, Math.max(0, (lastNode.nodeValue ?? '').trimEnd().length - 1));
    if (start < 0 || end < start) continue;
    out.push({ start, end: end + 1, url });
  }
  return out;
}

/**
 * Links moved to a text that is `before` with lines put in between (the prose recovery of
 * density.ts adds lines and keeps the others as they were): each found again, in order, by its own
 * words and what precedes them on its line; a link not found is dropped.
 */
export function relocateLinks(links: PageLink[], before: string, after: string): PageLink[] {
  if (before === after) return links;
  const out: PageLink[] = [];
  let from = 0;
  for (const l of [...links].sort((x, y) => x.start - y.start)) {
    const lineStart = before.lastIndexOf('\n', l.start - 1) + 1;
    const probe = before.slice(Math.max(lineStart, l.start - 60), l.end);
    const at = after.indexOf(probe, from);
    if (at < 0) continue;
    const start = at + (probe.length - (l.end - l.start));
    out.push({ ...l, start, end: start + (l.end - l.start) });
    from = at;
  }
  return out;
}
