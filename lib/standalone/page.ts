/**
 * The page as the standalone forms read it, once: its sentences, the names in each, which name each
 * sentence is about, surnames and the title's subject; and which named thing a reference stands for.
 */
import { languageOf, type Language } from '../text/language';
import {
  LEXICONS,
  namesIn,
  namePairsIn,
  openingAt,
  pronounCounts,
  titleIsName,
  titleName,
  titleNames,
  type Gender,
  type Lexicon,
} from './lexicon';
import { addFullNames, kindOf, readNameKinds, SHIP } from './names';
import { sentenceSpans } from '../text/sentences';
import { titleGenderBefore } from './titles';
import { CONTRACTION, insideQuotation, openingReference, type Reference } from './references';

/** What the page says around its claims. */
export interface StandaloneContext {
  /** The page's main text; the claims' offsets are into it. */
  text: string;
  /** The page's title, perhaps with a " - Site" or " | Site" suffix (stripped by its punctuation). */
  title: string;
  /** The page's publication date, ISO, or null when the page has none. */
  published: string | null;
  /** The page's language; detected from the text when absent, English when the text does not say. */
  lang?: Language;
}

export interface Entity {
  name: string;
  kind: 'person' | 'thing';
  gender?: Gender;
}

/** How many sentences back a reference may look for what it stands for. */
export const LOOK_BACK = 2;
/** How far back a gendered pronoun may find the last person who was a subject. */
const FAR_LOOK_BACK = 6;

/** A sentence's subject: in which sentence, and whether named there (not only a pronoun). */
type Center = Entity & { at: number; explicit: boolean };

/** A capitalised name in the page. */
interface Mention {
  name: string;
  start: number;
  sentence: number;
  /** At the head of its sentence (or right after an introductory phrase): the sentence's subject. */
  subject: boolean;
  /** How many times the page has written this name, up to and including here. */
  seen: number;
}

/** The page read once. */
export interface Page {
  lang: Language;
  lex: Lexicon;
  sentences: Array<[number, number]>;
  /** Mentions in page order. */
  mentions: Mention[];
  /** Per sentence, the last person and the last thing that were a subject, up to and including it. */
  centers: Array<{ person?: Center; thing?: Center }>;
  /** Surname → the first full name that ends with it, and where it stands (-1: the title). */
  surnames: Map<string, { name: string; start: number }>;
  /** The page's own subject, from its title; undefined when the title is not a name (a headline). */
  subject?: Entity;
  /** Names that stood after a preposition of place somewhere on the page. */
  places: Set<string>;
  /** Names that stood after an article ("the Lowell Mill"): things, since people take none. */
  articled: Set<string>;
  /** Lone capitalised words that are names: the page writes them capitalised inside a sentence, or the title has them. */
  proper: Set<string>;
  /** Per sentence, its names and the reference it opens with, for a claim that is that sentence as written. */
  names: Array<Array<{ name: string; at: number }>>;
  refs: Array<Reference | null>;
  /** Words the page writes in lower case somewhere (a capitalised one at a sentence's head is then a common word). */
  lowerWords: Set<string>;
  /** Two capitalised words the page writes inside a sentence ("New Zealand"): a name, at a sentence's head too. */
  namePairs: Set<string>;
  /** Names a reference was resolved to, and whether the page writes them after "the" more often than not (read as claims need them). */
  withThe: Map<string, boolean>;
  /** Per person's name, how often the page has said "he" and "she" of them so far (see `genderOf`). */
  genders: Map<string, { m: number; f: number }>;
  /** Per person's name, the gender a title written before it said ("Mrs. Ward"; see `genderOf`). */
  titled: Map<string, Gender>;
}

