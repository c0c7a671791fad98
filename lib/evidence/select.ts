import type { EvidenceSpan, Passage } from '../shared/types';
import { estimateTokens } from '../text/tokens';
import { relevanceParts, scoreParts } from './relevance';
import { registrableDomain } from '../pages/publisher';

export interface SelectOptions {
  /** Spans handed to the composer. */
  maxSpans: number;
  /** Spans taken from one document. */
  maxPerDocument?: number;
  /**
   * Passages scoring below this are never evidence (0–1: the share of a part's weighted terms, for
   * the best part: the whole question, one of its clauses, or a planned query).
   */
  minScore?: number;
  /** Passages shorter than this are boilerplate, not evidence. */
  minChars?: number;
  /** Tokens of evidence handed to the composer at most. */
  tokenBudget?: number;
  /** The question's freshness window: recency scoring and the hard drop beyond 3× the window. */
  freshnessDays?: number;
  now?: Date;
  /** Primary and allowlisted sources get a boost. */
  isPrimary?: (url: string) => boolean;
}

export interface Dropped {
  passageId: string;
  url: string;
  reason: string;
}

export interface Selection {
  spans: EvidenceSpan[];
  /** Documents and passages left out, each with why (kept for the trace). */
  dropped: Dropped[];
  /** Estimated tokens of the selected spans. */
  tokens: number;
}

/** Recency of a dated passage inside the window (1 = today, 0 = at the window's edge); unknown age is its own class. */
export const UNKNOWN_AGE_RECENCY = 0.35;

/**
 * Scores passages by the weighted share of terms they contain (idf over the candidates) for the part
 * they fit best (the whole question, one of its clauses, a planned query: see relevance.ts), puts each
 * part's best passage first, weighs in recency (unknown age below dated sources) and primary sources, drops those
 * under the relevance floor or older than 3× the freshness window, keeps one document per registrable
 * domain, fits the token budget, and numbers the survivors S1, S2… by score.
 */
export function selectEvidence(question: string, queries: string[], passages: Passage[], options: SelectOptions): Selection {
  const minScore = options.minScore ?? 0.2;
  const minChars = options.minChars ?? 40;
  const perDoc = options.maxPerDocument ?? 2;
  const budget = options.tokenBudget ?? 2500;
  const now = options.now ?? new Date();
  const dropped: Dropped[] = [];

  const parts = relevanceParts(question, queries);
  const scorer = scoreParts(
    parts,
    passages.map((p) => p.text),
  );
  const scored = passages.flatMap((p, i) => {
    if (p.text.trim().length < minChars) {
      dropped.push({ passageId: p.id, url: p.url, reason: 'too short to be evidence' });
      return [];
    }
    const byPart = scorer.scores(i);
    const relevance = Math.max(0, ...byPart);
    if (relevance < minScore) return [];
    let recency = UNKNOWN_AGE_RECENCY;
    if (options.freshnessDays !== undefined && p.published && p.origin === 'web') {
      const ageDays = (now.getTime() - Date.parse(p.published.iso)) / 86_400_000;
      if (ageDays > 3 * options.freshnessDays) {
        dropped.push({
          passageId: p.id,
          url: p.url,
          reason: `published ${p.published.iso.slice(0, 10)}, beyond 3× the ${options.freshnessDays}-day window`,
        });
        return [];
      }
      recency = Math.max(0, 1 - Math.max(0, ageDays) / options.freshnessDays);
    } else if (options.freshnessDays === undefined || p.origin === 'tab') recency = 0.5;
    const primary = options.isPrimary?.(p.url) ? 1 : 0;
    const score = 0.7 * relevance + 0.2 * recency + 0.1 * primary;
    return [{ p, score, byPart }];
  });
  scored.sort((a, b) => b.score - a.score);
  // Each part's best passage goes first, so a passage answering one part of a two-part question is
  // kept for that part even when passages about the other part score higher.
  const order: typeof scored = [];
  for (let k = 0; k < parts.length; k++) {
    const best = scored
      .filter((s) => s.byPart[k]! >= minScore && !order.includes(s))
      .sort((a, b) => b.byPart[k]! - a.byPart[k]! || b.score - a.score)[0];
    if (best) order.push(best);
  }
  order.sort((a, b) => b.score - a.score);
  for (const s of scored) if (!order.includes(s)) order.push(s);

  // One document per registrable domain: the domain's best-scoring document wins.
  const docOfDomain = new Map<string, string>();
  const perDocCount = new Map<string, number>();
  const kept: Array<{ p: Passage; score: number }> = [];
  let tokens = 0;
  for (const s of order) {
    const domain = registrableDomain(s.p.url);
    const owner = docOfDomain.get(domain);
    if (owner !== undefined && owner !== s.p.url) {
      dropped.push({ passageId: s.p.id, url: s.p.url, reason: `another document from ${domain} was kept` });
      continue;
    }
    docOfDomain.set(domain, s.p.url);
    const count = perDocCount.get(s.p.url) ?? 0;
    if (count >= perDoc) continue;
    const cost = estimateTokens(s.p.text);
    if (kept.length >= options.maxSpans || (kept.length > 0 && tokens + cost > budget)) {
      dropped.push({
        passageId: s.p.id,
        url: s.p.url,
        reason: kept.length >= options.maxSpans ? 'over the span budget' : 'over the token budget',
      });
      continue;
    }
    perDocCount.set(s.p.url, count + 1);
    tokens += cost;
    kept.push(s);
  }
  kept.sort((a, b) => b.score - a.score);
  return {
    spans: kept.map(({ p, score }, i) => ({ ...p, spanId: `S${i + 1}`, score: Math.round(score * 1000) / 1000 })),
    dropped,
    tokens,
  };
}
