import type { Claim, EvidenceSpan, Source } from '../shared/types';
import { sentenceSpans } from '../text/sentences';

const MARKER = /\[\s*(S\d+(?:\s*[,;]\s*S\d+)*)\s*\]/g;
// A link target may hold one level of parentheses: [x](javascript:alert(1)).
const MARKDOWN_LINK = /!?\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))+\)/g;
/** A cited sentence's end: the next sentence starts after it even without a capital letter. */
const CITED_END = /(\[\s*S\d+(?:\s*[,;]\s*S\d+)*\s*\]\s*[.!?])[ \t]+/g;
/** Where a removed link stood (an invisible separator, never in model text we keep). */
const LINK_MARK = '\u2063';
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>()[\]]+/gi;
/** An HTML tag, a markdown heading or rule, or a code fence: layout the model wrote, not a statement. */
const MARKUP = /<\/?[a-z][\w-]*(?:\s[^<>]*)?\/?>|^#{1,6}\s|^(?:-{3,}|\*{3,}|_{3,}|`{3,}\w*)$/im;

export interface Citation {
  /** Claims with their valid span ids; status "supported" here means "cited", pending verification. */
  claims: Claim[];
  /** Ids the model wrote that are not in the evidence list. */
  unknownIds: string[];
  /** The model said INSUFFICIENT. */
  insufficient: boolean;
  /**
   * Lines the model wrote that cite nothing and are markup or a link of its own (a tag, a heading, a
   * "see [here](…)"): left out of the answer, not kept as claims. Kept here for the trace.
   */
  junk?: string[];
}

/**
 * Turns a prose draft into claims with citations attached in code: markers are parsed, ids checked
 * against the evidence list, links and URLs the model wrote removed, uncited sentences flagged, and
 * uncited lines that are only markup or the model's own links left out (`dropJunk`, on by default).
 */
export function attachCitations(draft: string, spans: EvidenceSpan[], options: { dropJunk?: boolean } = {}): Citation {
  const dropJunk = options.dropJunk ?? true;
  const trimmed = draft.trim();
  if (/^INSUFFICIENT\.?$/i.test(trimmed)) return { claims: [], unknownIds: [], insufficient: true };
  const known = new Set(spans.map((s) => s.spanId));
  const unknown = new Set<string>();

  const pieces: Array<{ text: string; ids: string[]; removedLink: boolean; markup: boolean }> = [];
  const LEADING = /^(?:\s*\[\s*S\d+(?:\s*[,;]\s*S\d+)*\s*\])+/;
  // Links go before sentences are split: a "?" inside a URL must not end a sentence.
  const unlinked = trimmed.replace(MARKDOWN_LINK, (_, label: string) => `${label}${LINK_MARK}`).replace(BARE_URL, LINK_MARK);
  const segmented = unlinked.replace(CITED_END, '$1\n');
  for (const [s, e] of sentenceSpans(segmented)) {
    let sentence = segmented.slice(s, e);
    // Markers after a full stop open the next segment: they belong to the sentence before.
    const leading = LEADING.exec(sentence);
    if (leading && pieces.length > 0) {
      for (const m of leading[0].matchAll(MARKER))
        pieces[pieces.length - 1]!.ids.push(...m[1]!.split(/[,;]/).map((x) => x.trim()));
      sentence = sentence.slice(leading[0].length);
    }
    const ids: string[] = [];
    sentence = sentence.replace(MARKER, (_, list: string) => {
      for (const id of list.split(/[,;]/)) ids.push(id.trim());
      return ' ';
    });
    const removedLink = sentence.includes(LINK_MARK);
    const markup = MARKUP.test(sentence.trim());
    sentence = sentence.split(LINK_MARK).join('');
    const text = sentence
      .replace(/\s+([.,;:!?])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    // Markers after the full stop land at the start of the next segment: they belong to the previous sentence.
    if (!/[\p{L}\p{N}]/u.test(text) || (pieces.length > 0 && /^[.,;:!?]*$/.test(text))) {
      if (pieces.length > 0) pieces[pieces.length - 1]!.ids.push(...ids);
      continue;
    }
    pieces.push({ text, ids, removedLink, markup });
  }

  // An uncited line that is markup, or carried a link of the model's own, is no claim: left out.
  const isJunk = (p: (typeof pieces)[number]) => dropJunk && p.ids.length === 0 && (p.markup || p.removedLink);
  const junk = pieces.filter(isJunk).map((p) => p.text);
  const claims = pieces
    .filter((p) => !isJunk(p))
    .map((p): Claim => {
      const valid = [...new Set(p.ids.filter((id) => known.has(id)))];
      for (const id of p.ids) if (!known.has(id)) unknown.add(id);
      const reasons: string[] = [];
      if (p.removedLink) reasons.push('a link written by the model was removed');
      if (valid.length === 0) reasons.push('cites no evidence');
      return { text: p.text, cites: valid, status: valid.length === 0 ? 'flagged' : 'supported', reasons };
    });
  return { claims, unknownIds: [...unknown], insufficient: false, ...(junk.length > 0 ? { junk } : {}) };
}

/** Sources for the cited spans, from the evidence list only, in span order. */
export function sourcesFor(claims: Claim[], spans: EvidenceSpan[]): Source[] {
  const used = new Set(claims.filter((c) => c.status !== 'dropped').flatMap((c) => c.cites));
  return spans
    .filter((s) => used.has(s.spanId))
    .map((s) => ({
      spanId: s.spanId,
      url: s.url,
      title: s.title,
      published: s.published,
      origin: s.origin,
      ...(s.citedBy ? { citedBy: s.citedBy } : {}),
    }));
}
