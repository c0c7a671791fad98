/**
 * Streaming a long draft: verifying claims as 20-character deltas arrive, against parsing and
 * checking the finished draft once. Real text: sentences of six median corpus pages, each cited.
 *
 *   npx tsx bench/streaming-bench.ts   (npm run bench runs it too)
 */
import { claimStreamer } from '../lib/claims/claim-streamer';
import { parseDraft } from '../lib/claims/draft';
import { applyChecks, checkClaims } from '../lib/verdict/cited-claims';
import { splitPassages } from '../lib/pages/passages';
import { sentenceSpans } from '../lib/text/sentences';
import { selectEvidence } from '../lib/evidence/select';
import { extractPage } from '../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import type { EvidenceSpan } from '../lib/shared/types';
import { loadPage, pagesNearMedianSize } from '../test/corpus/corpus';

/** What the streaming figures are: the streamer's time over the one-shot work, side by side. */
export interface StreamingFigures {
  sentences: number;
  deltaChars: number;
  /** Streaming (parse + check as it arrives) / parse + check of the whole draft once. */
  overParseAndCheck: number;
  /** Streaming / parsing the whole draft once (no checks). */
  overParse: number;
  streamMs: number;
  parseMs: number;
  parseAndCheckMs: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The spans of six median pages and a draft of `count` of their sentences, each citing its span. */
export async function longDraft(count: number): Promise<{ spans: EvidenceSpan[]; draft: string }> {
  const spans: EvidenceSpan[] = [];
  for (const name of pagesNearMedianSize(6)) {
    const page = loadPage(name);
    const { page: extracted } = await extractPage(
      {
        html: page.source,
        url: `https://${spans.length}.example.org/p`,
        lastModified: null,
        retrievedAt: '2026-11-30T00:00:00Z',
        origin: 'web',
      },
      parseHtmlWithLinkedom,
    );
    const best = selectEvidence(extracted.title, [], splitPassages(extracted), { maxSpans: 1 }).spans[0];
    if (best) spans.push({ ...best, spanId: `S${spans.length + 1}` });
  }
  const sentences = spans.flatMap((s) =>
    sentenceSpans(s.text)
      .map(([a, b]) => s.text.slice(a, b).replace(/\s+/g, ' ').trim())
      .filter((x) => /^[\p{Lu}]/u.test(x) && /[.!?]$/.test(x))
      .map((x) => `${x.slice(0, -1)} [${s.spanId}]${x.slice(-1)}`),
  );
  if (sentences.length === 0) throw new Error('no sentences in the corpus pages');
  const draft = Array.from({ length: count }, (_, i) => sentences[i % sentences.length]!).join(' ');
  return { spans, draft };
}

/** Measures the streamer on a draft of `count` sentences cut into `deltaChars`-character deltas. */
export async function measureStreaming(count = 1000, deltaChars = 20, runs = 5): Promise<StreamingFigures> {
  const { spans, draft } = await longDraft(count);
  const texts = new Map(spans.map((s) => [s.spanId, s.text]));
  const stream: number[] = [];
  const parse: number[] = [];
  const both: number[] = [];
  let emitted = 0;
  for (let r = 0; r < runs + 1; r++) {
    let t0 = performance.now();
    let n = 0;
    const onDelta = claimStreamer(spans, texts, () => n++);
    for (let at = 0; at < draft.length; at += deltaChars) onDelta(draft.slice(at, at + deltaChars));
    const s = performance.now() - t0;
    t0 = performance.now();
    const parsed = parseDraft(draft, spans);
    const p = performance.now() - t0;
    applyChecks(parsed.claims, checkClaims(parsed.claims, spans, texts));
    const pc = performance.now() - t0;
    if (r === 0) continue; // warm-up
    emitted = n;
    stream.push(s);
    parse.push(p);
    both.push(pc);
  }
  if (emitted < count - 1) throw new Error(`the streamer handed on ${emitted} of ${count} sentences`);
  const streamMs = median(stream);
  return {
    sentences: count,
    deltaChars,
    overParseAndCheck: streamMs / median(both),
    overParse: streamMs / median(parse),
    streamMs,
    parseMs: median(parse),
    parseAndCheckMs: median(both),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await measureStreaming();
  console.log(
    `streaming ${f.sentences} sentences in ${f.deltaChars}-character deltas: ${f.streamMs.toFixed(0)} ms; ` +
      `parse once ${f.parseMs.toFixed(0)} ms (${f.overParse.toFixed(2)}×), parse + check once ${f.parseAndCheckMs.toFixed(0)} ms (${f.overParseAndCheck.toFixed(2)}×)`,
  );
}
