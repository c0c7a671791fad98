import { DOMParser } from 'linkedom';
import type { ParseHtml } from './extract';

/** What may come before the body: doctype, comments, the html and head tags, and head elements. */
const HEAD_PART =
  /\s+|<!doctype[^>]*>|<!--[\s\S]*?-->|<\/?(?:html|head)\b[^>]*>|<(?:meta|link|base)\b[^>]*>|<(title|style|script|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/iy;

/**
 * The same markup with explicit <html>, <head> and <body>. linkedom does not build the implied
 * elements the HTML standard does: without a <body> tag the content lands outside `document.body`
 * (a bare fragment even becomes the document element), and Readability and the text map see nothing.
 */
export function withDocumentShape(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  HEAD_PART.lastIndex = 0;
  let end = 0;
  while (HEAD_PART.exec(html)) end = HEAD_PART.lastIndex;
  const head = html.slice(0, end);
  const htmlTag = /<html\b[^>]*>/i.exec(head)?.[0] ?? '<html>';
  const headInner = head.replace(/<!doctype[^>]*>|<\/?(?:html|head)\b[^>]*>/gi, '');
  const body = html.slice(end).replace(/<\/html\s*>\s*$/i, '');
  return `<!doctype html>${htmlTag}<head>${headInner}</head><body>${body}</body></html>`;
}

/**
 * The parsed document in the shape linkedom's `document.head` and `document.body` expect: <html>
 * whose first element is the <head> and whose next is the <body>, and nothing else. linkedom keeps
 * the markup's order literally, and those getters create an empty element when the shape differs:
 * an element before <head> (the held-out yahoo-3 page of Readability's tests opens with
 * <div id="yui3-css-stamp"> between <html> and <head>) gives an empty `document.body`, no title,
 * and an extraction that sees nothing (issue #14). Here the heads' children join the first head,
 * the bodies' children and attributes the first body, and anything else under <html> goes into the
 * body in document order, where a browser's parser puts it.
 */
export function normalizeDocumentShape(doc: Document): Document {
  const root = doc.documentElement;
  if (!root || root.tagName !== 'HTML') return doc;
  const children = [...root.childNodes];
  const first = root.firstElementChild;
  const shaped =
    first?.tagName === 'HEAD' &&
    first.nextElementSibling?.tagName === 'BODY' &&
    root.childElementCount === 2 &&
    children.every((n) => n.nodeType !== 3 || !n.textContent?.trim());
  if (shaped) return doc;
  const head = children.find((n): n is Element => n.nodeName === 'HEAD') ?? doc.createElement('head');
  const body = children.find((n): n is Element => n.nodeName === 'BODY') ?? doc.createElement('body');
  const content: ChildNode[] = [];
  for (const node of children) {
    if (node.nodeName === 'HEAD') {
      if (node !== head) head.append(...node.childNodes);
    } else if (node.nodeName === 'BODY') {
      if (node !== body)
        for (const { name, value } of [...(node as Element).attributes])
          if (!body.hasAttribute(name)) body.setAttribute(name, value);
      content.push(...node.childNodes);
    } else if (node.nodeType === 1 || (node.nodeType === 3 && node.textContent?.trim())) {
      content.push(node);
    }
  }
  body.replaceChildren(...content);
  root.replaceChildren(head, body);
  return doc;
}

/**
 * HTML → Document with linkedom: it runs in the MV3 service worker (which has no DOMParser), in
 * Firefox's background page and in Node, so one extraction path is tested on the corpus and shipped.
 */
export const parseHtmlWithLinkedom: ParseHtml = (html) =>
  normalizeDocumentShape(new DOMParser().parseFromString(withDocumentShape(html), 'text/html') as unknown as Document);
