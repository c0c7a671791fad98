/**
 * A claim's searches, planned in code: a raw sentence is a bad query. From the claim's standalone
 * form, a few short keyword queries (its subject and key terms, its figure or date), shorter ones
 * for engines that need every word; quotation marks, attributions, hedges and function words never
 * go into a query. A model's queries are taken only when every name and number in them is the claim's.
 */
import { namesIn } from '../reading/entities';
import { QUERY_WORDS_DROPPED } from '../text/query-words';
import { numberKey } from '../standalone/adds-nothing';
import { MONTH_NUMBERS } from '../dates/dates-text';
import { LEXICONS } from '../standalone/lexicon';

/** At most this many queries per claim for each kind of engine, each at most this many words and characters. */
export const QUERY_CAPS = { queries: 3, words: 12, chars: 300 } as const;
/** Words of the short query sent to engines that need every word on the page: the subject and its strongest terms. */
const EVERY_WORDS = 4;

/** A claim's planned searches. */
export interface ClaimQueries {
  /** For engines where any word may match (the web search APIs), most telling first. */
  any: string[];
  /** For engines that need every word on the page (MediaWiki's search), shortest last. */
  every: string[];
  /** The name the claim is about, when it names one. */
  subject?: string;
  /** Who planned them: the model's when they passed the code's checks, else the code's. */
  by: 'code' | 'model';
  /** Why a model's queries were not taken. */
  notes: string[];
}

/** What the planner reads of a claim. */
export interface PlannedClaim {
  text: string;
  speaker?: string | undefined;
  /** A reference in it the page did not resolve: the page's subject goes with it. */
  needsContext?: boolean | undefined;
}

/** What the planner reads of the claim's page: its title (its subject) and its date. */
export interface PageContext {
  title?: string | undefined;
  /** ISO: the year of a claim that holds "now". */
  published?: string | null | undefined;
}

/** Words of the page's title a claim that names nothing is searched with. */
const TITLE_WORDS = 4;

/** A word of the claim as a query keeps it: its text, and what kind of term it is. */
interface Term {
  text: string;
  kind: 'name' | 'figure' | 'year' | 'word';
  /** Index of the name it belongs to, for name words. */
  name?: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’.,\-/][\p{L}\p{N}]+)*%?/gu;
