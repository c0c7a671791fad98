import { describe, expect, it, vi } from 'vitest';
import type { Claim } from '@/lib/shared/types';
import { span } from '../spans';

// Counts what the streamer hands to the parser, to show each sentence is parsed once.
const parsedLengths: number[] = [];
vi.mock('@/lib/claims/draft', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/claims/draft')>();
  return {
    ...real,
    parseDraft: (...args: Parameters<typeof real.parseDraft>) => {
      if (typeof args[0] === 'string') parsedLengths.push(args[0].length);
      return real.parseDraft(...args);
    },
  };
});
const { claimStreamer } = await import('@/lib/claims/claim-streamer');
const { parseDraft } = await import('@/lib/claims/draft');
const { applyChecks, checkClaims } = await import('@/lib/verdict/cited-claims');

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const GROWTH = 'City planners said the population of Exampleville grew by 3.4 percent in 2025.';
const spans = [span('S1', CENSUS), span('S2', GROWTH)];
const texts = new Map(spans.map((s) => [s.spanId, s.text]));

/** A draft with every form the parser handles: markers before and after the full stop, a link, lists of ids, a lowercase start. */
const DRAFT = [
  'Exampleville had 412,000 residents on 1 January 2026 [S1].',
  'The population grew by 3.4 percent in 2025. [S2]',
  'See [the census. Office](https://evil.example/x) for 412,000 residents [S1].',
  'Planners said it grew by 3.4 percent [S2][S1]!',
  'e.g. the census office reported 412,000 residents [S1, S2].',
  'Exampleville has 9 bridges [S3].',
  'Is it growing? The planners said the population grew [S2].',
  'The last sentence is still being written',
].join(' ');

function stream(draft: string, sizes: (i: number) => number): Claim[] {
  const out: Claim[] = [];
  const onDelta = claimStreamer(spans, texts, (c) => out.push(c));
  for (let at = 0, i = 0; at < draft.length; i++) {
    const n = sizes(i);
    onDelta(draft.slice(at, at + n));
    at += n;
  }
  return out;
}

/** The claims the final parse keeps, checked, as the end of a stream computes them. */
function finalClaims(draft: string): Claim[] {
  const { claims } = parseDraft(draft, spans);
  return applyChecks(claims, checkClaims(claims, spans, texts)).filter((c) => c.status !== 'dropped');
}

describe('claim streamer', () => {
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % 40);
  };
  const splits: Array<[string, (i: number) => number]> = [
    ['1 character', () => 1],
    ['7 characters', () => 7],
    ['20 characters', () => 20],
    ['whole', () => DRAFT.length],
    ['random 1–40 (seed 1)', random(1)],
    ['random 1–40 (seed 7)', random(7)],
  ];

  it.each(splits)(
    'deltas of %s: hands on every finished sentence as the whole parse reads it, the last one waits',
    (_, sizes) => {
      const all = finalClaims(DRAFT);
      const streamed = stream(DRAFT, sizes);
      // Everything but the sentence still being written.
      expect(streamed).toEqual(all.slice(0, -1));
      expect(all.at(-1)!.text).toBe('The last sentence is still being written');
    },
  );

  it('parses each character once, however the stream is cut', () => {
    for (const [, sizes] of splits) {
      parsedLengths.length = 0;
      stream(DRAFT, sizes);
      expect(parsedLengths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DRAFT.length);
    }
  });

  it('a structured (JSON) draft is left to the end', () => {
    const json = JSON.stringify({ claims: [{ text: 'Exampleville had 412,000 residents. It grew.', cites: ['S1'] }] });
    expect(stream(json, () => 5)).toEqual([]);
    expect(stream('```json\n' + json + '\n```', () => 2)).toEqual([]);
  });
});