/** Which named thing a reference stands for, looking back from sentence `index` (exclusive). */
export function antecedent(page: Page, index: number, ref: Reference, mentionsUpTo: number): Entity | null {
  // A pronoun does not stand for a name its own sentence writes ("She left with Waite" is not Waite).
  const namedHere = (e: Entity) =>
    ref.kind === 'pronoun' && (page.names[index]?.some((n) => sameEntity(page, n.name, e.name)) ?? false);
  const fits = (e: Entity | undefined) =>
    e !== undefined &&
    (ref.fit === 'any' || e.kind === ref.fit || (ref.gender === 'f' && SHIP.test(e.name))) &&
    !(ref.gender && e.kind === 'person' && ref.gender !== (e.gender ?? genderOf(page, e.name) ?? ref.gender)) &&
    !namedHere(e) &&
    (!ref.plural || page.lang === 'de' || PLURAL_NAME.test(e.name) || e === page.subject);
  // A bare reference's noun ("the film", "der Konzern") describes the page's subject when the page
  // has one that fits; a pronoun follows the sentences before it first.
  if (ref.kind === 'reference' && fits(page.subject)) return page.subject!;
  const center = index > 0 ? page.centers[index - 1] : undefined;
  const recent = [center?.person, center?.thing]
    .filter((e): e is Center => e !== undefined && index - e.at <= LOOK_BACK && fits(e))
    .sort((a, b) => b.at - a.at);
  // The subject named in the sentence just before wins; a subject only carried on by pronouns
  // yields to the page's own subject, so one wrong guess does not run on down the page.
  const named = recent.find((e) => e.explicit && index - e.at === 1);
  if (named) return named;
  // "They" stands for a name in the singular ("Energy Control… They also receive…") only when it was
  // named just before, or is the page's own subject (a band's, a team's page).
  if (ref.plural) {
    const just = center?.thing;
    if (just && just.explicit && index - just.at === 1 && (ref.fit === 'any' || just.kind === ref.fit) && !namedHere(just))
      return just;
  }
  if (fits(page.subject)) return page.subject!;
  if (recent[0]) return recent[0];
  // The same pronoun opened the sentence before and stood for no one found: this one means whom that one did.
  const before = index > 0 ? page.refs[index - 1] : null;
  if (
    before?.kind === 'pronoun' &&
    !before.owns &&
    before.gender === ref.gender &&
    ref.gender &&
    center?.person?.at !== index - 1
  )
    return null;
  for (let i = mentionsUpTo - 1; i >= 0; i--) {
    const m = page.mentions[i]!;
    if (index - m.sentence > LOOK_BACK) break;
    // Looking back past the subjects, only a multiword name or a known surname is sure to be a name.
    if (!m.name.includes(' ') && !page.surnames.has(m.name)) continue;
    // "It" and "they" stand for a name looked back to only when the page has written it twice: one
    // mentioned once in passing ("presented at a meeting of the American Academy of Allergy. It
    // found…") is not what the text is about.
    if (ref.kind === 'pronoun' && ref.fit !== 'person' && m.seen < 2) continue;
    // A bare reference ("the city") stands for a name looked back to only when the name says it is one ("New York City"): a
    // festival or a district named on the way is no "movie" or "city".
    if (ref.noun && !m.name.toLowerCase().split(' ').includes(ref.noun)) continue;
    const entity = entityOf(page, m.name, m.start);
    if (fits(entity)) return entity;
  }
  // "He" and "she" say whom they mean more than "it" does: with nothing nearer, the last person who
  // was a subject a few sentences up is still the one a reader takes them for.
  const person = center?.person;
  if (ref.gender && person && index - person.at <= FAR_LOOK_BACK && fits(person)) return person;
  return null;
}

/**
 * Whether a pronoun in an opening clause stands for the subject named right after the clause ("As
 * she works through…, Cyd unwinds…", "While he doesn’t… — Bassi keeps…", "In her book…, Rebecca
 * Solnit wrote"): the clause opens with a word of the language's introductory phrases (not a linker
 * such as "Then"), and no comma or dash stands between it and the pronoun. The sentence says whom it
 * means, and stands as written.
 */
export function cataphoric(
  page: Page,
  sentence: string,
  ref: Reference,
  names: ReadonlyArray<{ name: string; at: number }>,
): boolean {
  const head = openingAt(sentence);
  const first = sentence
    .slice(head)
    .match(/^\p{L}+/u)?.[0]
    .toLowerCase();
  if (ref.start <= head || !first || !page.lex.intro.has(first) || page.lex.linkers?.has(first)) return false;
  if (/[,;:—–]/u.test(sentence.slice(head, ref.start))) return false;
  return names.some((n) => {
    if (n.at < ref.end || !/[,—–]\s*$/u.test(sentence.slice(ref.end, n.at))) return false;
    // The name is the subject of what follows: a word in lower case (its verb), perhaps after an aside.
    if (!/^\s*(?:,[^,]{1,60},\s*)?\p{Ll}/u.test(sentence.slice(n.at + n.name.length))) return false;
    const e = entityOf(page, n.name);
    const gender = genderOf(page, e.name);
    // A lone word the page writes as a name ("Cyd") may be a person's first name.
    const lone = ref.fit === 'person' && !n.name.includes(' ') && page.proper.has(n.name) && !page.places.has(n.name);
    return (ref.fit === 'any' || e.kind === ref.fit || lone) && !(ref.gender && gender && gender !== ref.gender);
  });
}

/** Whether `name`, as written in a sentence, names `full`: the same name, its surname, or one of its words alone. */
function sameEntity(page: Page, name: string, full: string): boolean {
  if (name === full || page.surnames.get(name)?.name === full) return true;
  return !name.includes(' ') && full.split(' ').includes(name);
}

