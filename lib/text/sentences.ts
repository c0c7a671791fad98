/**
 * Sentence boundaries as people write them (`sentenceSpans`: every reader of a page's sentences uses
 * it). Unicode's sentence rules break after any full stop before a capital or a digit, so the
 * segmenter cuts "Mr. | Gale", "the U.S. | Embassy", "No. | 5", "am 3. | Oktober", "“Why?” | he
 * asked"; these rules join two of its sentences where the first ends with what never ends one.
 */

/**
 * Titles and abbreviations that stand before a name or a number, never at a sentence's end
 * (compared without their full stop, case-sensitive). English, German, French, Spanish.
 */
const BEFORE_A_NAME = new Set(
  [
    // English titles and ranks
    'Mr Mrs Ms Mx Dr Prof St Jr Sr Gen Gov Sen Rep Rev Hon Pres Lt Col Capt Cpt Sgt Maj Adm Cmdr Gov Supt Insp Det Fr Msgr',
    // numbering and references
    'No Nos Nr Nº Vol Fig Figs Art Ch Sec pp Abs Bd Hrsg',
    // months before a day ("Jan. 5")
    'Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec',
    // German: Herr, Frau, Dipl.-Ing., Sankt
    'Hr Fr Dipl Ing',
    // French: Madame, Mademoiselle, Maître, Monseigneur, Saint
    'Mme Mlle Mmes Me Mgr Ste',
    // Spanish: señor, señora, señorita, don, doña, doctor(a), licenciado, ingeniero, número
    'Sra Srta Sres Dña Dra Lic Ing Núm núm',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Words that open sentences (function words, pronouns, sentence adverbs) in the four languages: after
 * an initial or a dotted abbreviation ("U.S."), a capital that is one of these starts a new sentence
 * ("…in the U.S. He said…"); any other capital goes on with a name ("U.S. Embassy", "Stuart R. Kaplan").
 */
const OPENERS = new Set(
  [
    'The A An He She It They We I You This That These Those There Here His Her Its Their Our My Your',
    'In On At But And Or So Then Now When While If As After Before Since However Yet Also Still Today',
    'Everyone Everything Nobody Someone Some Many Most All No Not What Who Why How Where For To With By From Of',
    'Der Die Das Ein Eine Er Sie Es Wir Ich Und Aber Im Am Auf Mit Dies Diese Dann Auch Doch Als Nach Seit',
    'Le La Les Un Une Il Elle Ils Elles Nous Je On Et Mais Ce Cette Ces Dans En Au Aux Puis Depuis',
    'El Los Las Una Él Ella Ellos Ellas Nosotros Yo Y Pero Este Esta Estos Estas Con Para Por Luego Desde',
  ]
    .join(' ')
    .split(' '),
);

const GERMAN_MONTHS = /^(Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\b/;

/** The last word of a sentence with its full stop, e.g. "Mr.", "U.S.", "G.", "3.", "z.", "B.". */
const LAST_WORD = /(?:^|[\s(“"'‘«¿¡])([^\s(“"'‘«]+)\.$/u;
/** The first word of the next sentence, after any opening quote or bracket. */
const FIRST_WORD = /^[“"'‘«(¿¡]*([\p{L}\p{N}][\p{L}\p{N}’'-]*)/u;

/** Whether the cut between `before` (a sentence ending in ".") and `after` falls inside a sentence. */
function joinsAtFullStop(before: string, after: string): boolean {
  const last = LAST_WORD.exec(before)?.[1];
  const next = FIRST_WORD.exec(after)?.[1];
  if (!last || !next) return false;
  // "Mr. Gale", "No. 5", "Sra. García": a title or a number's abbreviation goes on.
  if (BEFORE_A_NAME.has(last)) return true;
  // German ordinals before a month ("am 3. Oktober 1990").
  if (/^\d{1,2}$/.test(last) && GERMAN_MONTHS.test(next)) return true;
  // A lone lowercase letter is an abbreviation's part ("z. B.", "d. h.", "u. a."), never a sentence's end.
  if (/^\p{Ll}$/u.test(last)) return true;
  // Initials ("G.", "J.-P.") and dotted abbreviations ("U.S.", "S.F.", "z.B.") go on into a name
  // or a noun, unless the next word is one that opens sentences.
  if (/^\p{Lu}$/u.test(last) || /^\p{L}{1,4}(?:\.\p{L}{1,4})+$/u.test(last) || /^\p{Lu}\.-\p{Lu}$/u.test(last)) {
    // "at 8:51 p.m. (1451 GMT) from Baikonur": an aside in brackets after an abbreviation goes on.
    if (after.startsWith('(') && /\./.test(last)) return true;
    return /^\p{Lu}/u.test(next) && !OPENERS.has(next);
  }
  return false;
}

/** Whether the next sentence cannot begin where the segmenter began it: with a lowercase word ("“Why?” | he asked"). */
function startsInside(after: string): boolean {
  return /^[“"'‘«(]*\p{Ll}/u.test(after);
}

/**
 * The segmenter's sentences `spans` of `text` ([start, end) with `offset` added, trailing space
 * excluded), with each cut that falls inside a sentence joined. Linear in the number of spans.
 */
export function mendSentences(text: string, spans: Array<[number, number]>, offset = 0): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const span of spans) {
    const prev = out[out.length - 1];
    if (prev && sameLine(text, prev[1] - offset, span[0] - offset)) {
      const before = text.slice(Math.max(prev[0] - offset, prev[1] - offset - 40), prev[1] - offset);
      const after = text.slice(span[0] - offset, Math.min(span[1] - offset, span[0] - offset + 40));
      const joins = (before.endsWith('.') && joinsAtFullStop(before, after)) || startsInside(after);
      if (joins) {
        prev[1] = span[1];
        continue;
      }
    }
    out.push([span[0], span[1]]);
  }
  return out;
}

/** Whether no line break stands between two offsets (a paragraph never runs on into the next). */
function sameLine(text: string, from: number, to: number): boolean {
  return !text.slice(from, to).includes('\n');
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Characters handed to the segmenter at once. Node 20's Intl.Segmenter takes quadratic time on long
 * strings (V8 fixed it later); a sentence always ends at a line break, so each line is segmented on
 * its own, and a line longer than this in windows that restart at the last sentence begun (wider
 * for a sentence longer than one).
 */
const SEGMENT_WINDOW = 10_000;

/**
 * A footnote marker the segmenter cut after its "[" ("…Corporation.[" | "1] The community…"):
 * Unicode's sentence rules count "[" as closing the sentence before it and break before the digit.
 * What opens the next segment: the rest of the marker and any markers right after it ("23][24]").
 */
const MARKER_REST = /^[^\s[\]]{1,20}\](?:\[[^\s[\]]{1,20}\])*/;

/** Moves each footnote marker the segmenter cut back onto the sentence it follows. */
function mendMarkers(text: string, spans: Array<[number, number]>, offset: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [s, e] of spans) {
    const prev = out[out.length - 1];
    const rest = prev && text[prev[1] - offset - 1] === '[' ? MARKER_REST.exec(text.slice(s - offset, e - offset)) : null;
    if (!prev || !rest) {
      out.push([s, e]);
      continue;
    }
    prev[1] = s + rest[0].length;
    const after = text.slice(prev[1] - offset, e - offset);
    const start = prev[1] + (after.length - after.trimStart().length);
    if (start < e) out.push([start, e]);
  }
  return out;
}

/** Sentence boundaries [start, end) of `text`, trailing whitespace excluded. Linear in the text's length. */
export function sentenceSpans(text: string, offset = 0): Array<[number, number]> {
  return mendSentences(text, mendMarkers(text, rawSentenceSpans(text, offset), offset), offset);
}

/** The segmenter's sentence boundaries, line by line and window by window. */
function rawSentenceSpans(text: string, offset: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const add = (at: number, segment: string) => {
    const trimmed = segment.trimEnd();
    const lead = trimmed.length - trimmed.trimStart().length;
    if (trimmed.trim().length > 0) spans.push([offset + at + lead, offset + at + trimmed.length]);
  };
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl + 1;
    let from = lineStart;
    let size = SEGMENT_WINDOW;
    while (from < lineEnd) {
      const end = Math.min(lineEnd, from + size);
      const segments = [...segmenter.segment(text.slice(from, end))];
      // A sentence longer than the window: a wider one, so that no sentence is cut.
      if (end < lineEnd && segments.length === 1) {
        size *= 2;
        continue;
      }
      // Short of the line's end, the window's last sentence may go on past it: it starts the next window.
      const cut = end < lineEnd;
      for (const s of cut ? segments.slice(0, -1) : segments) add(from + s.index, s.segment);
      from = cut ? from + segments[segments.length - 1]!.index : end;
      size = SEGMENT_WINDOW;
    }
    if (nl < 0) break;
    lineStart = lineEnd;
  }
  return spans;
}
