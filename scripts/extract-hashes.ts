/**
 * A hash of everything extraction outputs (text, title, date, citations, claim reviews, markup
 * roles, passages) on every corpus page: Readability's test pages and the real pages (extraction
 * and dates). For changes meant to leave the output as it was: run before and after, and diff.
 *
 *   npx tsx scripts/extract-hashes.ts > before.txt
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { splitPassages } from '../lib/pages/passages';
import { corpusNames, loadPage, pageUrl } from '../test/corpus/corpus';
import { dataPath, needData } from '../data/root';
import { decodeSavedPage } from './saved-page';

needData('scripts/extract-hashes.ts');
const RETRIEVED_AT = '2026-11-30T00:00:00.000Z';
const hash = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);

async function line(name: string, html: string, url: string) {
  const x = await extractPage({ html, url, lastModified: null, retrievedAt: RETRIEVED_AT, origin: 'web' }, parseHtmlWithLinkedom);
  const { contentHash, ...page } = x.page;
  void contentHash;
  const passages = splitPassages(x.page);
  console.log(
    [name, hash(page.text), hash(page.published), hash(x.roles), hash(passages), hash({ ...page, readable: x.readable })].join(
      ' ',
    ),
  );
}

for (const name of corpusNames()) {
  const { source } = loadPage(name);
  await line(`readability/${name}`, source, pageUrl(source));
}
/** A URL for the few pages trafilatura names by file ("hard::site.com-story.html"). */
const urlOf = (url: string) => (/^https?:\/\//.test(url) ? url : `http://fakehost/${url.replace(/^\w+::/, '')}`);

for (const [set, list] of [
  ['extraction', 'snippets.jsonl'],
  ['dates', 'dates.jsonl'],
]) {
  const dir = dataPath(`corpus/real-pages/${set}`);
  const pages = readFileSync(path.join(dir, list!), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { url: string; file: string });
  for (const p of pages) {
    const html = decodeSavedPage(gunzipSync(readFileSync(path.join(dir, p.file))));
    await line(`${set}/${p.file}`, html, urlOf(p.url));
  }
}