/**
 * The gender the page has given a person: "he" or "she" said of them (a pronoun resolved to them,
 * or "his", "himself", "herself" in a sentence they are the only name in and the subject of), a
 * title in their name ("Mr", "Mrs"), or else what it said of others with their first name.
 * Undefined when the page has said neither, or both alike.
 */
export function genderOf(page: Page, name: string): Gender | undefined {
  const titled = page.titled.get(name);
  if (titled) return titled;
  const said = saidOf(page.genders.get(name));
  if (said || !name.includes(' ')) return said;
  // Else the gender of others the page gives the same first name ("Arthur Wesley Dowell" beside "Arthur Edward Waite").
  const given = name.slice(0, name.indexOf(' ') + 1);
  const others = new Set<Gender | undefined>();
  for (const [other, counts] of page.genders) if (other !== name && other.startsWith(given)) others.add(saidOf(counts));
  return others.size === 1 ? [...others][0] : undefined;
}

const saidOf = (said: { m: number; f: number } | undefined): Gender | undefined =>
  !said ? undefined : said.m > 2 * said.f ? 'm' : said.f > 2 * said.m ? 'f' : undefined;

/** Notes the gender a title ending `before`, the text right before `name`, says of the person it names ("Mrs. Ward"). */
function sayTitle(page: Page, before: string, name: string, start: number): void {
  const gender = titleGenderBefore(before);
  if (gender) page.titled.set(entityOf(page, name, start).name, gender);
}

/** Whether `after`, the text right after a name, opens with a noun of the page's lexicon, singular or plural. */
function nounAfter(page: Page, after: string): boolean {
  const word = /^\s+(\p{Ll}+)/u.exec(after)?.[1];
  return !!word && (page.lex.nouns.has(word) || (word.endsWith('s') && page.lex.nouns.has(word.slice(0, -1))));
}

/** Counts one "he" or "she" said of `name`. */
function sayGender(page: Page, name: string, gender: Gender): void {
  const said = page.genders.get(name) ?? { m: 0, f: 0 };
  said[gender]++;
  page.genders.set(name, said);
}

/** A named subject who is the only name in their sentence owns its "his", "himself", "herself": the page says their gender. */
function sayOwned(page: Page, sentence: string, names: ReadonlyArray<{ name: string; at: number }>, owner: Entity): void {
  const { owned, ownedGender } = page.lex;
  if (owner.kind !== 'person' || !owned || !ownedGender) return;
  // Only the words between the owner's name and the next other name are surely the owner's ("Marco
  // has earned his success…"); after another name ("…the money Marco makes from his podcast") they may be theirs.
  const own = names.find((n) => sameEntity(page, n.name, owner.name));
  if (!own) return;
  const next = names.find((n) => n.at > own.at && !sameEntity(page, n.name, owner.name));
  const span = sentence.slice(own.at, next ? next.at : sentence.length);
  for (const m of span.matchAll(owned))
    if (!insideQuotation(sentence, own.at + m.index)) sayGender(page, owner.name, ownedGender[m[0].toLowerCase()]!);
}

