/**
 * Names in their other forms: an acronym or a chemical formula and what it stands for ("UN" /
 * "United Nations" / "Vereinte Nationen", "CO2" / "carbon dioxide"), from the table compiled by
 * scripts/build-aliases.ts (WordNet's synsets and a small table of formulas and translations); and
 * a person's surname standing for the full name the same passage writes ("Merkel" after "Angela Merkel").
 */
import data from './alias-data.json';
import { normalizeText } from '../text/normalize';
import { words as wordsIn } from '../text/tokens';
import { synonymGroups } from './lexicon';
import { quantitiesIn } from './quantities';

/** A form of a name found in a text. */
export interface AliasMention {
  /** The table's group: two mentions of one group name one thing. */
  group: number;
  /** As written. */
  text: string;
  at: number;
}

const table = data as { source: string; groups: string[][] };

/** A form written as is, case and all: an acronym ("US", "U.S.") or a formula ("CO2"); lower case it is another word ("us"). */
const isExact = (form: string) =>
  !/\s/.test(form) && !/\p{Ll}{2}/u.test(form) && (/\d/.test(form) || /\p{Lu}.*\p{Lu}/u.test(form));
const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Acronyms and formulas without their dots ("US" for "U.S."), as written → group. */
const EXACT = new Map<string, number>();
/** Written-out names by their first word (lower case) → their words and group, longest first. */
const BY_FIRST = new Map<string, { words: string[]; group: number }[]>();
table.groups.forEach((forms, group) => {
  for (const form of forms) {
    if (isExact(form)) EXACT.set(form.replace(/\./g, ''), group);
    else {
      const ws = wordsOf(form);
      if (ws.length === 0) continue;
      const list = BY_FIRST.get(ws[0]!) ?? [];
      list.push({ words: ws, group });
      list.sort((a, b) => b.words.length - a.words.length);
      BY_FIRST.set(ws[0]!, list);
    }
  }
});

/** The names of a text (as written, case matters) that the table knows, in any of their forms. */
export function aliasesIn(text: string): AliasMention[] {
  const t = text.normalize('NFKC');
  const out: AliasMention[] = [];
  for (const m of t.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}](?:[\p{L}\p{N}]|\.(?=[\p{L}\p{N}]))*\.?/gu)) {
    const group = EXACT.get(m[0].includes('.') ? m[0].replace(/\./g, '') : m[0]);
    if (group !== undefined && isExact(m[0])) out.push({ group, text: m[0], at: m.index ?? 0 });
  }
  // The words (lower case) and where each starts and ends.
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of t.matchAll(/[\p{L}\p{N}]+/gu)) {
    words.push(m[0].toLowerCase());
    starts.push(m.index ?? 0);
    ends.push((m.index ?? 0) + m[0].length);
  }
  for (let i = 0; i < words.length; i++) {
    const hit = BY_FIRST.get(words[i]!)?.find((f) => f.words.every((w, k) => words[i + k] === w));
    if (!hit) continue;
    out.push({ group: hit.group, text: t.slice(starts[i], ends[i + hit.words.length - 1]), at: starts[i]! });
    i += hit.words.length - 1;
  }
  return out;
}

/** Where the table comes from, for a reader of a reason. */
export const ALIAS_SOURCE = table.source;

/** A capitalised word that starts no name: a full name is two or three capitalised words, none of these. */
const NOT_FIRST =
  /^(?:The|A|An|In|On|At|Of|For|And|But|By|To|From|With|As|It|This|That|These|Those|He|She|They|We|Mr|Mrs|Ms|Dr|Der|Die|Das|Le|La|Les|El|Los|Las)$/;

/**
 * The full names (two or three capitalised words) of a passage by their last word, lower case:
 * "Angela Merkel" → merkel → ["angela"]. A surname met alone elsewhere in the passage stands for them.
 */
export function fullNamesBySurname(passage: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const text = passage.normalize('NFKC');
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)((?:\s\p{Lu}\.)?(?:\s\p{Lu}\p{Ll}+){1,2})(?![\p{L}\p{N}])/gu)) {
    if (NOT_FIRST.test(m[1]!)) continue;
    const parts = `${m[1]}${m[2]}`.split(/\s+/).filter((p) => !/\.$/.test(p));
    // "Later Merkel left": a sentence's first word is capitalised for that alone when it is a common word.
    const opens = opensSentence(text, m.index);
    if (opens && synonymGroups(parts[0]!).length > 0) parts.shift();
    if (parts.length < 2) continue;
    const surname = parts[parts.length - 1]!.toLowerCase();
    const given = parts.slice(0, -1).map((p) => p.toLowerCase());
    // Two people of one surname in one passage: the surname alone names neither.
    const known = out.get(surname);
    if (known && known.join(' ') !== given.join(' ')) out.set(surname, []);
    else out.set(surname, given);
  }
  for (const [k, v] of out) if (v.length === 0) out.delete(k);
  return out;
}

/** Whether `at` in `text` is its start or follows a sentence's end and a space. */
function opensSentence(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text.slice(0, at);
  const trimmed = before.trimEnd();
  return trimmed.length < before.length && /[.!?]$/.test(trimmed);
}

/**
 * The claim's name words the passage writes in another form: a name the alias table knows in a form
 * the passage has ("United States" for "US"), and a unit inside a figure ("degrees Celsius"; the
 * figure is checked as a quantity).
 */
export function nameWordsMetOtherwise(claim: string, passage: string): Set<string> {
  const named = aliasesIn(claim);
  // The passage's forms are read only when the claim writes a name the table knows.
  const groups = new Set(named.length > 0 ? aliasesIn(passage).map((a) => a.group) : []);
  const out = new Set(named.flatMap((a) => (groups.has(a.group) ? wordsIn(normalizeText(a.text.replace(/\./g, ''))) : [])));
  for (const q of quantitiesIn(claim)) if (q.kind) for (const w of wordsIn(q.surface)) if (/^\p{L}/u.test(w)) out.add(w);
  return out;
}
