import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { extractPage } from '../../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../../lib/pages/parse-html';
import type { MarkupRoles } from '../../lib/pages/markup-roles';
import { dataPath, HAS_DATA } from '../../data/root';

/** Readability's test pages, in the data root (data/root.ts: `.data/` or `../shared`) at `corpus/readability-pages`. */
export const CORPUS_DIR = dataPath('corpus/readability-pages');

/** Whether the corpus is here: the corpus checks are skipped without it (`npm run data` gets it). */
export const HAS_CORPUS = HAS_DATA && existsSync(CORPUS_DIR);

/** Readability's test URL, used for pages that name no URL of their own. */
export const FAKE_URL = 'http://fakehost/test/page.html';

/** What Readability's test suite expects of a page (`expected-metadata.json`, the fields we use). */
export interface ExpectedMetadata {
  title: string | null;
  publishedTime: string | null;
}

/** One corpus page: the HTML as served, Readability's article output and its metadata. */
export interface CorpusPage {
  name: string;
  source: string;
  expected: string;
  metadata: ExpectedMetadata;
}

/** Names of the corpus pages, sorted; throws a clear error when the corpus is not there. */
export function corpusNames(): string[] {
  if (!existsSync(CORPUS_DIR)) {
    throw new Error(`Corpus not found at ${CORPUS_DIR}: run \`npm run data\` to fetch it (or put the mirror at ../shared).`);
  }
  const names = readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(CORPUS_DIR, d.name, 'source.html')))
    .map((d) => d.name)
    .sort();
  if (names.length === 0) throw new Error(`No pages (<name>/source.html) in ${CORPUS_DIR}.`);
  return names;
}

/** Reads one page's three files. */
export function loadPage(name: string): CorpusPage {
  const dir = path.join(CORPUS_DIR, name);
  return {
    name,
    source: readFileSync(path.join(dir, 'source.html'), 'utf8'),
    expected: readFileSync(path.join(dir, 'expected.html'), 'utf8'),
    metadata: JSON.parse(readFileSync(path.join(dir, 'expected-metadata.json'), 'utf8')) as ExpectedMetadata,
  };
}

/** Every corpus page. */
export function loadCorpus(): CorpusPage[] {
  return corpusNames().map(loadPage);
}

/**
 * The URL a page says it lives at (`<link rel="canonical">`, then `og:url`), when absolute http(s);
 * otherwise Readability's test URL. Read with a regular expression so the test does not depend on
 * the parser under test.
 */
export function pageUrl(html: string): string {
  const tags = html.match(/<(?:link|meta)\b[^>]*>/gi) ?? [];
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined);
  const candidates = [
    ...tags.filter((t) => /^<link/i.test(t) && /^canonical$/i.test(attr(t, 'rel') ?? '')).map((t) => attr(t, 'href')),
    ...tags
      .filter((t) => /^<meta/i.test(t) && /^og:url$/i.test(attr(t, 'property') ?? attr(t, 'name') ?? ''))
      .map((t) => attr(t, 'content')),
  ];
  for (const c of candidates) {
    if (!c) continue;
    try {
      const u = new URL(c.replace(/&amp;/g, '&'));
      if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
    } catch {
      // not an absolute URL: try the next one
    }
  }
  return FAKE_URL;
}

/** Lower-cased word tokens (letters and digits of any script). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Bag-of-words F1 of `got` against `want` (1 when both are empty). */
export function tokenF1(got: string, want: string): number {
  const a = tokens(got);
  const b = tokens(want);
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let overlap = 0;
  for (const t of a) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      overlap++;
      counts.set(t, c - 1);
    }
  }
  const precision = overlap / a.length;
  const recall = overlap / b.length;
  return overlap === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/**
 * The calendar day a date string names, as written (YYYY-MM-DD), or null. The day is read from the
 * string itself, not converted to UTC, so "2015-07-10T22:30-04:00" is July 10 (the publisher's day).
 */
export function writtenDay(value: string): string | null {
  return /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())?.[1] ?? null;
}

/** The UTC calendar day of a date string, or null. A date-time without a zone is read as UTC. */
export function utcDay(value: string): string | null {
  let v = value.trim().replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, '$1T');
  // JavaScript reads "2018-04-05T06:00" in the machine's zone; keep the result machine-independent.
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(v)) v += 'Z';
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}

/**
 * Whether two date strings name the same calendar day. Sites write the day in their own zone while
 * we may normalise to UTC (and Readability keeps the string as written), so the same instant can
 * fall on neighbouring days: a match on either the written day or the UTC day counts.
 */
export function sameDay(got: string, want: string): boolean {
  const g = new Set([writtenDay(got), utcDay(got)].filter((d) => d !== null));
  if ([writtenDay(want), utcDay(want)].some((d) => d !== null && g.has(d))) return true;
  // A bare day (the page's own, with no offset given) against a moment: that moment on that day
  // somewhere people publish, −10:00 to +14:00 (the rule lib/dates/dates.ts puts days by).
  const t = Date.parse(want);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(got.trim()) || !/T\d/.test(want) || Number.isNaN(t)) return false;
  const day = Date.parse(got.trim());
  return t >= day - 14 * 3_600_000 && t < day + 34 * 3_600_000;
}

/** The median of a list of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The `count` corpus pages whose source is closest to the median size: "typical pages" for the benchmarks. */
export function pagesNearMedianSize(count: number): string[] {
  const sized = corpusNames().map((name) => ({ name, bytes: statSync(path.join(CORPUS_DIR, name, 'source.html')).size }));
  const mid = median(sized.map((s) => s.bytes));
  return sized
    .sort((a, b) => Math.abs(a.bytes - mid) - Math.abs(b.bytes - mid))
    .slice(0, count)
    .map((s) => s.name);
}

/** A corpus page's main text as the extension reads a tab it fact-checks (lib/background/fact-check-jobs.ts). */
export async function corpusText(
  name: string,
  now: Date = new Date(),
): Promise<{ name: string; url: string; title: string; text: string; published: string | null; roles: MarkupRoles | undefined }> {
  const page = loadPage(name);
  const url = pageUrl(page.source);
  const extraction = await extractPage(
    { html: page.source, url, lastModified: null, retrievedAt: now.toISOString(), origin: 'tab' },
    parseHtmlWithLinkedom,
  );
  const { text, title, published } = extraction.page;
  return { name, url, title, text, published: published?.iso ?? null, roles: extraction.roles };
}
