/**
 * The reference a sentence opens with ("He", "Its", "The company", "Seine Band", "Son album",
 * "Su álbum", "This"), found by language, and how a name takes its place.
 */
import { MONTH_NUMBERS } from '../dates/dates-text';
import type { Language } from '../text/language';
import { BEFORE_NOUN, openingAt, type Fit, type Gender, type Lexicon } from './lexicon';

/** A reference found in a sentence: where, what it may stand for, and how a name takes its place. */
export interface Reference {
  start: number;
  end: number;
  fit: Fit;
  gender?: Gender;
  /** A plural pronoun ("they", "their"): it stands for a plural name, or for the subject just named. */
  plural?: boolean;
  kind: 'pronoun' | 'reference';
  /** The name takes its place as an owner ("His" → "X's", "Son album" → "Le album de X"): no subject goes on with it. */
  owns?: boolean;
  /** The text that takes the reference's place, given the name. */
  write: (name: string) => string;
  /** A demonstrative standing for a statement ("This resulted in…"): no name can take its place. */
  unresolvable?: boolean;
  /** A bare reference's noun, in lower case ("city" of "The city’s"). */
  noun?: string;
}

/** An English word with a verb contracted onto it ("They’re", "It’s", "I’m"): the word, and what follows the apostrophe. */
export const CONTRACTION = /^(\p{L}+)['’](s|d|ll|re|ve|m)$/iu;

/** English verbs contracted onto a pronoun, by what follows the apostrophe ("’s" and "’d" may each be two). */
const CONTRACTED_VERBS: Record<string, string> = { re: 'are', ve: 'have', ll: 'will', m: 'am' };

/** The possessive of a name in a language ("Hedgecock's", "Hedgecocks"). */
function possessive(lang: Language, name: string): string {
  if (lang === 'de') return /[sßxz]$/.test(name) ? `${name}’` : `${name}s`;
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

/**
 * A French or Spanish possessive turned into an article and "de Name" after the noun, the article's
 * gender from the possessive (French "son/sa/ses") or, where it does not say, from the noun's ending.
 */
function romancePossessive(
  lang: 'fr' | 'es',
  determiner: string,
  rest: string,
): { length: number; write: (name: string) => string } | null {
  const words = rest.match(/^(\p{L}[\p{L}'’-]*)(?:\s+(\p{L}[\p{L}'’-]*))?/u);
  if (!words) return null;
  const takeTwo = BEFORE_NOUN.has(words[1]!.toLowerCase()) && words[2];
  const phrase = takeTwo ? `${words[1]} ${words[2]}` : words[1]!;
  const noun = (takeTwo ? words[2]! : words[1]!).toLowerCase();
  const d = determiner.toLowerCase();
  let article: string;
  if (lang === 'fr') {
    const plural = d === 'ses' || d === 'leurs';
    const vowel = /^[aeiouyhàâéèêëîïôûü]/iu.test(phrase);
    article = plural ? 'les ' : vowel ? 'l’' : d === 'sa' || (d === 'leur' && /e$/.test(noun)) ? 'la ' : 'le ';
  } else {
    const plural = d === 'sus';
    const feminine = /(?:a|as|ión|iones|dad|dades|tad|tud|umbre)$/.test(noun);
    article = plural ? (feminine ? 'las ' : 'los ') : feminine ? 'la ' : 'el ';
  }
  return { length: phrase.length, write: (name) => `${article}${phrase} de ${name}` };
}

/** English's part of a set named before: a count or quantifier, "of", and a demonstrative or "them". */
const PART_OF_SET =
  /^(?:one|two|three|four|five|some|many|most|all|each|both|none|several|few|half|any|either|neither)\s+of\s+(?:these|those|them)(?![\p{L}])/iu;

/** The reference a sentence opens with at `at`, if any. */
function referenceAt(sentence: string, at: number, lex: Lexicon, lang: Language): Reference | null {
  const rest = sentence.slice(at);
  let first = rest.match(/^(\p{L}+(?:['’]\p{L}+)?)/u)?.[1];
  if (!first) return null;
  // An English contraction ("He’d", "It's", "That’s") is the pronoun and its verb: the pronoun is
  // what points back, and a name takes its place before the verb ("Smith’d").
  const split = lang === 'en' ? first.match(CONTRACTION) : null;
  const contracted = split?.[1];
  const base = contracted?.toLowerCase();
  const whole = first;
  if (contracted && base && (lex.pronouns[base] || lex.demonstratives.has(base))) first = contracted;
  const word = first.toLowerCase();
  // A part of a set the sentences before named ("One of these, Solimo, …", "Most of them"): it stands
  // for what they said, as a demonstrative does.
  const part = lang === 'en' ? PART_OF_SET.exec(rest) : null;
  if (part)
    return { start: at, end: at + part[0].length, fit: 'any', kind: 'reference', write: (name) => name, unresolvable: true };
  const after = rest.slice(first.length);
  const next = after.match(/^\s+(\p{L}[\p{L}'’-]*)/u)?.[1];
  const end = at + first.length;

  const pronoun = lex.pronouns[word];
  if (pronoun && /^(?:\s|,|['’]\p{L})/u.test(after)) {
    const expletive = rest.match(lex.expletive);
    if (expletive) return complementReference(sentence, at + expletive[0].length, expletive[0], lex, lang);
    let fit = pronoun.fit;
    let gender = pronoun.gender;
    let plural = pronoun.plural;
    // German "sie" is "she" before a singular verb and "they" before a plural one.
    if (lang === 'de' && word === 'sie' && next && /(?:en|sind|n)$/.test(next))
      [fit, gender, plural] = ['thing', undefined, true];
    // A verb contracted onto the pronoun is written out after the name ("They’re" → "Name are"):
    // "Name’re" is no English word. "’s" and "’d" are left on the name: each may stand for two verbs.
    const verb = first !== whole ? CONTRACTED_VERBS[split![2]!.toLowerCase()] : undefined;
    if (verb)
      return { start: at, end: at + whole.length, fit, gender, plural, kind: 'pronoun', write: (name) => `${name} ${verb}` };
    return { start: at, end, fit, gender, plural, kind: 'pronoun', write: (name) => name };
  }
  const owner = lex.possessives[word];
  if (owner && next) {
    if (lang === 'fr' || lang === 'es') {
      const np = romancePossessive(lang, first, after.trimStart());
      if (!np) return null;
      const gap = after.length - after.trimStart().length;
      return {
        start: at,
        end: end + gap + np.length,
        fit: owner.fit,
        gender: owner.gender,
        plural: owner.plural,
        kind: 'pronoun',
        owns: true,
        write: (name) => np.write(name),
      };
    }
    return {
      start: at,
      end,
      fit: owner.fit,
      gender: owner.gender,
      plural: owner.plural,
      kind: 'pronoun',
      owns: true,
      write: (name) => possessive(lang, name),
    };
  }
  // French "l'entreprise" joins its article to the noun.
  const elided = lang === 'fr' ? first.match(/^(l['’])(\p{L}+)$/u) : null;
  if (elided && lex.nouns.has(elided[2]!.toLowerCase()))
    return bareReference(sentence, at, at + first.length, elided[2]!, lex, lang);
  if ((lex.articles.has(word) || lex.demonstratives.has(word)) && next) {
    const noun = next.replace(/['’]s$/, '');
    const nounEnd = end + (after.length - after.slice(after.indexOf(next)).length) + noun.length;
    if (lex.nouns.has(noun.toLowerCase())) return bareReference(sentence, at, nounEnd, noun, lex, lang);
    if (lex.demonstratives.has(word) && !lex.timeNouns.has(noun.toLowerCase()))
      return { start: at, end, fit: 'any', kind: 'reference', write: (name) => name, unresolvable: true };
    return null;
  }
  // A demonstrative pronoun alone ("This resulted in…", "That’s", "Cela", "Esto", "Dies") stands for a statement.
  if (lex.demonstratives.has(word) || /^(?:dies|das|cela|ceci|ça|esto|eso)$/.test(word)) {
    if (next && lex.timeNouns.has(next.toLowerCase())) return null;
    if (word === 'das' && lang !== 'de') return null;
    return {
      start: at,
      end,
      fit: 'any',
      kind: 'reference',
      write: (name) => name,
      unresolvable: word !== 'das' || /^\s+\p{Ll}/u.test(after),
    };
  }
  return null;
}

/**
 * After an expletive ("It is likely that…", "It was plain that…"), the reference the clause it
 * introduces opens with, if any; a cleft on "then" or "there" ("It was then that…") points back to
 * a time or place the claim does not say.
 */
function complementReference(sentence: string, end: number, expletive: string, lex: Lexicon, lang: Language): Reference | null {
  if (/\s(?:then|there)\s/iu.test(expletive))
    return { start: 0, end: 0, fit: 'any', kind: 'reference', write: (name) => name, unresolvable: true };
  if (!/(?:that|whether|if)$/iu.test(expletive)) return null;
  const at = end + (sentence.slice(end).match(/^[\s,]*/u)?.[0].length ?? 0);
  const ref = referenceAt(sentence, at, lex, lang);
  return ref && !lex.expletive.test(sentence.slice(at)) ? ref : null;
}

/** "The company", "Die Band", "l'équipe", with an English possessive "The band's" kept as "Name's". */
function bareReference(
  sentence: string,
  start: number,
  end: number,
  noun: string,
  lex: Lexicon,
  lang: Language,
): Reference | null {
  const tail = sentence.slice(end);
  // "the city of Paris", "the group of counties": the noun is described, not pointing back.
  if (/^\s+(?:of|von|de|del|des|du)\s/u.test(tail)) return null;
  const fit = lex.nouns.get(noun.toLowerCase()) ?? 'thing';
  const owns = lang === 'en' && /^['’]s\b/.test(tail);
  return {
    start,
    end: owns ? end + 2 : end,
    fit,
    kind: 'reference',
    noun: noun.toLowerCase(),
    ...(owns ? { owns } : {}),
    write: (name) => (owns ? possessive(lang, name) : name),
  };
}

/**
 * The reference a sentence opens with: at its head, or after an introductory phrase ("In 1986 he",
 * "In 2009, the company", "Als er 12 war, …") of at most eight words with no name in it.
 */
export function openingReference(sentence: string, lex: Lexicon, lang: Language): Reference | null {
  const head = openingAt(sentence);
  const direct = referenceAt(sentence, head, lex, lang);
  if (direct) return direct;
  // A whole word: "On-call engineers…" opens with no "On".
  const firstWord = sentence
    .slice(head)
    .match(/^\p{L}+(?:[-‐'’]\p{L}+)*/u)?.[0]
    ?.toLowerCase();
  // The introduction is at most eight words: no need to read further into the sentence.
  const tokens = [...sentence.slice(head, head + 160).matchAll(/\S+/g)].slice(1, 9);
  // After "So", "But", "However"… the subject comes at once, or after an adverb ("But usually it…"),
  // or after a comma: once an article or a pronoun has stood ("So the enmity did not hurt the way it
  // did", "And so we expand their range"), a reference further on is inside the clause.
  // ("And when he…" opens another introduction: read on as after "When".)
  const second = tokens[0]?.[0].toLowerCase().replace(/\P{L}+$/u, '');
  const linker = firstWord !== undefined && lex.linkers?.has(firstWord) === true && !(second && lex.intro.has(second));
  for (const [k, t] of tokens.entries()) {
    const at = head + t.index;
    const before = sentence.slice(head, at);
    if (/\p{Lu}\p{Ll}+/u.test(before.slice(1)) && /\s\p{Lu}\p{Ll}/u.test(before) && !beforeOnlyMonths(before)) break;
    const intro =
      /,\s*$/.test(before) ||
      (firstWord !== undefined &&
        lex.intro.has(firstWord) &&
        (!linker || k === 0 || !lex.stood?.test(before.slice(firstWord.length))));
    if (!intro) continue;
    // A clause with a subject of its own ("When the application detects this parameter, it…"): the
    // pronoun after it stands for that subject, and the sentence says so itself.
    if (ownSubject(before, firstWord, lex)) return null;
    // Right after a verb in "-ing" or "-ed", "it", a possessive or "the …" is the verb's object
    // ("mixing it with methanol", "reduced its involvement"), not the sentence's subject.
    if (lang === 'en' && VERB_THEN_OBJECT.test(before) && !/^(?:he|she|they)\b/iu.test(sentence.slice(at))) continue;
    const ref = referenceAt(sentence, at, lex, lang);
    if (!ref || ref.unresolvable) continue;
    // Past the comma that ends the introduction, the main clause has begun with a subject of its own
    // ("In 2024, 70% of respondents told us it takes…"): a pronoun there is not its subject. It keeps
    // its words, and the claim needs context; a noun ("many of the city’s…") still names.
    if (ref.kind === 'pronoun' && inMainClause(before, lex)) return { ...ref, unresolvable: true };
    return ref;
  }
  return null;
}

/** Whether the words after the last comma of `before` are a main clause begun, not more introduction ("At last, in reply…,"). */
function inMainClause(before: string, lex: Lexicon): boolean {
  const comma = before.lastIndexOf(',');
  if (comma < 0) return false;
  const word = before
    .slice(comma + 1)
    .match(/\p{L}+/u)?.[0]
    ?.toLowerCase();
  return word !== undefined && !lex.intro.has(word);
}

/** Whether `before` is a clause that opens with one of the language's clause openers and an article ("When the server…,"). */
function ownSubject(before: string, firstWord: string | undefined, lex: Lexicon): boolean {
  if (!firstWord || !lex.clauseOpeners?.has(firstWord) || !/,\s*$/.test(before)) return false;
  const second = before
    .slice(firstWord.length)
    .match(/^\s+(\p{L}+)\s+\p{L}/u)?.[1]
    ?.toLowerCase();
  return !!second && (lex.articles.has(second) || INDEFINITE_ARTICLES.has(second));
}

/** English indefinite articles ("If a user…", "When an update…"). */
const INDEFINITE_ARTICLES = new Set(['a', 'an']);

/** An English verb in "-ing" or "-ed" ending the text before a word; the prepositions in "-ing" are none. */
const VERB_THEN_OBJECT =
  /(?<!\p{L})(?!(?:during|according|regarding|including|following|concerning|considering|excluding|notwithstanding)\s)\p{L}{2,}(?:ing|ed)\s+$/iu;

/** An introductory phrase may hold month names ("In March 2014, she…") and still have no name. */
function beforeOnlyMonths(before: string): boolean {
  const caps = before.match(/(?<=\s)\p{Lu}\p{Ll}+/gu) ?? [];
  return caps.every((w) => MONTH_NUMBERS.has(w.toLowerCase()));
}

/** Marks that open a quotation, and those that close one ("„…“" closes on the mark English opens with). */
const OPENS = /["“„«‹]/u;
const CLOSES = /["”»›“]/u;

/**
 * Whether `at` in `claim` stands inside quoted words: after an opening mark not yet closed, or
 * before a closing mark the claim never opened (the quotation began in a sentence before).
 * Single marks are left out: ’ is an apostrophe far more often than a quotation mark.
 */
export function insideQuotation(claim: string, at: number): boolean {
  let opener: string | null = null;
  for (let i = 0; i < claim.length; i++) {
    const c = claim[i]!;
    if (!OPENS.test(c) && !CLOSES.test(c)) continue;
    if (opener === null) {
      // A closing mark with none open: the words before it, back to the claim's start, are quoted.
      if (/["”»›]/u.test(c) && !OPENS.test(c) && i >= at) return true;
      if (i >= at) return false;
      if (OPENS.test(c)) opener = c;
    } else if (CLOSES.test(c) && (c !== '“' || opener === '„')) {
      if (i >= at) return true;
      opener = null;
    }
  }
  return opener !== null;
}
