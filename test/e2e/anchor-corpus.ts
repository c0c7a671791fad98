/**
 * What the anchoring corpus test and benchmark share: the page bundle of lib/anchor, corpus pages
 * made inert for a plain Chromium page, passages from Readability's output (as the extension stores
 * them), perturbations, and negative controls.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { extractPage } from '@/lib/pages/extract';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { splitPassages } from '@/lib/pages/passages';
import type { Passage } from '@/lib/shared/types';
import { normalizeText } from '@/lib/text/normalize';
import type { QuoteSelector } from '@/lib/quotes/find-quote';
import { CHROMIUM } from './harness';
import { pageUrl } from '../corpus/corpus';
import type { PageQuery } from './anchor-page-entry';
import type * as PageApi from './anchor-page-entry';
import { random } from '../fakes/seeded-random';

declare global {
  interface Window {
    /** The bundle's exports, once `anchorBundle()` has been evaluated in the page. */
    SpanlightAnchor: typeof PageApi;
  }
}

export const BUNDLE_GLOBAL = 'SpanlightAnchor';

/** lib/anchor (and the drivers in anchor-page-entry.ts) as one script defining `SpanlightAnchor`. */
export async function anchorBundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.resolve('test/e2e/anchor-page-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  // As a global of the page, whatever way the script is evaluated.
  return `${out.outputFiles[0]!.text}\nglobalThis.${BUNDLE_GLOBAL} = ${BUNDLE_GLOBAL};`;
}

/** A plain headless Chromium (no extension) with every network request refused. */
export async function plainChromium(): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, bypassCSP: true });
  await context.route('**/*', (route) => route.abort());
  return { browser, context };
}

/** A corpus page without its scripts (nothing of the page runs) or refresh. */
export function inertHtml(source: string): string {
  return source
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/>/gi, '')
    .replace(/<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*')/gi, '');
}

/**
 * Passages of a page as the extension stores them: Readability's text split for evidence. A short
 * article gives fewer than `want`: sentence-sized passages, then windows of 6 to 32 words (with their
 * context) make up the number where the text has the words for it.
 */
export async function passagesOf(source: string, want = 20): Promise<{ text: string; passages: Passage[] }> {
  const { page } = await extractPage(
    { html: source, url: pageUrl(source), lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );
  let passages = splitPassages(page);
  // Not below 30 characters: the extension stores passages of 80 or more (a single-word "passage"
  // with a letter changed is a guess, not a quote).
  if (passages.length < want) passages = splitPassages(page, { targetChars: 160, minChars: 30 });
  if (passages.length < want) {
    const text = page.text;
    const words = [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length] as const);
    const seen = new Set(passages.map((p) => `${p.start}:${p.end}`));
    const sizes = [6, 10, 16, 32];
    for (let i = 0; passages.length < want && i < want * 4 && words.length > 0; i++) {
      const size = Math.min(sizes[i % sizes.length]!, words.length);
      const first = Math.floor((i * 7919) % Math.max(1, words.length - size + 1));
      const start = words[first]![0];
      const end = words[first + size - 1]![1];
      if (seen.has(`${start}:${end}`)) continue;
      seen.add(`${start}:${end}`);
      passages.push({
        ...passages[0]!,
        id: `window-${start}-${end}`,
        text: text.slice(start, end),
        start,
        end,
        prefix: text.slice(Math.max(0, start - 48), start),
        suffix: text.slice(end, end + 48),
      });
    }
    passages.sort((a, b) => a.start - b.start);
  }
  return { text: page.text, passages: passages.filter((p) => normalizeText(p.text).length > 0) };
}

/** Up to `count` passages spread evenly over the article. */
export function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/** The selector the extension stores for a passage: text, context, and where it was. */
export function selectorOf(p: Passage, textLength: number): QuoteSelector {
  return { exact: p.text, prefix: p.prefix, suffix: p.suffix, hint: textLength > 0 ? p.start / textLength : 0 };
}

/** The seeded generator the perturbations draw from (every run perturbs the same way). */
export { random };

