/**
 * Each claim made to stand alone, in code: the form searched and judged beside the sentence the page
 * shows. An opening reference becomes the name the page gives it, a statement demonstrative takes in
 * the sentence before, a surname its full name, a relative time the page's date; nothing the page
 * does not say is added. The page is read once (page.ts); a claim looks back a few sentences.
 */
import { absoluteTimes, publicationDate } from '../dates/relative-times';
import { CITES, namesIn, openingAt, speechPatterns } from './lexicon';
import { insideQuotation, openingReference, type Reference } from './references';

export { insideQuotation } from './references';
import { antecedent, cataphoric, readPage, type Page, type StandaloneContext } from './page';
import { escapeRegExp } from '../text/regexp';
import { kindOf } from './names';
import { courtesyTitleBefore } from './titles';

export { titleName } from './lexicon';
export type { StandaloneContext } from './page';
export { addsNothing } from './adds-nothing';

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** One claim as searched and judged, and what was changed to make it so. */
export interface StandaloneClaim {
  /** The form searched and judged; the sentence with whitespace collapsed when nothing changed. */
  standalone: string;
  /** True when a reference (pronoun, bare "the company", a relative time on an undated page) was left unresolved. */
  needsContext: boolean;
  /** Who is quoted, when the claim is a quotation with attribution. */
  speaker?: string;
  /** What changed, for the trace. */
  resolved: Array<{ from: string; to: string; kind: 'pronoun' | 'reference' | 'surname' | 'time' | 'statement' }>;
}

