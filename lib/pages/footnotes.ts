import type { Citation } from '../shared/types';
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
    const originals: string[] = [];
    const archived: string[] = [];
    for (const a of Array.from(li.querySelectorAll('a[href]'))) {
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
    const urls = [...originals, ...archived].slice(0, MAX_URLS_PER_NOTE);
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
    const urls: string[] = [];
    for (const link of Array.from(note.querySelectorAll('a[href]'))) {
      let url: URL;
      try {
        url = new URL(link.getAttribute('href') ?? '', pageUrl);
      } catch {
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      const href = url.toString();
      if (publisherOf(href) !== own && !urls.includes(href)) urls.push(href);
    }
    if (urls.length === 0) continue;
    const label = (note.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
    notes.set(id, { note: id, label, urls: urls.slice(0, MAX_URLS_PER_NOTE) });
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
