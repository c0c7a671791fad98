import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '@/lib/text/sentences';

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

describe('sentence spans: a footnote marker stays with the sentence it follows', () => {
  const texts = (text: string, offset = 0) => sentenceSpans(text, offset).map(([s, e]) => text.slice(s - offset, e - offset));

  it('the segmenter cuts "…Corporation.[" | "1] The…"; the marker goes back, several markers too', () => {
    // What the segmenter alone does, and why the mending is needed.
    expect(whole('It is the Mozilla Corporation.[1] The community is supported.').length).toBe(2);
    expect(texts('It is the Mozilla Corporation.[1] The community is supported.')).toEqual([
      'It is the Mozilla Corporation.[1]',
      'The community is supported.',
    ]);
    expect(texts('It ended in 2008.[23][24] Then it began.', 7)).toEqual(['It ended in 2008.[23][24]', 'Then it began.']);
  });

  it('a marker inside a sentence, brackets that are not markers and a lone "[" are left as they are', () => {
    expect(texts('He paid US$1,000[23] in 2008. Next one.')).toEqual(['He paid US$1,000[23] in 2008.', 'Next one.']);
    expect(texts('A list [1] here. And (2) there.')).toEqual(['A list [1] here.', 'And (2) there.']);
    // A "[" that opens words, not a marker, is the segmenter's to cut.
    const bracket = 'It ends with.[ And this is new text] with more.';
    expect(sentenceSpans(bracket)).toEqual(whole(bracket));
  });
});
