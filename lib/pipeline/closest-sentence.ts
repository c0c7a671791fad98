import { contentWords } from '../text/tokens';
import { sentenceSpans } from './passages';

/** The sentence of a passage that shares most content words with a claim (the first on a tie). */
export function closestSentence(claim: string, text: string): string {
  const terms = new Set(contentWords(claim));
  let best = '';
  let bestScore = -1;
  for (const [s, e] of sentenceSpans(text)) {
    const sentence = text.slice(s, e);
    const score = new Set(contentWords(sentence).filter((w) => terms.has(w))).size;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best.length > 600 ? `${best.slice(0, 599).trimEnd()}…` : best;
}