export function seedOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const pick = <T>(rnd: () => number, xs: ArrayLike<T>): T => xs[Math.floor(rnd() * xs.length)]!;

/** Whitespace reflowed: every run of whitespace becomes a random mix of spaces, tabs and line breaks. */
export function reflow(text: string, rnd: () => number): string {
  const ws = [' ', '  ', '\n', ' \n ', '\t', '\n\n', '   '] as const;
  return `${pick(rnd, ['', '\n', '  '])}${text.trim().replace(/\s+/g, () => pick(rnd, ws))}${pick(rnd, ['', '\n', ' '])}`;
}

/** 3% of the letters changed to another letter (at least one). */
export function changeLetters(text: string, rnd: () => number, rate = 0.03): string {
  const chars = [...text];
  const letters = chars.map((c, i) => (/\p{L}/u.test(c) ? i : -1)).filter((i) => i >= 0);
  const count = Math.max(1, Math.round(letters.length * rate));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  for (let n = 0; n < count && letters.length > 0; n++) {
    const at = letters.splice(Math.floor(rnd() * letters.length), 1)[0]!;
    let c = pick(rnd, alphabet);
    while (c === chars[at]!.toLowerCase()) c = pick(rnd, alphabet);
    chars[at] = c;
  }
  return chars.join('');
}

/**
 * Quotes and entities changed, as a copy through another tool does: straight and curly quotes swapped,
 * dashes, ellipses, no-break spaces, a zero-width space, and HTML entities left undecoded.
 */
export function changeQuotes(text: string, rnd: () => number): string {
  let open = true;
  let out = '';
  for (const c of text) {
    if (c === '"') {
      out += open ? '\u201c' : '\u201d';
      open = !open;
    } else if (c === '\u201c' || c === '\u201d' || c === '\u00ab' || c === '\u00bb') out += '"';
    else if (c === "'") out += '\u2019';
    else if (c === '\u2019' || c === '\u2018') out += "'";
    else if (c === '\u2014' || c === '\u2013') out += '-';
    else if (c === '&') out += '&amp;';
    else if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '\u00a0') out += '&nbsp;';
    else if (c === ' ' && rnd() < 0.1) out += '\u00a0';
    else out += c;
  }
  out = out.replace(/ - /g, ' \u2014 ').replace(/\.\.\.|\u2026/g, (m) => (m === '...' ? '\u2026' : '...'));
  const at = Math.floor(rnd() * out.length);
  return `${out.slice(0, at)}\u200b${out.slice(at)}`;
}

/** Filler paragraphs inserted above a passage: words that appear in no corpus page in this order. */
export function filler(rnd: () => number): string[] {
  const words = ['advertisement', 'subscribe', 'newsletter', 'updated', 'correction', 'readers', 'sponsored', 'offer'];
  return Array.from({ length: 2 + Math.floor(rnd() * 3) }, () =>
    Array.from({ length: 25 + Math.floor(rnd() * 40) }, () => pick(rnd, words)).join(' '),
  );
}

/** The perturbed queries of one passage (the exact one is the truth for the others). */
export function queriesFor(index: number, s: QuoteSelector, rnd: () => number): PageQuery[] {
  return [
    { passage: index, kind: 'exact', selector: s },
    { passage: index, kind: 'whitespace', selector: { ...s, exact: reflow(s.exact, rnd) } },
    { passage: index, kind: 'letters', selector: { ...s, exact: changeLetters(s.exact, rnd) } },
    { passage: index, kind: 'quotes', selector: { ...s, exact: changeQuotes(s.exact, rnd) } },
    { passage: index, kind: 'inserted', selector: s, insert: filler(rnd) },
    {
      passage: index,
      kind: 'combined',
      selector: { ...s, exact: changeQuotes(changeLetters(reflow(s.exact, rnd), rnd), rnd) },
      insert: filler(rnd),
    },
  ];
}

/** Family of a corpus page ("nytimes-3" → "nytimes"): pages of one site may share boilerplate. */
export function family(name: string): string {
  return name.replace(/-\d+$/, '').replace(/-.*$/, '');
}
