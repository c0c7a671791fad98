/**
 * The local work of one answer, bundled for a Chromium page by bench/browser-bench.ts (global
 * `SpanlightBench`). The code measured is the extension's own (lib/pages, lib/evidence, lib/claims, lib/verdict, lib/reading); this
 * file only times it.
 */
import { Readability } from '@mozilla/readability';
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { splitPassages } from '../lib/pages/passages';
import { selectEvidence } from '../lib/evidence/select';
import { composeExtractive } from '../lib/claims/compose';
import { attachCitations } from '../lib/claims/cite';
import { checkClaims } from '../lib/verdict/cited-claims';

const URL_ = 'http://fakehost/test/page.html';

/** Readability alone, on the parser the extension uses (linkedom), parse included. */
export function readabilityAlone(html: string): number {
  const t0 = performance.now();
  new Readability(parseHtmlWithLinkedom(html, URL_)).parse();
  return performance.now() - t0;
}

/** Readability on Chromium's own DOMParser, for reference. */
export function readabilityNative(html: string): number {
  const t0 = performance.now();
  new Readability(new DOMParser().parseFromString(html, 'text/html')).parse();
  return performance.now() - t0;
}

/** Our whole local work for one page: parse, extract, split, select, compose extractively, verify. */
export async function ourWork(html: string): Promise<number> {
  const t0 = performance.now();
  const { page } = await extractPage(
    { html, url: URL_, lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );
  const sel = selectEvidence(page.title, [], splitPassages(page), { maxSpans: 6 });
  checkClaims(attachCitations(composeExtractive(page.title, sel.spans), sel.spans).claims, sel.spans);
  return performance.now() - t0;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/** Interleaved medians over the pages: Readability alone (linkedom and native) and our work. */
export async function runAll(htmls: string[], n: number): Promise<{ ratio: number; nativeRatio: number }> {
  let alone = 0;
  let native = 0;
  let ours = 0;
  for (const h of htmls) {
    const a: number[] = [];
    const d: number[] = [];
    const o: number[] = [];
    for (let i = 0; i < n + 2; i++) {
      const x = readabilityAlone(h);
      const y = readabilityNative(h);
      const z = await ourWork(h);
      if (i < 2) continue;
      a.push(x);
      d.push(y);
      o.push(z);
    }
    alone += median(a);
    native += median(d);
    ours += median(o);
  }
  return { ratio: ours / alone, nativeRatio: ours / native };
}