/** A name in the plural ("The Space Pirates", "Whole Foods", "MozCamps"; not "Progress", "Paris"): its last word ends in -s or -x. */
const PLURAL_NAME = /(?:[^sui'’]s|x)$/u;

/** A name as an entity, a surname widened to its full name. */
function entityOf(page: Page, name: string, at = Infinity): Entity {
  // Widened only to a full name written before it ("Alden" all chapter long is not the "Other Alden" of a closing note).
  const known = page.surnames.get(name);
  const full = known && known.start < at ? known.name : name;
  return { name: full, kind: kindOf(full, page) };
}

/** Reads the page once: sentences, names, subjects, surnames, the title's subject. */
export function readPage(ctx: StandaloneContext): Page {
  const lang = ctx.lang ?? languageOf(ctx.text.slice(0, 5000)) ?? 'en';
  const lex = LEXICONS[lang];
  const text = ctx.text;
  const sentences = sentenceSpans(text);
  const lowerWords = new Set(text.match(/(?<![\p{L}])\p{Ll}[\p{L}]*/gu) ?? []);
  const page: Page = {
    lang,
    lex,
    sentences,
    mentions: [],
    centers: [],
    surnames: new Map(),
    places: new Set(),
    articled: new Set(),
    proper: new Set(),
    names: [],
    refs: [],
    lowerWords,
    namePairs: namePairsIn(text),
    withThe: new Map(),
    genders: new Map(),
    titled: new Map(),
  };

  const perSentence = sentences.map(([s, e]) => namesIn(text.slice(s, e), lowerWords, page.namePairs));
  page.names = perSentence;
  const title = titleName(ctx.title);
  const inNames = readNameKinds(page, text, title);

  const counts = pronounCounts(text, lex);
  if (title && titleIsName(title) && titleNames(title, text, (w) => inNames.has(w) || !lowerWords.has(w.toLowerCase()))) {
    // A person's page says "he" or "she" more than "it", and its title is shaped as a person's name.
    const personal = counts.m + counts.f > counts.thing && kindOf(title, page) === 'person';
    const kind = personal ? 'person' : 'thing';
    const gender: Gender | undefined = counts.m > 2 * counts.f ? 'm' : counts.f > 2 * counts.m ? 'f' : undefined;
    page.subject = { name: title, kind, gender: kind === 'person' ? gender : undefined };
    const words = title.split(' ');
    if (personal && words.length >= 2) page.surnames.set(words[words.length - 1]!, { name: title, start: -1 });
  }
  // Full names first, so a surname at a sentence's head already knows its person. A last word the
  // page writes after an article ("the Israeli election", "the Obama administration") is used there as
  // a word of its own: "Arab Israeli" is then no person whose "Israeli" stands for the whole name.
  addFullNames(
    page.surnames,
    sentences,
    perSentence,
    (name) => kindOf(name, page) === 'person' && !page.articled.has(name.slice(name.lastIndexOf(' ') + 1)),
  );

  let person: Center | undefined;
  let thing: Center | undefined;
  const written = new Map<string, number>();
  sentences.forEach(([s, e], i) => {
    const sentence = text.slice(s, e);
    const head = openingAt(sentence);
    const names = perSentence[i]!;
    const ref = openingReference(sentence, lex, lang);
    page.refs.push(ref);
    const mentionsUpTo = page.mentions.length;
    let subject: Entity | null = null;
    let explicit = false;
    // A name with its article ("Die Siemens AG ist…", "The Kingsmen were…") is a subject too.
    const article = sentence.slice(head).match(/^(\p{L}+)\s+(?=\p{Lu})/u);
    const named = article && lex.articles.has(article[1]!.toLowerCase()) ? head + article[0].length : head;
    for (const { name, at } of names) {
      // A word with a verb contracted onto it ("I’m", "They’re", "We’ve"; not an owner's "’s") names no one.
      const verb = CONTRACTION.exec(name)?.[2];
      if (verb && verb.toLowerCase() !== 's') continue;
      // German writes every noun capitalised: there a lone word is a name only when it is a known surname.
      if (lang === 'de' && !name.includes(' ') && !page.surnames.has(name)) continue;
      // A name right before a noun of the lexicon ("Obama administration officials", "the Apple
      // company") describes that noun, which is the subject.
      const modifier = nounAfter(page, sentence.slice(at + name.length));
      const isSubject =
        !modifier &&
        (at === head ||
          at === named ||
          (ref === null && at <= 60 && /,\s*$/.test(sentence.slice(0, at)) && !names.some((n) => n.at < at && n.at !== head)));
      const seen = (written.get(name) ?? 0) + 1;
      written.set(name, seen);
      page.mentions.push({ name, start: s + at, sentence: i, subject: isSubject, seen });
      sayTitle(page, sentence.slice(Math.max(0, at - 10), at), name, s + at);
      // A lone word at a sentence's head is a sure name only when it is a known surname ("Eventually",
      // "Although" and demonyms open sentences capitalised), or one the page writes capitalised inside
      // its sentences, opening the sentence bare ("Exampleville had…", not "The Kenyan site…").
      const sure = name.includes(' ') || page.surnames.has(name) || (at === head && page.proper.has(name));
      if (isSubject && !subject && sure) [subject, explicit] = [entityOf(page, name, s + at), true];
    }
    // A reference the name replaces whole ("He", "They’re" → "X are"), not an owner ("His" → "X's"), carries the subject on.
    if (!subject && ref && !ref.unresolvable && !ref.owns) {
      const found = antecedent(page, i, ref, mentionsUpTo);
      // What a gendered pronoun stood for now has that gender.
      if (found) subject = ref.gender && found.kind === 'person' ? { ...found, gender: found.gender ?? ref.gender } : found;
      // Said of them only outside quoted words: a speaker's "he" is often another man.
      if (found && ref.gender && found.kind === 'person' && !insideQuotation(sentence, ref.start))
        sayGender(page, found.name, ref.gender);
    }
    if (explicit && subject) sayOwned(page, sentence, names, subject);
    if (subject?.kind === 'person') person = { ...subject, at: i, explicit };
    else if (subject) thing = { ...subject, at: i, explicit };
    page.centers.push({ person, thing });
  });
  return page;
}
