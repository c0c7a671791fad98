import { Readability } from '@mozilla/readability';
import type { Page } from '../types';
import { buildTextMap, isHiddenByMarkup, type DomNodeLike } from '../anchor/text-map';
import { sha256Hex } from '../text/hash';
import { findDocumentDate, openingTextDate } from './dates';

/** Parses HTML into a Document: DOMParser in a page, linkedom in the worker and in Node. */
export type ParseHtml = (html: string, url: string) => Document;

export interface ExtractInput {
  html: string;
  /** Final URL of the document. */
  url: string;
  /** HTTP Last-Modified header, when there was one. */
  lastModified: string | null;
  retrievedAt: string;
  origin: Page['origin'];
  tabId?: number;
}

/** A page plus what extraction measured. */
export interface Extraction {
  page: Page;
  /** Readability found an article (false: we fell back to the page's visible text). */
  readable: boolean;
  /** Extracted characters over visible characters of the whole page, 0–1. */
  density: number;
}

/** Visible text of a DOM subtree, with block boundaries as "\n". */
export function visibleText(root: DomNodeLike): string {
  return buildTextMap(root, { isHidden: isHiddenByMarkup }).text;
}

/**
 * Main content of an HTML document with Readability, its publication date with the date's source,
 * and a SHA-256 of the text. Falls back to the page's visible text when Readability finds nothing.
 */
export async function extractPage(input: ExtractInput, parseHtml: ParseHtml): Promise<Extraction> {
  const doc = parseHtml(input.html, input.url);
  const docTitle = doc.title ?? '';
  const whole = visibleText((doc.body ?? doc.documentElement) as unknown as DomNodeLike);
  // Dates are read before Readability, which rewrites the document.
  const documentDate = findDocumentDate(doc as unknown as Parameters<typeof findDocumentDate>[0], input.lastModified);
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(doc, { charThreshold: 300 }).parse();
  } catch {
    article = null;
  }
  let text = '';
  if (article?.content) {
    const body = parseHtml(`<!doctype html><html><body>${article.content}</body></html>`, input.url).body;
    text = visibleText(body as unknown as DomNodeLike);
  }
  const readable = text.length > 0;
  if (!readable) text = whole;
  const published = documentDate ?? openingTextDate(text);
  const page: Page = {
    url: input.url,
    title: (article?.title || docTitle || input.url).trim(),
    text,
    published,
    retrievedAt: input.retrievedAt,
    contentHash: await sha256Hex(text),
    origin: input.origin,
    ...(input.tabId === undefined ? {} : { tabId: input.tabId }),
  };
  return { page, readable, density: whole.length === 0 ? 0 : Math.min(1, text.length / whole.length) };
}