const YEAR = /^(1[0-9]\d\d|20\d\d)s?$/;
const DIGIT = /\p{N}/u;
// Words that say the claim holds now: searched with the page's year.
const NOW_WORDS =
  /\b(currently|now|today|this year|still|presently|as of|latest|recent(ly)?|aktuell|derzeit|heute|noch|actuellement|aujourd'hui|encore|actualmente|hoy|todavía)\b/i;

const DATELINE = /^\p{Lu}[\p{Lu}.'’ -]*\p{Lu}(?:,[^—–\n]{0,40}?)?(?:\s*\([^)]{1,40}\))?\s*(?:—|–|--?)\s+/u;

/**
 * A lone capitalised word shaped as a demonym or nationality adjective ("Israeli election",
 * "Chinese exports", "British troops"): a name, but not what the claim is about when it names another.
 */
const DEMONYM = /^\p{Lu}\p{Ll}{2,}(?:i|ian|ean|an|ese|ish|ic)$/u;

/** The claim's text without what a search should not carry: quotation marks, its attribution, parentheses' brackets. */
function searchableText(claim: { text: string; speaker?: string | undefined }): string {
  // A news dateline ("LONDON —", "NEW YORK, March 3 (Reuters) -") says where the report was filed, not what it claims.
  let text = claim.text.replace(DATELINE, '');
  // "…,” said Marc Goldwein, senior policy director…": the quotation is the claim; its speaker is kept as a name.
  if (claim.speaker) text = text.replace(/[,.]?\s*["”»]?\s*(?:said|says|told|added|noted|wrote)\b[^.]*\.?\s*$/iu, ' ');
  // An apostrophe inside a word ("didn’t", "O’Brien") is part of it, curly or straight; elsewhere it is a quotation mark.
  return text.replace(/["“”„«»‘]|(?<!\p{L})['’]|['’](?!\p{L})/gu, ' ').replace(/[()[\]{}]/g, ' ');
}

/** A verb of speech right after a word, in any of the four languages ("… said", "… sagte", "… a déclaré", "… dijo"). */
const SPEAKS = new RegExp(
  `^\\s+(?:${Object.values(LEXICONS)
    .map((l) => l.speechBefore)
    .join('|')})(?!\\p{L})`,
  'u',
);

/** The claim's terms in its own order: names (by the claim's name runs), figures, years and content words. */
function termsOf(text: string, titleWords: ReadonlySet<string> = new Set()): Term[] {
  const names = namesIn(text).map((n) => new Set(n.keys));
  const terms: Term[] = [];
  const found = [...text.matchAll(WORD)];
  const words = found.map((m) => m[0].replace(/['’]s$/u, '').replace(/[.,]+$/, ''));
  for (const [i, w] of words.entries()) {
    const lower = w.toLowerCase();
    const capital = /^\p{Lu}/u.test(w);
    // A word inside a name of several words stays ("United States"; not an article opening it, "Die
    // Bundesregierung"); "May" in a date is the month.
    const inName = capital && names.some((n) => n.size > 1 && n.has(lower) && n.values().next().value !== lower);
    if (!w || (QUERY_WORDS_DROPPED.has(lower.replace(/'/g, '’')) && !inName && !(w === 'May' && i > 0))) continue;
    const last = terms[terms.length - 1];
    // A number right after a capitalised word is part of its name ("District 3", "Apollo 11"), not after a month ("March 3").
    const gap = i > 0 ? text.slice(found[i - 1]!.index + found[i - 1]![0].length, found[i]!.index) : '';
    const afterMonth = last !== undefined && MONTH_NUMBERS.has(last.text.toLowerCase());
    // A day after its month is a date ("March 3"), searched as one term.
    if (afterMonth && /^\d{1,2}$/.test(w) && gap === ' ' && last.kind === 'word') {
      last.text = `${last.text} ${w}`;
      last.kind = 'year';
      continue;
    }
    if (
      last &&
      !afterMonth &&
      /^\p{Lu}/u.test(last.text) &&
      /^\d{1,3}$/.test(w) &&
      gap === ' ' &&
      last.text.endsWith(words[i - 1]!)
    ) {
      last.text = `${last.text} ${w}`;
      last.kind = 'name';
      last.name ??= names.length + i;
      continue;
    }
    if (YEAR.test(w)) terms.push({ text: w, kind: 'year' });
    else if (DIGIT.test(w)) {
      // A figure with its unit or counted word ("260,000 volumes", "5 km").
      const unit = words[i + 1];
      const unitOk = unit && !DIGIT.test(unit) && !QUERY_WORDS_DROPPED.has(unit.toLowerCase());
      terms.push({ text: unitOk ? `${w} ${unit}` : w, kind: 'figure' });
    } else {
      const key = lower.replace(/\./g, '');
      let name = capital ? names.findIndex((n) => n.has(key) || n.has(lower)) : -1;
      // A capitalised word opening the claim is a name when the page's title has it ("Exampleville had…"),
      // or when a verb of speech follows it ("Roscosmos said…": who speaks is named).
      const speaks = () => SPEAKS.test(text.slice(found[i]!.index + found[i]![0].length));
      if (name < 0 && terms.length === 0 && /^\p{Lu}/u.test(w) && (titleWords.has(lower) || speaks())) name = names.length;
      terms.push(name >= 0 ? { text: w, kind: 'name', name } : { text: w, kind: 'word' });
    }
  }
  // A figure's unit is in the figure: the same word is not a term again right after it.
  return terms.filter((t, i) => !(i > 0 && terms[i - 1]!.kind === 'figure' && terms[i - 1]!.text.endsWith(` ${t.text}`)));
}

/** Terms joined into a query, each once, within the caps. */
function joined(terms: Term[], maxWords: number = QUERY_CAPS.words): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of terms) {
    const key = t.text.toLowerCase();
    const parts = t.text.split(' ');
    if (seen.has(key)) continue;
    if (out.length + parts.length > maxWords) break;
    seen.add(key);
    out.push(...parts);
  }
  return capQuery(out.join(' '));
}

/** At most QUERY_CAPS.words words and QUERY_CAPS.chars characters, cut at a word. */
function capQuery(q: string): string {
  const words = q.split(/\s+/).filter(Boolean).slice(0, QUERY_CAPS.words);
  while (words.join(' ').length > QUERY_CAPS.chars) words.pop();
  return words.join(' ');
}

/** The terms a short query keeps first: the subject's words, other names, figures and years, then the longest words. */
function strongest(terms: Term[], subject: number): Term[] {
  const rank = (t: Term) =>
    t.kind === 'name' && t.name === subject && subject >= 0
      ? 0
      : t.kind === 'name'
        ? 1
        : t.kind === 'figure' || t.kind === 'year'
          ? 2
          : 3;
  return terms
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || (rank(a.t) === 3 ? b.t.text.length - a.t.text.length : 0) || a.i - b.i)
    .map((x) => x.t);
}

/** Distinct, non-empty queries, at most QUERY_CAPS.queries. */
function distinct(queries: string[]): string[] {
  const seen = new Set<string>();
  return queries
    .filter((q) => {
      const key = q.toLowerCase().split(' ').sort().join(' ');
      if (!q || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, QUERY_CAPS.queries);
}

/**
 * The code's queries for a claim: for any-word engines its keywords (names and figures kept first
 * when over the cap), its figure or date with its subject, and its subject's key terms with the
 * page's year when it holds "now" ("is currently the publisher"); for every-word engines the
 * subject with its strongest terms, then the subject alone.
 */
export function planClaimQueries(claim: PlannedClaim, page: PageContext = {}): ClaimQueries {
  const text = searchableText(claim);
  const titleWords = new Set((page.title ?? '').toLowerCase().match(WORD) ?? []);
  const own = termsOf(text, titleWords);
  // A claim that names nothing, or whose reference the page did not resolve ("The winner advances…"),
  // is searched with its page's subject: the title's words it does not have, first.
  const named = own.some((t) => t.kind === 'name');
  const ownWords = new Set(own.map((t) => t.text.toLowerCase()));
  const context =
    (!named || claim.needsContext) && page.title
      ? termsOf(searchableText({ text: page.title }))
          .filter((t) => !ownWords.has(t.text.toLowerCase()))
          .slice(0, TITLE_WORDS)
          .map((t) => ({ ...t, kind: 'name' as const, name: -2 }))
      : [];
  const terms = [...context, ...own];
  // The subject: the claim's first name, as written there (its words in a row); a lone demonym yields to a later name.
  const lone = (i: number) =>
    DEMONYM.test(terms[i]!.text) && terms[i - 1]?.name !== terms[i]!.name && terms[i + 1]?.name !== terms[i]!.name;
  const names = terms.flatMap((t, i) => (t.kind === 'name' ? [i] : []));
  const first = names.find((i) => !lone(i)) ?? names[0] ?? -1;
  const subjectIndex = first >= 0 ? terms[first]!.name! : -1;
  let end = first;
  while (end >= 0 && terms[end + 1]?.kind === 'name' && terms[end + 1]!.name === subjectIndex) end++;
  const subjectTerms = first >= 0 ? terms.slice(first, end + 1) : [];
  const subject = subjectTerms.length > 0 ? subjectTerms.map((t) => t.text).join(' ') : undefined;
  const ordered = strongest(terms, subjectIndex);
  const content = terms.filter((t) => t.kind === 'word');
  const keyWords = strongest(content, -1).slice(0, 3);
  const figures = terms.filter((t) => t.kind === 'figure' || t.kind === 'year');
  const year = page.published?.match(/^\d{4}/)?.[0];
  const timeBound = year && NOW_WORDS.test(claim.text) && !terms.some((t) => t.kind === 'year');

  // Any-word engines: the claim's keywords in its order (names and figures kept first when over the cap).
  const keep = new Set(ordered.slice(0, QUERY_CAPS.words));
  const any = [
    joined(terms.filter((t) => keep.has(t))),
    ...(figures.length > 0 ? [joined([...subjectTerms, ...figures, ...keyWords])] : []),
    ...(timeBound ? [joined([...subjectTerms, ...keyWords, { text: year, kind: 'year' }])] : []),
  ];
  // Every-word engines: the subject and its strongest terms, then the subject alone (its article).
  const every = [joined(ordered, EVERY_WORDS), ...(subjectTerms.length > 0 ? [joined(subjectTerms)] : [joined(ordered, 2)])];
  return { any: distinct(any), every: distinct(every), ...(subject ? { subject } : {}), by: 'code', notes: [] };
}

/** The queries a provider is asked for a claim: the short, entity-first ones where it needs every word on the page. */
export function queriesFor(plan: ClaimQueries, provider: { limits: { matches: 'every' | 'any' } }): string[] {
  return provider.limits.matches === 'every' ? plan.every : plan.any;
}

/**
 * The model's queries for a claim when the code's checks pass, else the code's: each query within
 * the caps, not empty, not a repeat, every capitalised word and every number in it from the claim.
 * One query that fails the checks is dropped; none left gives the code's plan, with why.
 */
export function disposeModelQueries(claim: PlannedClaim, proposed: unknown[] | undefined, page: PageContext = {}): ClaimQueries {
  const code = planClaimQueries(claim, page);
  if (!proposed || proposed.length === 0) return code;
  const claimWords = new Set((claim.text.match(WORD) ?? []).map((w) => w.replace(/['’]s$/u, '').toLowerCase()));
  const claimNumbers = new Set((claim.text.match(/\d+(?:[.,]\d+)*/g) ?? []).map(numberKey));
  const notes: string[] = [];
  const taken: string[] = [];
  for (const q of proposed) {
    if (typeof q !== 'string') {
      notes.push('a query that was not text was dropped');
      continue;
    }
    const clean = q.replace(/\s+/g, ' ').trim();
    const words = clean.match(WORD) ?? [];
    if (words.length === 0) continue;
    if (words.length > QUERY_CAPS.words || clean.length > QUERY_CAPS.chars) {
      notes.push(`the model's query "${clean.slice(0, 60)}" is over ${QUERY_CAPS.words} words or ${QUERY_CAPS.chars} characters`);
      continue;
    }
    const added = words.filter(
      (w) =>
        (/^\p{Lu}/u.test(w) && !claimWords.has(w.replace(/['’]s$/u, '').toLowerCase())) ||
        (DIGIT.test(w) && !(w.match(/\d+(?:[.,]\d+)*/g) ?? []).every((n) => claimNumbers.has(numberKey(n)))),
    );
    if (added.length > 0) {
      notes.push(`the model's query "${clean.slice(0, 60)}" adds ${added.join(', ')}, which the claim does not state`);
      continue;
    }
    taken.push(clean.replace(/["“”]/g, ''));
  }
  const any = distinct(taken);
  if (any.length === 0) return { ...code, notes: [...notes, "none of the model's queries passed: the code's were asked"] };
  // The model's queries serve the any-word engines; every-word engines keep the code's short ones.
  return { ...code, any, by: 'model', notes };
}
