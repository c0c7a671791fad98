/**
 * Who and what the page's names are: a name's kind (a person or a thing), the full name each
 * surname stands for, places and lone names, and ships, which English calls "she".
 */
import { OPENERS, openingAt, patternsOf, THING_PARTICLES, THING_WORDS, type Lexicon } from './lexicon';

/** A ship's name by its prefix (HMAS Brisbane, USS Enterprise): English writes "she" for a ship. */
export const SHIP = /^(?:HMAS|HMS|HMCS|HMNZS|USS|USNS|SS|RMS|MS|MV|INS|SMS|RV|HNLMS|FS)\s+\p{Lu}/u;

/** A name's kind from its words and where the page puts it. */
export function kindOf(
  name: string,
  page: { places: ReadonlySet<string>; surnames: ReadonlyMap<string, unknown>; articled: ReadonlySet<string> },
): 'person' | 'thing' {
  const words = name.split(' ');
  if (words.some((w) => THING_WORDS.has(w.replace(/['’]s$/, '')) || THING_PARTICLES.has(w))) return 'thing';
  if (words[0] === 'The' || page.places.has(name) || page.articled.has(name)) return 'thing';
  // An owner and what it owns ("Haoyu’s Chinese comics", "DoctorX’s Barcelona") is the thing owned.
  if (/\p{L}['’]s\s/u.test(name)) return 'thing';
  // A name that opens with a place of two words or more the page names is that place's thing ("New
  // Zealand English", "New York Times"); a one-word "place" is too often a person given something ("to Samus").
  for (let k = 2; k < words.length; k++) if (page.places.has(words.slice(0, k).join(' '))) return 'thing';
  // A name that opens with a point of the compass is a place ("South Sudan", "Nordrhein", "Nueva Gales"), never a person.
  if (COMPASS.test(words[0]!)) return 'thing';
  if (words.some((w) => /^\p{Lu}{2,}$/u.test(w) || /\d/.test(w))) return 'thing';
  if (words.length >= 2 && words.length <= 4) return 'person';
  return page.surnames.has(name) ? 'person' : 'thing';
}

/** Words of the compass that open place names, in the four languages. */
const COMPASS =
  /^(?:North|South|East|West|Northern|Southern|Eastern|Western|Central|Upper|Lower|Nord|Süd|Ost|Sud|Est|Ouest|Norte|Sur|Este|Oeste)$/u;

/**
 * Adds each surname of the page with the full name of its first mention, in page order, to
 * `surnames`. Two people of one surname (Bill and Hillary Clinton): the surname alone names neither.
 */
export function addFullNames(
  surnames: Map<string, { name: string; start: number }>,
  sentences: Array<[number, number]>,
  perSentence: Array<Array<{ name: string; at: number }>>,
  isPerson: (name: string) => boolean,
): void {
  const shared = new Set<string>();
  sentences.forEach(([s], i) => {
    for (const { name, at } of perSentence[i]!) {
      const words = name.split(' ');
      // A full name starts with a given name, not an initial ("W. Bush" is a name read from its middle),
      // and has no owner in it ("Verizon’s Yahoo" is Yahoo, owned: not a Mr Yahoo).
      const owned = /['’]s\s/u.test(name);
      if (words.length < 2 || /^\p{Lu}\.$/u.test(words[0]!) || owned || !isPerson(name)) continue;
      const surname = words[words.length - 1]!;
      const known = surnames.get(surname);
      // One name inside the other is one person with a word before the name: a sentence's opening
      // word ("Enter Stuart R. Kaplan", a stage direction) or a title. The shorter is the name.
      const within = known && (known.name.endsWith(` ${name}`) || name.endsWith(` ${known.name}`));
      // Two other full names share the surname, which then names neither; but the page's own
      // subject (from its title, start -1) keeps its surname.
      if (!known) surnames.set(surname, { name, start: s + at });
      else if (within) {
        if (name.length < known.name.length) surnames.set(surname, { name, start: known.start });
      } else if (known.start >= 0 && known.name.split(' ')[0] !== words[0]) shared.add(surname);
    }
  });
  for (const surname of shared) surnames.delete(surname);
}

/** What `readNameKinds` reads of the page and fills in (page.ts's Page has it all). */
interface NamesRead {
  lex: Lexicon;
  sentences: Array<[number, number]>;
  names: Array<Array<{ name: string; at: number }>>;
  lowerWords: ReadonlySet<string>;
  places: Set<string>;
  articled: Set<string>;
  proper: Set<string>;
}

/**
 * What the names written on the page are, read once before the subjects: places (after a preposition of
 * place), names written after an article, and lone words that are names. Returns every word of a name
 * written inside a sentence.
 */
export function readNameKinds(page: NamesRead, text: string, title: string): Set<string> {
  const { lowerWords, sentences, names: perSentence } = page;
  const { locative, article } = patternsOf(page.lex);
  for (const w of title.split(' ')) if (/^\p{Lu}\p{Ll}+$/u.test(w) && !lowerWords.has(w.toLowerCase())) page.proper.add(w);
  /** Every word of a name written inside a sentence; lone words seen opening a sentence. */
  const inNames = new Set<string>();
  const heads = new Set<string>();
  sentences.forEach(([s, e], i) => {
    const head = s + openingAt(text.slice(s, Math.min(e, s + 8)));
    let place = -1; // where the last place named in the sentence ends ("in Osborne, South Australia": both places)
    for (const { name, at } of perSentence[i]!) {
      const before = text.slice(Math.max(0, s + at - 12), s + at);
      // A name after a place and a comma is a wider place when the place's phrase goes on or ends
      // with it ("in Brooklyn, New York on 2 October", "in Osborne, South Australia, where…"), not
      // when a verb follows ("in Barcelona, Cristina Gil Lladanosa tears open…").
      const wider =
        place >= 0 && /^,\s*$/.test(text.slice(place, s + at)) && endsPlace(page, text.slice(s + at + name.length, e));
      if (locative.test(before) || wider) {
        page.places.add(name);
        place = s + at + name.length;
      }
      if (article.test(before)) page.articled.add(name);
      // A lone word opening two sentences bare, never written in lower case, is a name ("Exampleville is… Exampleville had…").
      const lone = !name.includes(' ') && !OPENERS.has(name) && !/ly$/.test(name) && !lowerWords.has(name.toLowerCase());
      if (s + at === head && lone) (heads.has(name) ? page.proper : heads).add(name);
      if (s + at === head) continue;
      if (!name.includes(' ')) page.proper.add(name);
      for (const w of name.split(' ')) inNames.add(w);
    }
  });
  return inNames;
}

/** Whether `after`, the text after a name, ends a place's phrase: punctuation, the sentence's end, or a preposition or "and". */
function endsPlace(page: NamesRead, after: string): boolean {
  const next = /^\s*(\p{Ll}+|[^\s\p{L}]|$)/u.exec(after)?.[1];
  if (next === undefined) return false;
  return !/^\p{Ll}/u.test(next) || page.lex.intro.has(next) || page.lex.locative.has(next) || next === 'and' || next === 'or';
}
