/**
 * The article's lead (standfirst, deck, teaser paragraph) when Readability leaves it out (issue #24).
 * Sites set the lead apart from the body, between the headline and the first paragraph, in its own
 * box; Readability takes the body's box and drops the lead, which is often the article's summary in
 * one sentence. Found by markup words and position, never by site.
 */

import { markupWords } from './boilerplate';

/** Words of a lead's class or id, in the ways sites and CMSs name it (en/de/fr/es). */
const LEAD_WORDS =
  /-(?:lead|leadin|intro|introduction|teaser|deck|dek|standfirst|summary|excerpt|subtitle|subheadline|subhead|sub-headline|strapline|abstract|description|sapo|chapo|chapeau|entradilla|bajada|copete|vorspann|anriss|einleitung)-/;

/** Any of those words anywhere in a class or id, before the exact test on whole words. */
const LEAD_HINT =
  /lead|intro|teaser|deck|dek|standfirst|summary|excerpt|sub|strapline|abstract|description|sapo|chap|entradilla|bajada|copete|vorspann|anriss|einleitung/i;

/** Shortest and longest lead: a sentence or a short paragraph, never a headline or a whole article. */
const MIN_LEAD = 40;
const MAX_LEAD = 800;

/** Where the document's elements were before Readability moved them, and the lead candidates. */
export interface LeadCandidates {
  /** The body's elements in document order, before Readability ran. */
  elements: Element[];
  /** Elements that look like a lead and follow a headline (<h1>), in document order. */
  candidates: Element[];
  /** A copy of each candidate as it was: Readability may empty a box it does not take (it moves a lone paragraph out of its <div>). */
  copies: Element[];
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Whether `el` reads as a lead: words of a lead, sentence-length text, hardly any link text. */
function looksLikeLead(el: Element): boolean {
  // A deck or a standfirst paragraph beside the headline, in its header.
  const inHeader =
    (el.tagName === 'H2' && /^(?:HGROUP|HEADER)$/.test(el.parentElement?.tagName ?? '')) ||
    (el.tagName === 'P' && (el.parentElement?.tagName === 'HEADER' || el.previousElementSibling?.tagName === 'H1'));
  if (!inHeader) {
    // Most elements have no class or id, or none with a lead's word: tell them cheaply.
    // The class as written: linkedom's getAttribute('class') rebuilds it from the class list, at a cost.
    if (!el.hasAttributes() || !LEAD_HINT.test(`${el.getAttributeNode('class')?.value ?? ''} ${el.getAttribute('id') ?? ''}`))
      return false;
    if (!LEAD_WORDS.test(markupWords(el))) return false;
  }
  if (el.closest('a, nav, aside, footer, li')) return false;
  const text = collapse(el.textContent ?? '');
  if (text.length < MIN_LEAD || text.length > MAX_LEAD) return false;
  let inLinks = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) inLinks += collapse(a.textContent ?? '').length;
  return inLinks / text.length < 0.3;
}

/**
 * Read before Readability runs (it moves and removes elements): the document's elements in order
 * and the lead candidates after the first headline. One pass over the elements.
 */
export function findLeadCandidates(doc: Document): LeadCandidates {
  const candidates: Element[] = [];
  let seenHeadline = false;
  const elements = doc.body ? Array.from(doc.body.querySelectorAll('*')) : [];
  for (const el of elements) {
    if (el.tagName === 'H1') seenHeadline = true;
    else if (seenHeadline && looksLikeLead(el) && !candidates.some((c) => c.contains(el))) candidates.push(el);
  }
  return { elements, candidates, copies: candidates.map((c) => c.cloneNode(true) as Element) };
}

/**
 * Puts the lead at the top of Readability's article when Readability left it out: the last
 * candidate before the article's first element (so the one nearest to the body, not a teaser
 * higher up the page), when the article does not already hold its text. Returns the lead or null.
 */
export function restoreLead(content: Element, leads: LeadCandidates): Element | null {
  if (leads.candidates.length === 0) return null;
  // Built only here, on the few pages with a candidate.
  const order = new Map(leads.elements.map((el, i) => [el, i]));
  let first = Infinity;
  for (const el of Array.from(content.querySelectorAll('*'))) {
    const at = order.get(el);
    if (at !== undefined && at < first) first = at;
  }
  if (first === Infinity) return null;
  const before = leads.candidates.filter((c) => (order.get(c) ?? Infinity) < first && !content.contains(c));
  const last = before[before.length - 1];
  if (!last) return null;
  const lead = leads.copies[leads.candidates.indexOf(last)] ?? last;
  const text = collapse(lead.textContent ?? '');
  if (collapse(content.textContent ?? '').includes(text.slice(0, 80))) return null;
  const host = content.firstElementChild ?? content;
  host.insertBefore(lead, host.firstChild);
  return lead;
}
