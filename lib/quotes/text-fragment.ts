/**
 * Text fragments (`#:~:text=prefix-,start,end,-suffix`): a URL that makes the browser scroll to and
 * mark a passage by itself, before any script of ours runs. Browsers match the terms exactly (case
 * and whitespace aside), on word boundaries, with each term inside one block; so the terms are whole
 * words, never cut across a paragraph break, and short: a long passage is named by its first and
 * last words.
 */

export interface FragmentQuote {
  /** The passage text ("\n" between paragraphs). */
  exact: string;
  /** Text just before it (may start in the middle of a word). */
  prefix?: string;
  /** Text just after it (may end in the middle of a word). */
  suffix?: string;
}

/** A passage of at most this many words is named whole; a longer one by its first and last words. */
const WHOLE_WORDS = 10;
/** Words in each of textStart and textEnd for a long passage. */
const END_WORDS = 5;
/** Words of context on each side. */
const CONTEXT_WORDS = 3;

const words = (s: string) => s.split(/\s+/).filter((w) => w.length > 0);

/** Lone surrogates cannot be percent-encoded; they cannot be matched either. */
function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

/** Percent-encodes a term: URI-component encoding plus "-", which the directive's syntax uses. */
export function encodeTerm(term: string): string {
  return encodeURIComponent(wellFormed(term)).replace(/-/g, '%2D');
}

/** The words of `text` that may stand for it: whole words on its line, never across a line break. */
function contextBefore(prefix: string | undefined): string[] {
  if (!prefix) return [];
  // Only the line the passage starts on: a term is matched inside one block.
  const line = prefix.slice(prefix.lastIndexOf('\n') + 1);
  const w = words(line);
  // A prefix that does not start at a line or a space may begin inside a word: drop that piece.
  const cutAtStart = line.length === prefix.length && !/^\s/.test(line) && w.length > 0;
  const whole = cutAtStart ? w.slice(1) : w;
  // Nor may it end inside a word that the passage continues.
  if (!/\s$/.test(line) && whole.length > 0) return [];
  return whole.slice(-CONTEXT_WORDS);
}

function contextAfter(suffix: string | undefined): string[] {
  if (!suffix) return [];
  const nl = suffix.indexOf('\n');
  const line = nl < 0 ? suffix : suffix.slice(0, nl);
  const w = words(line);
  const cutAtEnd = nl < 0 && !/\s$/.test(line) && w.length > 0;
  const whole = cutAtEnd ? w.slice(0, -1) : w;
  if (!/^\s/.test(line) && whole.length > 0) return [];
  return whole.slice(0, CONTEXT_WORDS);
}

/**
 * The text directive for a passage (`text=…`, without `#:~:`), or null when the passage has no
 * words. Passages that span paragraphs are named by the first words of the first one and the last
 * words of the last one.
 */
export function textDirective(quote: FragmentQuote): string | null {
  const lines = quote.exact
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  if (lines.length === 0) return null;
  const first = words(lines[0]!);
  const last = words(lines[lines.length - 1]!);
  if (first.length === 0) return null;
  let start: string;
  let end: string | null = null;
  if (lines.length === 1 && first.length <= WHOLE_WORDS) start = first.join(' ');
  else {
    start = first.slice(0, Math.min(END_WORDS, first.length)).join(' ');
    end = last.slice(-Math.min(END_WORDS, last.length)).join(' ');
  }
  const before = contextBefore(quote.prefix);
  const after = contextAfter(quote.suffix);
  const parts = [
    ...(before.length > 0 ? [`${encodeTerm(before.join(' '))}-`] : []),
    encodeTerm(start),
    ...(end ? [encodeTerm(end)] : []),
    ...(after.length > 0 ? [`-${encodeTerm(after.join(' '))}`] : []),
  ];
  return `text=${parts.join(',')}`;
}

/**
 * `url` with a text fragment for the passage: after any fragment the URL already has, replacing a
 * text directive it already carries. Unchanged when the passage has no words or the URL is not
 * http(s).
 */
export function withTextFragment(url: string, quote: FragmentQuote): string {
  const directive = textDirective(quote);
  if (!directive || !/^https?:/i.test(url)) return url;
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash + 1);
  const cut = fragment.indexOf(':~:');
  const own = cut < 0 ? fragment : fragment.slice(0, cut);
  return `${base}#${own}:~:${directive}`;
}
