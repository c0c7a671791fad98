/**
 * Local work per answer (parse, extract, split, select, verify) as a ratio to Readability alone
 * (parse + Readability) on the same page and parser: both timed side by side in one process,
 * interleaved run by run, so a loaded machine slows both alike; CPU time, not wall time.
 */
import { Readability } from '@mozilla/readability';
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { splitPassages } from '../lib/pages/passages';
import { selectEvidence } from '../lib/evidence/select';
import { checkClaims } from '../lib/verdict/cited-claims';
import { attachCitations } from '../lib/claims/cite';
import { composeExtractive } from '../lib/claims/compose';
import { median, cpuMs } from './measure';

const URL_ = 'http://fakehost/test/page.html';

/** CPU ms `f` takes. */
async function timed(f: () => unknown): Promise<number> {
  const t0 = cpuMs();
  await f();
  return cpuMs() - t0;
}

/** Readability alone on `html`, parse included. */
function readabilityAlone(html: string): void {
  new Readability(parseHtmlWithLinkedom(html, URL_)).parse();
}

/** Our local work for one answer on `html`. */
async function ourWork(html: string): Promise<void> {
  const { page } = await extractPage(
    { html, url: URL_, lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
    parseHtmlWithLinkedom,
  );
  const sel = selectEvidence(page.title, [], splitPassages(page), { maxSpans: 6 });
  checkClaims(attachCitations(composeExtractive(page.title, sel.spans), sel.spans).claims, sel.spans);
}

export interface LocalWork {
  /** Median over rounds of (sum over pages of our median time) / (sum over pages of Readability's). */
  ratio: number;
  /** Each round's ratio. */
  rounds: number[];
}

/**
 * The ratio over `htmls`: after three unmeasured passes, `rounds` rounds; in each, every page is run
 * `iterations` times by each side, and each side's median per page is summed. The
 * figure is the median round, so one round slowed by a burst of load elsewhere cannot move it alone.
 */
export async function localWorkRatio(htmls: string[], rounds: number, iterations: number): Promise<LocalWork> {
  for (let i = 0; i < 3; i++)
    for (const h of htmls) {
      readabilityAlone(h);
      await ourWork(h);
    }
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let base = 0;
    let ours = 0;
    for (const h of htmls) {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < iterations; i++) {
        // Each side goes first on every other run: the garbage one side leaves is collected while
        // the other runs, as often one way as the other.
        if (i % 2 === 0) {
          a.push(await timed(() => readabilityAlone(h)));
          b.push(await timed(() => ourWork(h)));
        } else {
          b.push(await timed(() => ourWork(h)));
          a.push(await timed(() => readabilityAlone(h)));
        }
      }
      base += median(a);
      ours += median(b);
    }
    ratios.push(ours / base);
  }
  return { ratio: median(ratios), rounds: ratios };
}
