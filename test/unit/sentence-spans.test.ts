import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '@/lib/pages/passages';

/** The segmenter over the whole text at once: what sentenceSpans must equal, in linear time. */
function whole(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const s of new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)) {
    const t = s.segment.trimEnd();
    const lead = t.length - t.trimStart().length;
    if (t.trim()) out.push([s.index + lead, s.index + t.length]);
  }
  return out;
}

describe('sentence spans: line by line and in windows, the same as the whole text at once', () => {
  const sentences = Array.from(
    { length: 900 },
    (_, i) => `Sentence ${i + 1} says that Exampleville had ${1000 + i} residents in ${1900 + (i % 120)}.`,
  );

  it('one long line (no line break): the windows restart at the last sentence begun, so none is cut', () => {
    const text = sentences.join(' ');
    expect(text.length).toBeGreaterThan(30_000);
    expect(sentenceSpans(text)).toEqual(whole(text));
  });

  it('paragraphs on their own lines, blank lines, a sentence longer than a window, and an offset', () => {
    const long = `A sentence without an end ${'and more words '.repeat(900)}finally ends.`;
    const text = [sentences.slice(0, 200).join(' '), '', long, sentences.slice(200, 260).join(' '), '  '].join('\n');
    expect(sentenceSpans(text)).toEqual(whole(text));
    expect(sentenceSpans(text, 7)).toEqual(whole(text).map(([a, b]) => [a + 7, b + 7]));
  });
});
