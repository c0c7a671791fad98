import { contentWords } from '../text/tokens';
import { sentenceSpans } from '../text/sentences';

/**
 * The sentence of a passage with most distinct `terms` among its words, as `tokens` splits them (the
 * first on a tie), and how many it has; null when the passage has no sentence.
 */
export function bestSentence(
  terms: ReadonlySet<string>,
  text: string,
  tokens: (text: string) => string[],
): { sentence: string; score: number } | null {
  let best: { sentence: string; score: number } | null = null;
  for (const [s, e] of sentenceSpans(text)) {
    const sentence = text.slice(s, e);
    const score = new Set(tokens(sentence).filter((w) => terms.has(w))).size;
    if (!best || score > best.score) best = { sentence, score };
  }
  return best;
}

/** The sentence of a passage that shares most content words with a claim (the first on a tie). */
export function closestSentence(claim: string, text: string): string {
  const best = bestSentence(new Set(contentWords(claim)), text, contentWords)?.sentence ?? '';
  return best.length > 600 ? `${best.slice(0, 599).trimEnd()}…` : best;
}
