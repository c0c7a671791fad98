import type { Claim, EvidenceSpan } from '../types';
import { contentWords } from '../text/tokens';

/** Numbers (with decimals) written in a text, normalised ("1,200" → "1200"). */
export function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,(?=\d{3}\b)/g, ''));
}

/**
 * First deterministic checks of each cited claim against its spans: every number of the claim must
 * be in a cited span, and enough of its words. Failing claims are flagged with the reason, never
 * silently kept. (The full verifier arrives with the answering issue, #4.)
 */
export function verifyClaims(claims: Claim[], spans: EvidenceSpan[], minOverlap = 0.5): Claim[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  return claims.map((claim) => {
    if (claim.cites.length === 0) return claim;
    const cited = claim.cites.map((id) => byId.get(id)!.text).join(' ');
    const reasons = [...claim.reasons];
    const spanNumbers = new Set(numbersIn(cited));
    const missing = numbersIn(claim.text).filter((n) => !spanNumbers.has(n));
    if (missing.length > 0) reasons.push(`numbers not in the cited passage: ${missing.join(', ')}`);
    const words = [...new Set(contentWords(claim.text))];
    const spanWords = new Set(contentWords(cited));
    const overlap = words.length === 0 ? 1 : words.filter((w) => spanWords.has(w)).length / words.length;
    if (overlap < minOverlap) reasons.push(`only ${Math.round(overlap * 100)}% of its words are in the cited passage`);
    return reasons.length > claim.reasons.length ? { ...claim, status: 'flagged', reasons } : claim;
  });
}
