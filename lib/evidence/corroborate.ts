/**
 * Which passage of a cited page states the sentence that cites it: the passages as the code splits
 * the page, each scored against the cited sentence, the best one kept with its score. The caller
 * (lib/pipeline/follow-citations.ts) accepts it at or above MIN_SUPPORT.
 */
import type { Page, Passage } from '../types';
import { splitPassages } from '../pipeline/passages';
import { scoreParts, stem, type RelevancePart } from '../pipeline/relevance';
import { contentWords } from '../text/tokens';

/** The passages of a cited page, and the one that best states the cited sentence (-1: none shares a word). */
export interface PassageChoice {
  passages: Passage[];
  best: number;
  score: number;
}

/** The passages of `page` long enough to state a sentence. */
export function citedPassages(page: Page): Passage[] {
  return splitPassages(page).filter((p) => p.text.trim().length >= 40);
}

/** Scores every passage of `page` against `statement` and keeps the best. */
export function choosePassage(statement: string, page: Page): PassageChoice {
  const passages = citedPassages(page);
  const part: RelevancePart = { text: statement, kind: 'question', terms: [...new Set(contentWords(statement).map(stem))] };
  const scorer = scoreParts(
    [part],
    passages.map((p) => p.text),
  );
  let best = -1;
  let bestScore = 0;
  passages.forEach((_, i) => {
    const s = scorer.scores(i)[0]!;
    if (s > bestScore) [best, bestScore] = [i, s];
  });
  return { passages, best, score: bestScore };
}
