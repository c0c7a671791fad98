/** A claim to check, with where its sentence is in the checked text. */
export interface CheckableClaim {
  /** The claim as it stands alone: what is searched and judged (the sentence itself when nothing needed resolving). */
  text: string;
  /** The sentence it came from, verbatim, and its offsets in the checked text (for highlighting). */
  sentence: string;
  start: number;
  end: number;
  /** A reference in it (a pronoun, "the company", a relative time on an undated page) the page does not resolve. */
  needsContext?: boolean;
  /** Who is quoted, for a quotation with its attribution. */
  speaker?: string;
  /** Search queries a model proposed for it: asked only when the code's checks pass (claim-queries.ts). */
  queries?: string[];
  /** The check-worthiness model's probability that people would check it, 0–1. */
  score?: number;
}
