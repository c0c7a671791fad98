/**
 * Sentence boundaries as people write them, mended from the segmenter's. Unicode's sentence rules
 * break after any full stop before a capital or a digit, so `Intl.Segmenter` cuts "Mr. | Gale",
 * "William G. | Gale", "the U.S. | Embassy", "No. | 5", "am 3. | Oktober" and "“Why?” | he asked".
 * The segmenter stays the base; these rules only join two of its sentences where the first ends
 * with what never ends a sentence, in the four languages we speak.
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
