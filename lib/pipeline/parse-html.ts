import { DOMParser } from 'linkedom';
import type { ParseHtml } from './extract';

/**
 * HTML → Document with linkedom: it runs in the MV3 service worker (which has no DOMParser), in
 * Firefox's background page and in Node, so one extraction path is tested on the corpus and shipped.
 */
export const parseHtmlWithLinkedom: ParseHtml = (html) =>
  new DOMParser().parseFromString(html, 'text/html') as unknown as Document;
