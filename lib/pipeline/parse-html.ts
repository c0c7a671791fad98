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
 * HTML → Document with linkedom: it runs in the MV3 service worker (which has no DOMParser), in
 * Firefox's background page and in Node, so one extraction path is tested on the corpus and shipped.
 */
export const parseHtmlWithLinkedom: ParseHtml = (html) =>
  new DOMParser().parseFromString(withDocumentShape(html), 'text/html') as unknown as Document;
