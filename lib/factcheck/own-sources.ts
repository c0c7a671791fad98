import type { Citation, PageLink } from '../shared/types';
import { contentWords } from '../text/tokens';

/** Which links of the checked page are a claim's own sources, by where they stand (markup and language, no site names). */

/** Own sources read per claim at most. */
export const OWN_SOURCES_PER_CLAIM = 2;

/** How a source is the claim's own: a link in its sentence, its footnote, or a link its words point to ("according to a report"). */
export type OwnSourceVia = 'link' | 'footnote' | 'attribution';

export interface OwnSourceLink {
  url: string;
  via: OwnSourceVia;
}

/** The checked text's links and footnote markers, with offsets in it, and its address. */
export interface LinkedText {
  text: string;
  url: string;
  links?: PageLink[] | undefined;
  citations?: Citation[] | undefined;
}

/** Between a sentence's end and its footnote marker: spaces, punctuation, other markers. */
const BEFORE_MARKER = /^[\s\d[\]().,;:*†‡]*$/;

/**
 * A sentence that says where it comes from: "according to", a document it names ("a report", "the
 * study", "figures from"), or a source that said, found or published it.
 */
const DOCUMENT =
  '(?:report|study|survey|analysis|paper|review|poll|audit|investigation|statement|data|figures|census|filing|ruling|research)s?';
const ATTRIBUTION = new RegExp(
  `\\b(?:according to|${DOCUMENT} (?:by|from)|${DOCUMENT}(?:\\s+\\w+){0,3}\\s+(?:shows?|showed|found|finds|says?|said|suggests?|suggested|estimates?|estimated|concluded|published|released)|(?:said|says|reported|found|estimated|concluded|announced) (?:in|on|that)|cited by|citing)\\b`,
  'i',
);

/** Nouns for what a source is: a link's words naming one may be what the sentence refers to. */
const DOCUMENT_NOUN =
  /^(report|study|survey|analysis|paper|review|poll|audit|investigation|statement|data|figures|census|filing|ruling|research|article|interview|letter|testimony|press|release)s?$/;

/** A closing clause naming who says it: ", the agency said." / ", according to the report." */
const TRAILING_ATTRIBUTION =
  /,\s+(?:according to\s+[^,]{1,80}|[^,]{1,60}?\s+(?:said|says|reported|reports|wrote|writes|found|finds|estimated|estimates|announced|stated|states|noted|notes|claimed|claims|shows|showed))\s*([.!?]?)\s*$/i;
/** An opening one: "According to the report, …" */
const LEADING_ATTRIBUTION = /^\s*(?:according to|as reported by)\s+[^,]{1,80},\s*/i;

/**
 * What a claim's own source is read for: the claim less the clause that names the source ("…, the
 * agency said."): the source states the rest, not that it was said.
 */
export function withoutAttribution(claim: string): string {
  let out = claim.replace(TRAILING_ATTRIBUTION, (_m, stop: string) => stop || '.');
  out = out.replace(LEADING_ATTRIBUTION, '');
  out = out.charAt(0).toUpperCase() + out.slice(1);
  return contentWords(out).length >= 4 ? out : claim;
}

function dedupe(out: OwnSourceLink[]): OwnSourceLink[] {
  const seen = new Set<string>();
  return out.filter((o) => !seen.has(o.url) && seen.add(o.url)).slice(0, OWN_SOURCES_PER_CLAIM);
}

/**
 * A claim's own sources, the first rule that finds any deciding: the links inside its sentence;
 * else the footnote markers in it or right after it (the sources their notes name, originals
 * first); else, when the sentence attributes what it says, a link elsewhere in its paragraph whose
 * words the sentence repeats (a name, or the document: "a report by …" / "the report says").
 * Navigation and share buttons never reach the extracted text's links (lib/pages/footnotes.ts).
 */
export function ownSourcesOf(claim: { start: number; end: number }, page: LinkedText): OwnSourceLink[] {
  const inSentence = (page.links ?? []).filter((l) => l.start < claim.end && l.end > claim.start);
  if (inSentence.length > 0) return dedupe(inSentence.map((l) => ({ url: l.url, via: 'link' })));
  const notes = (page.citations ?? []).filter(
    (c) => c.at >= claim.start && (c.at <= claim.end || BEFORE_MARKER.test(page.text.slice(claim.end, c.at))),
  );
  if (notes.length > 0) return dedupe(notes.flatMap((c) => (c.urls[0] ? [{ url: c.urls[0], via: 'footnote' as const }] : [])));
  const sentence = page.text.slice(claim.start, claim.end);
  if (!ATTRIBUTION.test(sentence)) return [];
  const paraStart = page.text.lastIndexOf('\n', claim.start - 1) + 1;
  const nl = page.text.indexOf('\n', claim.end);
  const paraEnd = nl < 0 ? page.text.length : nl;
  const said = new Set(contentWords(sentence));
  const referred = (page.links ?? []).filter((l) => {
    if (l.start < paraStart || l.end > paraEnd) return false;
    const raw = page.text.slice(l.start, l.end);
    // The words of the link that name something: a capitalised word, or a document noun.
    const naming = (raw.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => /^\p{Lu}/u.test(w) || DOCUMENT_NOUN.test(w.toLowerCase()));
    return naming.some((w) => said.has(w.toLowerCase()));
  });
  return dedupe(referred.map((l) => ({ url: l.url, via: 'attribution' })));
}
