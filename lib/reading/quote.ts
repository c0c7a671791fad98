/**
 * Whether a supporting quote is in a passage: after normalisation (case, quotes, dashes, spaces),
 * then ignoring punctuation; an ellipsis in the quote ("a … b") lets its pieces stand apart, in order.
 */
import { normalizeText } from '../text/normalize';

/** Letters and digits only, one space between words. */
function bare(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Finds each piece in order; returns false if one is missing. */
function inOrder(haystack: string, pieces: string[]): boolean {
  let from = 0;
  for (const piece of pieces) {
    const at = haystack.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** Whether `quote` occurs in `passage` (see the module comment). An empty quote is never found. */
export function quoteFound(quote: string, passage: string): boolean {
  const q = normalizeText(quote).replace(/^["']+|["']+$/g, '');
  if (bare(q).length === 0) return false;
  const p = normalizeText(passage);
  if (p.includes(q)) return true;
  const pieces = q
    .split(/\.{3,}|\[\s*\.+\s*\]/)
    .map(bare)
    .filter((x) => x.length > 0);
  return (
    pieces.length > 0 &&
    inOrder(
      ` ${bare(p)} `,
      pieces.map((x) => ` ${x} `),
    )
  );
}
