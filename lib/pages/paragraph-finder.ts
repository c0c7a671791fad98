/** Runs of whitespace as one space, no space at either end: how the density reading compares texts. */
export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Which paragraphs a text holds, asked paragraph after paragraph. */
export interface ParagraphFinder {
  /** The text with its whitespace collapsed. */
  collapsed: string;
  /** Whether `paragraph` occurs in `collapsed`: always `collapsed.includes(paragraph)`. */
  includes(paragraph: string): boolean;
}

/**
 * A test of whether `collapse(text)` holds a paragraph, for asking it of every paragraph of a page:
 * `collapsed.includes(paragraph)` for each would search the text from its start every time, which
 * is quadratic in the page (a 5 MB page's prose took 9 of its 15 s so). A paragraph that is one of
 * the text's lines is found in a set of them; another is searched from where the last one was
 * found, forward then back, so paragraphs asked in the text's order cost their distance apart.
 */
export function paragraphFinder(text: string): ParagraphFinder {
  const collapsed = collapse(text);
  // A line's collapsed form is always in the collapsed text: its inner runs of whitespace are
  // runs of the whole text too, and its ends are trimmed in both.
  const lines = new Set(text.split('\n').map(collapse));
  let cursor = 0;
  return {
    collapsed,
    includes(paragraph) {
      if (lines.has(paragraph)) return true;
      const ahead = collapsed.indexOf(paragraph, cursor);
      if (ahead >= 0) {
        cursor = ahead;
        return true;
      }
      if (cursor === 0) return false;
      const behind = collapsed.lastIndexOf(paragraph, cursor - 1);
      if (behind < 0) return false;
      cursor = behind;
      return true;
    },
  };
}
