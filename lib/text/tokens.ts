/** English function words: what content matching leaves out of a text (lib/text/query-words.ts drops more). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have how i if in into is it its ' +
    'of on or our so such than that the their them then there these they this those to was we were what when where ' +
    'which who whom why will with would you your about after also any before between both each few more most no nor ' +
    'not only other own same some too very just over under again further once here all s t'
  ).split(' '),
);

/** Lower-cased word tokens (letters and digits, any script). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu) ?? [];
}

/** Word tokens without stopwords: the terms that carry meaning for matching. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w));
}

/** A rough token count for budgets (about 4 characters a token for English text). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
