/**
 * The size series: the local work on one page at 0.5, 1, 2.5 and 5 MB of HTML (the page size
 * limit, lib/pages/page-limit.ts), as time per MB. The work is what `spanlight extract` does
 * (extractPage, then splitPassages) and what a fact-check of the whole page does before its first
 * search (findClaims without a model). Linear work costs the same per MB at every size; the
 * figure CI checks is the ratio of the largest page's time per MB to the smallest's, measured side
 * by side in one process, so a slow or loaded machine slows both alike.
 */
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { splitPassages } from '../lib/pages/passages';
import { findClaims } from '../lib/factcheck/fact-check';
import { articleOfSize } from './article-of-size';
import { median, cpuMs } from './measure';

/** The sizes, in MB of HTML (1 MB = 1,000,000 characters). */
export const SIZES_MB = [0.5, 1, 2.5, 5] as const;

/** One size's figures. */
export interface SizeFigures {
  mb: number;
  /** The page's HTML, characters. */
  chars: number;
  /** Extracted text, characters. */
  textChars: number;
  claims: number;
  /** Median CPU seconds per MB of HTML. */
  extractSPerMb: number;
  claimsSPerMb: number;
}

export interface SizeSeries {
  sizes: SizeFigures[];
  /** Time per MB at the largest size over time per MB at the smallest. */
  extractRatio: number;
  claimsRatio: number;
}

/** Extraction as the command line does it, then the whole page's claims: each timed. */
async function localWork(html: string): Promise<{ extractMs: number; claimsMs: number; textChars: number; claims: number }> {
  const t0 = cpuMs();
  const { page, roles } = await extractPage(
    {
      html,
      url: 'https://example.org/a-history-of-the-web',
      lastModified: null,
      retrievedAt: '2026-11-30T00:00:00Z',
      origin: 'web',
    },
    parseHtmlWithLinkedom,
  );
  splitPassages(page);
  const t1 = cpuMs();
  const found = await findClaims({ text: page.text, title: page.title, published: page.published?.iso ?? null, roles }, null);
  const t2 = cpuMs();
  return { extractMs: t1 - t0, claimsMs: t2 - t1, textChars: page.text.length, claims: found.claims.length };
}

/**
 * The series: after unmeasured passes at the two smallest sizes (so the code is compiled before
 * it is timed), `runs` rounds from the smallest size to the largest; a size up to 1 MB is measured
 * `smallRuns` times a round (it is quick, and the smallest is the ratio's denominator).
 */
export async function sizeSeries(runs: number, smallRuns = 1, log: (line: string) => void = () => {}): Promise<SizeSeries> {
  const pages = SIZES_MB.map((mb) => articleOfSize(mb * 1_000_000));
  for (const j of [0, 1, 0]) await localWork(pages[j]!);
  const times = SIZES_MB.map(() => ({ extract: [] as number[], claims: [] as number[], textChars: 0, found: 0 }));
  for (let r = 0; r < runs; r++) {
    for (const [j, mb] of SIZES_MB.entries()) {
      for (let k = 0; k < (mb <= 1 ? smallRuns : 1); k++) {
        const w = await localWork(pages[j]!);
        const t = times[j]!;
        t.extract.push(w.extractMs / 1000 / (pages[j]!.length / 1e6));
        t.claims.push(w.claimsMs / 1000 / (pages[j]!.length / 1e6));
        t.textChars = w.textChars;
        t.found = w.claims;
      }
      log(`size series: round ${r + 1} of ${runs}, ${mb} MB done`);
    }
  }
  const sizes = SIZES_MB.map((mb, j) => ({
    mb,
    chars: pages[j]!.length,
    textChars: times[j]!.textChars,
    claims: times[j]!.found,
    extractSPerMb: median(times[j]!.extract),
    claimsSPerMb: median(times[j]!.claims),
  }));
  const first = sizes[0]!;
  const last = sizes[sizes.length - 1]!;
  return {
    sizes,
    extractRatio: last.extractSPerMb / first.extractSPerMb,
    claimsRatio: last.claimsSPerMb / first.claimsSPerMb,
  };
}
