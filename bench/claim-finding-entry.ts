/**
 * Claim finding's time per character as the text grows, run in Node by bench/fact-check-bench.ts and
 * bundled for a Chromium page there (global `SpanlightClaims`): the extension's V8 and Node's differ
 * (Node 20's Intl.Segmenter is quadratic on long strings). The code measured is the extension's own
 * (lib/factcheck/split-claims.ts); this file only times it.
 */
import { checkableSentences, chunkText } from '../lib/factcheck/split-claims';

/** Time per character at 4× and 16× the text, over the time per character at 1×. */
export type Growth = [at4: number, at16: number];

export interface ClaimFindingGrowth {
  checkableSentences: Growth;
  chunkText: Growth;
  /** References: the platform's sentence segmenter over the whole text, and over it paragraph by paragraph. */
  segmenterWhole: Growth;
  segmenterByParagraph: Growth;
}

const SCALES = [1, 4, 16] as const;
/** Once a function has used this much time, no further sample is taken (a quadratic one takes seconds at 16×). */
const SAMPLING_MS = 8_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The growth of `f`'s time per character over `texts` (the text at 1×, 4×, 16×): each sample
 * handles 16 texts' worth of characters (16 × the 1× text, 4 × the 4× one, the 16× once), sizes
 * interleaved, after an unmeasured pass at 1× and 4×; the median of up to `samples` samples, at
 * least one, none started after SAMPLING_MS.
 */
function growth(texts: string[], samples: number, f: (text: string) => unknown): Growth {
  const times: number[][] = SCALES.map(() => []);
  // Warm-up at 1× and 4×: the code compiled before the small sizes are timed.
  for (const j of [0, 1]) for (let rep = 0; rep < 16 / SCALES[j]!; rep++) f(texts[j]!);
  const start = performance.now();
  for (let k = 0; k < samples && (k === 0 || performance.now() - start < SAMPLING_MS); k++) {
    for (const [j, s] of SCALES.entries()) {
      const t0 = performance.now();
      for (let rep = 0; rep < 16 / s; rep++) f(texts[j]!);
      times[j]!.push((performance.now() - t0) / ((16 / s) * texts[j]!.length));
    }
  }
  const [at1, at4, at16] = times.map(median) as [number, number, number];
  return [at4 / at1, at16 / at1];
}

/** Claim finding on `text` repeated to 1×, 4× and 16× its length (paragraphs apart). */
export function claimFindingGrowth(text: string, samples: number): ClaimFindingGrowth {
  const texts = SCALES.map((s) => Array.from({ length: s }, () => text).join('\n\n'));
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const segments = (t: string) => {
    let n = 0;
    for (const s of segmenter.segment(t)) n += s.segment.length > 0 ? 1 : 0;
    return n;
  };
  return {
    checkableSentences: growth(texts, samples, (t) => checkableSentences(t)),
    chunkText: growth(texts, samples, (t) => chunkText(t)),
    segmenterWhole: growth(texts, samples, segments),
    segmenterByParagraph: growth(texts, samples, (t) => t.split('\n').reduce((n, p) => n + segments(p), 0)),
  };
}
