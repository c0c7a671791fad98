/**
 * The reference lists of a MediaWiki article ("References", "Notes", "Sources": `ol.references`
 * inside `.reflist` or `.mw-references-wrap`, and the `.refbegin` bibliographies). Their entries
 * ("^ Smith, J. (2010). Title. Journal. Retrieved 2020-01-01.") say where a statement comes from,
 * never the statement itself: they are no evidence of their own.
 */
const REFERENCE_LISTS = 'ol.references, .reflist, .mw-references-wrap, .refbegin';

/**
 * Removes the reference lists from a parsed document, so that no passage is cut from them. Runs after
 * the footnotes were read from those lists (readFootnoteTargets), which is how a passage's footnotes
 * still lead to the sources they cite. Returns how many lists were removed.
 */
export function removeReferenceLists(doc: Document): number {
  const lists = Array.from(doc.querySelectorAll(REFERENCE_LISTS));
  // A list nested in another goes with it: remove only the outermost.
  const outer = lists.filter((el) => !lists.some((other) => other !== el && other.contains(el)));
  for (const el of outer) el.remove();
  return outer.length;
}

// Citation templates' own endings, where a reference list reaches us as text without its markup.
const RETRIEVED_OR_ARCHIVED = /(?:Retrieved|Archived from the original)(?: on)? [\w ,.-]{6,30}\.?$/;
const MAX_REFERENCE_LINE = 400;

/**
 * Whether a line of extracted text is a reference entry though its markup is gone: it starts with
 * MediaWiki's back-link caret ("^ Smith…", "^ a b Smith…"), or it is short and ends as a citation
 * template ends ("… Retrieved 1 May 2016.", "… Archived from the original on 2 March 2015.").
 */
export function isReferenceLine(line: string): boolean {
  const text = line.trim();
  if (/^\^\s/.test(text)) return true;
  return text.length <= MAX_REFERENCE_LINE && RETRIEVED_OR_ARCHIVED.test(text);
}