/** The index of the last page sentence that ends at or before `offset`, or -1. */
function sentenceBefore(page: Page, offset: number): number {
  let lo = 0;
  let hi = page.sentences.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (page.sentences[mid]![1] <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The index of the page sentence that starts at `offset`, or -1. */
function sentenceAt(page: Page, offset: number): number {
  const i = sentenceBefore(page, offset) + 1;
  return page.sentences[i]?.[0] === offset ? i : -1;
}

/** The number of mentions that start before `offset`. */
function mentionsBefore(page: Page, offset: number): number {
  let lo = 0;
  let hi = page.mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (page.mentions[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Edit = { start: number; end: number; to: string; kind: StandaloneClaim['resolved'][number]['kind'] };

/** Single capitalised words in the claim that are the surname of a full name written earlier. */
function surnameEdits(
  page: Page,
  claim: string,
  names: Array<{ name: string; at: number }>,
  offset: number,
  taken: Edit[],
): Edit[] {
  const edits: Edit[] = [];
  const seen = new Set<string>();
  for (const { name, at } of names) {
    if (name.includes(' ') || seen.has(name)) continue;
    const full = page.surnames.get(name);
    if (!full || full.start >= offset || full.name === name || claim.includes(full.name)) continue;
    const end = at + name.length;
    // A word inside a compound ("U.S.-Israeli relations") is no surname; a title before it ("Mr. Reeves") goes with it.
    if (/[-‐–]$/u.test(claim.slice(0, at)) || taken.some((t) => at < t.end && end > t.start)) continue;
    const title = courtesyTitleBefore(claim.slice(0, at));
    seen.add(name);
    edits.push({ start: at - title.length, end, to: full.name, kind: 'surname' });
  }
  return edits;
}

/** Who is quoted: the name by a speech verb, in a claim that quotes or cites ("according to"). */
function speakerOf(page: Page, claim: string, index: number, offset: number): string | undefined {
  const { lex } = page;
  const quotes = /["“”„«»]/u.test(claim);
  if (!quotes && !CITES.test(claim)) return undefined;
  const { after, before } = speechPatterns(lex);
  const m = claim.match(after) ?? claim.match(before);
  if (!m) return undefined;
  const name = m[1]!;
  if (lex.pronouns[name.toLowerCase()]) {
    const ref: Reference = {
      start: 0,
      end: 0,
      fit: 'person',
      gender: lex.pronouns[name.toLowerCase()]!.gender,
      kind: 'pronoun',
      write: (n) => n,
    };
    return antecedent(page, index + 1, ref, mentionsBefore(page, offset))?.name;
  }
  const cleaned = namesIn(name, page.lowerWords, page.namePairs)[0]?.name;
  if (!cleaned) return undefined;
  const full = page.surnames.get(cleaned);
  return full && full.start < offset + claim.length ? full.name : cleaned;
}

/**
 * Each claim in a form that stands alone: an opening pronoun or bare reference replaced by the name
 * it stands for, a statement demonstrative preceded by the sentence it points back to, a lone surname
 * by its full name, relative times by absolute ones, with what was changed and whether a reference
 * was left unresolved.
 */
export function standaloneClaims(
  ctx: StandaloneContext,
  claims: Array<{ sentence: string; start: number; end: number }>,
): StandaloneClaim[] {
  const page = readPage(ctx);
  const published = publicationDate(ctx.published);
  return claims.map(({ sentence, start }) => formOf(page, ctx.text, published, sentence, start, true));
}

/** The longest standalone form that takes in the sentence before it (characters). */
export const MAX_WITH_STATEMENT = 500;

/**
 * One claim's standalone form. A demonstrative standing for a statement ("This resulted in…",
 * "That makes sense…") takes in the sentence before it in the same paragraph, itself made to stand
 * alone (`withStatement`: one sentence back at most), since no name can take its place.
 */
function formOf(
  page: Page,
  text: string,
  published: Date | null,
  sentence: string,
  start: number,
  withStatement: boolean,
): StandaloneClaim {
  const claim = collapse(sentence);
  const index = sentenceBefore(page, start) + 1;
  const edits: Edit[] = [];
  let needsContext = false;
  let statement: StandaloneClaim | null = null;

  // A claim that is a page sentence as written was read with the page; another is read now.
  const own = sentenceAt(page, start);
  const same = own >= 0 && page.sentences[own]![1] - start === claim.length && text.startsWith(claim, start);
  const ref = same ? page.refs[own]! : openingReference(claim, page.lex, page.lang);
  const names = same ? page.names[own]! : namesIn(claim, page.lowerWords, page.namePairs);
  if (ref?.unresolvable) {
    statement =
      withStatement && ref.end > ref.start && ref.start === openingAt(claim)
        ? statementBefore(page, text, published, index, start, claim.length)
        : null;
    if (!statement) needsContext = true;
  } else if (ref && insideQuotation(claim, ref.start)) {
    // A pronoun in quoted words is the speaker's: it points into what they said, which the
    // narration before it need not name. The quotation stays as written.
    needsContext = true;
  } else if (ref && cataphoric(page, claim, ref, names)) {
    // The sentence names whom its opening clause's pronoun means: it stands as written.
  } else if (ref) {
    const found = speakerBefore(page, text, index, claim, ref) ?? antecedent(page, index, ref, mentionsBefore(page, start));
    // A "name" that is itself a pronoun (a capitalised "He" after a quotation) names no one.
    const probe = found && openingReference(`${found.name} said so.`, page.lex, page.lang);
    if (found && !(probe && probe.start === 0 && probe.end >= found.name.length)) {
      const atHead = ref.start === openingAt(claim);
      let to = ref.write(page.lang === 'en' && writtenWithThe(page, text, found.name) ? `the ${found.name}` : found.name);
      if (atHead) to = to.charAt(0).toUpperCase() + to.slice(1);
      edits.push({ start: ref.start, end: ref.end, to, kind: ref.kind });
    } else {
      // A pronoun the page names nothing for nearby is read with the sentence before it, when that
      // one names something it may stand for; "it" and "they" often stand for a noun there, named
      // or not ("…run by bloggers living in Kenya. They include…").
      statement =
        withStatement &&
        ref.start === openingAt(claim) &&
        (namesSomething(page, text, index - 1) || (ref.fit !== 'person' && hasNounPhrase(page, text, index - 1)))
          ? statementBefore(page, text, published, index, start, claim.length)
          : null;
      if (!statement) needsContext = true;
    }
  }
  edits.push(...surnameEdits(page, claim, names, start, edits));
  edits.sort((a, b) => a.start - b.start);

  let out = '';
  let at = 0;
  const resolved: StandaloneClaim['resolved'] = [];
  for (const e of edits) {
    out += claim.slice(at, e.start) + e.to;
    resolved.push({ from: claim.slice(e.start, e.end), to: e.to, kind: e.kind });
    at = e.end;
  }
  out += claim.slice(at);

  const times = absoluteTimes(out, published, page.lang);
  if (times.unresolved) needsContext = true;
  for (const c of times.changed) resolved.push({ ...c, kind: 'time' });
  let standalone = times.text;
  if (statement) {
    resolved.push({ from: claim.slice(ref!.start, ref!.end), to: statement.standalone, kind: 'statement' });
    standalone = `${statement.standalone} ${standalone}`;
  }

  const speaker = speakerOf(page, times.text, index - 1, start);
  return { standalone, needsContext, resolved, ...(speaker ? { speaker } : {}) };
}

/**
 * Whether the page writes `name` after "the" more often than not ("the Xbox One X", "the Space
 * Pirates"): a pronoun's name then takes the article too. Not "the Obama administration" and
 * "Obama said" (half), nor "in New Zealand" and once "the New Zealand team" (fewer).
 */
function writtenWithThe(page: Page, text: string, name: string): boolean {
  let answer = page.withThe.get(name);
  if (answer === undefined) {
    const escaped = escapeRegExp(name);
    const all = text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
    const withThe = text.match(new RegExp(`(?<![\\p{L}\\p{N}])[Tt]he\\s+${escaped}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
    page.withThe.set(name, (answer = withThe > all / 2));
  }
  return answer;
}

/**
 * A pronoun that speaks ("It said…", "He added…") goes on with the speaker of the sentence before
 * ("…, Roscosmos said in a statement. It said most of the debris burnt up"), when one is named there
 * and is of the pronoun's kind; null otherwise (the pronoun is read as any other).
 */
function speakerBefore(page: Page, text: string, index: number, claim: string, ref: Reference): { name: string } | null {
  if (
    ref.kind !== 'pronoun' ||
    ref.owns ||
    !new RegExp(`^\\s+(?:${page.lex.speechBefore})(?!\\p{L})`, 'u').test(claim.slice(ref.end))
  )
    return null;
  const before = page.sentences[index - 1];
  if (!before) return null;
  const { after, before: named } = speechPatterns(page.lex);
  const sentence = text.slice(before[0], before[1]);
  const name = (sentence.match(named) ?? sentence.match(after))?.[1];
  if (!name || page.lex.pronouns[name.toLowerCase()]) return null;
  const full = page.surnames.get(name)?.name ?? name;
  return ref.fit === 'any' || kindOf(full, page) === ref.fit ? { name: full } : null;
}

/** Whether page sentence `i` names something: a name inside it, or a sure one at its head ("Samus guided…", not "Storms raged…"). */
function namesSomething(page: Page, text: string, i: number): boolean {
  const span = page.sentences[i];
  if (!span) return false;
  const head = openingAt(text.slice(span[0], Math.min(span[1], span[0] + 8)));
  return page.names[i]!.some(
    ({ name, at }) => at !== head || name.includes(' ') || page.proper.has(name) || page.surnames.has(name),
  );
}

/** Articles that open a noun phrase, by language: the lexicon's, and the indefinite ones. */
const INDEFINITE = /(?<!\p{L})(?:a|an|ein|eine|einen|einem|einer|un|une|des|una|uno|unos|unas)\s+\p{L}/iu;

/** Whether page sentence `i` holds a noun phrase opened by an article ("the station", "a famous experiment", "die Regierung"). */
function hasNounPhrase(page: Page, text: string, i: number): boolean {
  const span = page.sentences[i];
  if (!span) return false;
  const sentence = text.slice(span[0], span[1]);
  if (INDEFINITE.test(sentence)) return true;
  const words = sentence.toLowerCase().split(/\s+/u);
  return words.some((w, k) => k + 1 < words.length && page.lex.articles.has(w));
}

/**
 * The sentence a statement demonstrative at `index` points back to, made to stand alone: the one
 * right before it in the same paragraph, when that one stands alone itself and the two together
 * stay short; otherwise null (the claim then needs context).
 */
function statementBefore(
  page: Page,
  text: string,
  published: Date | null,
  index: number,
  start: number,
  claimLength: number,
): StandaloneClaim | null {
  const before = page.sentences[index - 1];
  if (!before || text.slice(before[1], start).includes('\n')) return null;
  const form = formOf(page, text, published, text.slice(before[0], before[1]), before[0], false);
  if (form.needsContext || /[?:]$/.test(form.standalone) || form.standalone.length + claimLength > MAX_WITH_STATEMENT)
    return null;
  return form;
}
