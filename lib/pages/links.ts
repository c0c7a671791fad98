import type { PageLink } from '../shared/types';
import type { TextMap } from '../text/text-map';

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

/** The page's address less its fragment and tracking: links to it are links to the page itself. */
function samePage(a: URL, page: URL): boolean {
  return a.origin === page.origin && a.pathname === page.pathname && untracked(a) === untracked(page);
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
  if (samePage(url, page) || SHARE_URL.test(url.pathname + url.search)) return null;
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
