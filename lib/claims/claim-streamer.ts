import type { Claim, EvidenceSpan } from '../shared/types';
import { parseDraft } from './draft';
import { applyChecks, checkClaims } from '../verdict/cited-claims';

/**
 * Where a finished sentence ends and the next begins: a full stop, "!" or "?", closing quotes or
 * brackets, the citation markers that belong to it, then space before a capital (or uncased) letter.
 * The sentence segmenter breaks there too, so the text before such a place parses the same alone
 * as in the whole draft.
 */
const BOUNDARY = /[.!?]["'”’)\]]*(?:\s*\[\s*S\d+(?:\s*[,;]\s*S\d+)*\s*\])*\s+(?=[\p{Lu}\p{Lt}\p{Lo}])/gu;
/** How far back a boundary may begin before the text already scanned (a delta may split one). */
const LOOKBACK = 64;

/** Whether a markdown link, a bracket or a parenthesis opened in `text` is still open at its end. */
function opensUnclosed(text: string): boolean {
  return text.lastIndexOf('[') > text.lastIndexOf(']') || text.lastIndexOf('(') > text.lastIndexOf(')');
}

/**
 * Verifies claims while the model streams: when a sentence is complete (the next one has begun),
 * the text since the last boundary is parsed, checked against its spans and handed on. Each
 * sentence is parsed and checked once; only the few characters near the end are scanned per delta.
 * The final result is recomputed from the whole draft at the end; a structured (JSON) draft waits
 * for it.
 */
export function claimStreamer(spans: EvidenceSpan[], texts: Map<string, string>, onClaim: (c: Claim) => void) {
  let buffer = '';
  /** Where the text not yet handed on starts. */
  let start = 0;
  /** How far the buffer has been scanned for boundaries. */
  let scanned = 0;
  let form: 'prose' | 'structured' | undefined;
  return (delta: string) => {
    buffer += delta;
    if (form === undefined) {
      const head = buffer.trimStart();
      if (head.startsWith('{') || head.startsWith('```')) form = 'structured';
      else if (head.length >= 3 || (head.length > 0 && !'`'.startsWith(head[0]!))) form = 'prose';
      else return;
    }
    if (form === 'structured') return;
    BOUNDARY.lastIndex = Math.max(start, scanned - LOOKBACK);
    scanned = buffer.length;
    let end = -1;
    for (let m = BOUNDARY.exec(buffer); m; m = BOUNDARY.exec(buffer)) {
      const at = m.index + m[0].length;
      if (!opensUnclosed(buffer.slice(start, at))) end = at;
    }
    if (end <= start) return;
    const parsed = parseDraft(buffer.slice(start, end), spans);
    start = end;
    if (parsed.claims.length === 0) return;
    const checked = applyChecks(parsed.claims, checkClaims(parsed.claims, spans, texts));
    for (const c of checked) if (c.status !== 'dropped') onClaim(c);
  };
}
