import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapse, paragraphFinder } from '@/lib/pages/paragraph-finder';

// The finder answers what `collapse(text).includes(paragraph)` answers, whatever the order the
// paragraphs are asked in: it only answers faster.

const textOf = fc
  .array(fc.constantFrom('a', 'b', 'ab', ' ', '\n', '\t', '\u00a0', 'a b', '\n\n'), { maxLength: 40 })
  .map((xs) => xs.join(''));

describe('paragraphFinder', () => {
  it('answers as collapse(text).includes does, for lines, parts of lines, text across lines and text absent', () => {
    fc.assert(
      fc.property(textOf, fc.array(fc.oneof(textOf, textOf.map(collapse)), { maxLength: 12 }), (text, asked) => {
        const finder = paragraphFinder(text);
        const collapsed = collapse(text);
        // Each line, and a piece of the collapsed text, asked too: the answers that are true.
        const questions = [...asked, ...text.split('\n'), ...text.split('\n').map(collapse), collapsed.slice(2, 9), ''];
        for (const q of questions) expect(finder.includes(q), JSON.stringify({ text, q })).toBe(collapsed.includes(q));
        expect(finder.collapsed).toBe(collapsed);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a paragraph asked after one further on in the text (it searches back too)', () => {
    const finder = paragraphFinder('first line one\nsecond\nthird line three');
    expect(finder.includes('line three')).toBe(true);
    expect(finder.includes('line one second')).toBe(true);
    expect(finder.includes('one second third')).toBe(true);
    expect(finder.includes('three first')).toBe(false);
  });
});
