/**
 * Relative times ("next year", "gestern", "l'an dernier", "el martes") made absolute from the
 * page's publication date, so a claim read alone still says when: each language's phrases are a
 * table of patterns, each replaced by a phrase of the same role ("since last year" → "since 2017").
 * Narrative phrases with an article ("the next year") count from the story and are left alone.
 */
import type { Language } from '../text/language';
import { MONTH_NUMBERS } from './dates-text';
import { escapeRegExp } from '../text/regexp';

/** The sentence with its relative times made absolute, and what was replaced. */
export interface AbsoluteTimes {
  /** The sentence, each resolvable relative time replaced. */
  text: string;
  /** Each replacement, in the order of the sentence. */
  changed: Array<{ from: string; to: string }>;
  /** True when the sentence has a relative time and the page has no date to count from. */
  unresolved: boolean;
}

type Unit = 'year' | 'month' | 'week' | 'day' | 'weekday' | 'season' | 'named-month' | 'years-ago' | 'months-ago';

interface Rule {
  /** Group 1: an optional preposition before the phrase; the named group `wd` a weekday. */
  pattern: RegExp;
  unit: Unit;
  /** Years, months or days from the publication date; for weekdays -1 (last), 0 (nearest), 1 (next). */
  offset: number;
  /** Writes the absolute form: the preposition kept, else the language's own. */
  write?: (value: string, prep: string | undefined) => string;
}

const L = String.raw`(?<![\p{L}\p{N}'’])`;
const R = String.raw`(?![\p{L}\p{N}])`;
const rx = (body: string) => new RegExp(L + body + R, 'giu');

const WEEKDAYS: Record<Language, string[]> = {
  en: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  de: ['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag'],
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
};
/** Month names in the four languages: a weekday before one is already dated ("on Tuesday, March 6"). */
const MONTHS = [...MONTH_NUMBERS.keys()].map(escapeRegExp).join('|');
const wd = (lang: Language) => `(?<wd>${WEEKDAYS[lang].join('|')})`;
/** English month names as written in a date ("Thursday, March 6"; "Sept." too), for a case-sensitive pattern. */
const EN_MONTH_NAMES = [...MONTH_NUMBERS.keys()]
  .filter((m) => /^[a-z]+$/.test(m))
  .flatMap((m) => [m, m[0]!.toUpperCase() + m.slice(1)])
  .join('|');
/** An English weekday as a name is written, capitalised (matched case-sensitively). */
const EN_WD = `(?<wd>${WEEKDAYS.en.map((d) => d[0]!.toUpperCase() + d.slice(1)).join('|')})`;
/**
 * News style's bare weekday ("the council voted Thursday"): after a word in lower case that is no
 * article or determiner ("the Friday before", "every Monday"), so never a holiday ("Good Friday",
 * "Super Tuesday", capitalised before it) nor a sentence's first word; not before a date, a
 * possessive or a part of the day, which a day's date would not read well with.
 */
const BARE_EN_WEEKDAY = new RegExp(
  String.raw`(?<=(?<![\p{L}'’])(?!(?:the|a|an|every|each|that|this|one|last|next|on|of)\s)\p{Ll}+,?\s)()` +
    EN_WD +
    String.raw`(?![\p{L}\p{N}'’])(?!,?\s+(?:\d|${EN_MONTH_NAMES})|\s+(?:morning|afternoon|evening|night)s?(?!\p{L}))`,
  'gu',
);
const EN_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** An English month by name ("May" only after "last" or "next", where it cannot be the verb). */
const month = `(?<mon>${EN_MONTHS.join('|')})`;
/** A count of years or months, in figures or words. */
const COUNTS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const count = `(?<n>\\d{1,2}|${COUNTS.join('|')})`;
const countOf = (n: string) => (/^\d+$/.test(n) ? Number(n) : COUNTS.indexOf(n.toLowerCase()) + 1);

/** Prepositions kept before an absolute year or day ("since 2017", "seit 2017", "depuis 2017"). */
const PREP: Record<Language, string> = {
  en: '(?:(since|until|till|by|from|through|before|after|for|of|in|during)\\s+)?',
  de: '(?:(seit|bis|ab|vor|nach|von|im|in)\\s+)?',
  fr: "(?:(depuis|jusqu'à|jusqu’à|avant|après|pour|dès|de|en)\\s+)?",
  es: '(?:(desde|hasta|antes de|después de|para|durante|de|del|en)\\s+)?',
};

/** How each language puts a year and a day when no preposition was written. */
const YEAR_PREP: Record<Language, string> = { en: 'in', de: '', fr: 'en', es: 'en' };
const DAY_PREP: Record<Language, string> = { en: 'on', de: 'am', fr: 'le', es: 'el' };

/**
 * Not after an article, a possessive or "whole" ("the last year", "her whole last year of uni",
 * "his last week at the firm"): that is a final year or week, not the one before the date.
 */
const OWN = String.raw`(?<!(?:the|a|an|his|her|my|our|their|its|your|whole|entire|final)\s)`;

const RULES: Record<Language, Rule[]> = {
  en: [
    { pattern: rx(`(?<!the\\s)()(?:next|last|this) year's`), unit: 'year', offset: 0 },
    { pattern: rx(`${OWN}${PREP.en}next year`), unit: 'year', offset: 1 },
    { pattern: rx(`${OWN}${PREP.en}last year`), unit: 'year', offset: -1 },
    { pattern: rx(`${PREP.en}this year`), unit: 'year', offset: 0 },
    { pattern: rx(`${OWN}${PREP.en}next month`), unit: 'month', offset: 1 },
    { pattern: rx(`${OWN}${PREP.en}last month`), unit: 'month', offset: -1 },
    { pattern: rx(`${PREP.en}this month`), unit: 'month', offset: 0 },
    { pattern: rx(`${PREP.en}this season`), unit: 'season', offset: 0 },
    { pattern: rx(`(?<!the\\s)${PREP.en}last ${month}`), unit: 'named-month', offset: -1 },
    { pattern: rx(`(?<!the\\s)${PREP.en}next ${month}`), unit: 'named-month', offset: 1 },
    { pattern: rx(`${PREP.en}${count} years? ago`), unit: 'years-ago', offset: 0 },
    { pattern: rx(`${PREP.en}${count} months? ago`), unit: 'months-ago', offset: 0 },
    { pattern: rx(`${PREP.en}yesterday`), unit: 'day', offset: -1 },
    { pattern: rx(`${PREP.en}today`), unit: 'day', offset: 0 },
    { pattern: rx(`${PREP.en}tomorrow`), unit: 'day', offset: 1 },
    { pattern: rx(`()last ${wd('en')}`), unit: 'weekday', offset: -1 },
    { pattern: rx(`()next ${wd('en')}`), unit: 'weekday', offset: 1 },
    { pattern: rx(`(on) ${wd('en')}(?!,?\\s+(?:\\d|${MONTHS}))`), unit: 'weekday', offset: 0 },
    { pattern: BARE_EN_WEEKDAY, unit: 'weekday', offset: 0 },
    { pattern: rx(`${OWN}${PREP.en}last week(?!['’]s)`), unit: 'week', offset: -1 },
    { pattern: rx(`${OWN}${PREP.en}next week(?!['’]s)`), unit: 'week', offset: 1 },
    { pattern: rx(`${PREP.en}this week(?!['’]s)`), unit: 'week', offset: 0 },
  ],
  de: [
    { pattern: rx(`${PREP.de}(?:nächstes|nächsten|kommendes|kommenden) Jahr(?:es)?`), unit: 'year', offset: 1 },
    {
      pattern: rx(`${PREP.de}(?:letztes|letzten|vergangenes|vergangenen|vorigen|voriges) Jahr(?:es)?`),
      unit: 'year',
      offset: -1,
    },
    { pattern: rx(`${PREP.de}(?:dieses|diesem|diesen) Jahr(?:es)?`), unit: 'year', offset: 0 },
    { pattern: rx(`${PREP.de}(?:nächsten|kommenden) Monat`), unit: 'month', offset: 1 },
    { pattern: rx(`${PREP.de}(?:letzten|vergangenen|vorigen) Monat`), unit: 'month', offset: -1 },
    { pattern: rx(`${PREP.de}gestern`), unit: 'day', offset: -1 },
    { pattern: rx(`${PREP.de}heute`), unit: 'day', offset: 0 },
    { pattern: rx(`()(?:letzten|vergangenen) ${wd('de')}`), unit: 'weekday', offset: -1 },
    { pattern: rx(`()(?:nächsten|kommenden) ${wd('de')}`), unit: 'weekday', offset: 1 },
    { pattern: rx(`(am) ${wd('de')}(?!,? (?:dem |den )?\\d)`), unit: 'weekday', offset: 0 },
  ],
  fr: [
    { pattern: rx(`${PREP.fr}(?:l'année|l’année|l'an|l’an) prochaine?`), unit: 'year', offset: 1 },
    { pattern: rx(`${PREP.fr}(?:l'année|l’année|l'an|l’an) (?:dernière|dernier|passée|passé)`), unit: 'year', offset: -1 },
    { pattern: rx(`${PREP.fr}cette année`), unit: 'year', offset: 0 },
    { pattern: rx(`${PREP.fr}le mois prochain`), unit: 'month', offset: 1 },
    { pattern: rx(`${PREP.fr}le mois dernier`), unit: 'month', offset: -1 },
    { pattern: rx(`${PREP.fr}hier`), unit: 'day', offset: -1 },
    { pattern: rx(`${PREP.fr}(?:aujourd'hui|aujourd’hui)`), unit: 'day', offset: 0 },
    { pattern: rx(`${PREP.fr}demain`), unit: 'day', offset: 1 },
    { pattern: rx(`()${wd('fr')} dernier`), unit: 'weekday', offset: -1 },
    { pattern: rx(`()${wd('fr')} prochain`), unit: 'weekday', offset: 1 },
    // French dates a weekday without a preposition ("a déclaré mardi"); "le mardi 6 mars" is already absolute.
    { pattern: rx(`()(?<!le\\s)${wd('fr')}(?! \\d| dernier| prochain)`), unit: 'weekday', offset: 0 },
  ],
  es: [
    { pattern: rx(`${PREP.es}(?:el )?(?:próximo año|año próximo|año que viene)`), unit: 'year', offset: 1 },
    { pattern: rx(`${PREP.es}(?:el )?año pasado`), unit: 'year', offset: -1 },
    { pattern: rx(`${PREP.es}este año`), unit: 'year', offset: 0 },
    { pattern: rx(`${PREP.es}el (?:próximo mes|mes próximo|mes que viene)`), unit: 'month', offset: 1 },
    { pattern: rx(`${PREP.es}el mes pasado`), unit: 'month', offset: -1 },
    { pattern: rx(`${PREP.es}ayer`), unit: 'day', offset: -1 },
    { pattern: rx(`${PREP.es}hoy(?! en día)`), unit: 'day', offset: 0 },
    { pattern: rx(`(?<!la\\s)${PREP.es}mañana(?! de)`), unit: 'day', offset: 1 },
    { pattern: rx(`()el ${wd('es')} pasado`), unit: 'weekday', offset: -1 },
    { pattern: rx(`()el ${wd('es')} próximo`), unit: 'weekday', offset: 1 },
    { pattern: rx(`(el) ${wd('es')}(?! \\d| pasado| próximo)`), unit: 'weekday', offset: 0 },
  ],
};

/** A verb that speaks of the future: a bare weekday then means the coming one, else the last. */
const FUTURE: Record<Language, RegExp> = {
  en: /\b(?:will|shall|'ll|is going to|are going to|plans? to|expects? to)\b/i,
  de: /(?<!\p{L})(?:wird|werden|will|wollen|soll|sollen)(?!\p{L})/iu,
  fr: /(?<!\p{L})(?:va|vont|sera|seront|aura|auront|prévoit|doit)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:va a|van a|será|serán|tendrá|planea|prevé)(?!\p{L})/iu,
};

const LOCALE: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

const formatter = (lang: Language, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE[lang], { ...options, timeZone: 'UTC' });

/** "6 March 2018", "6. März 2018", "6 mars 2018", "6 de marzo de 2018". */
const dayName = (lang: Language, date: Date) => formatter(lang, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
/** "Tuesday, 6 March 2018" and its like. */
const weekdayName = (lang: Language, date: Date) =>
  formatter(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
const monthName = (lang: Language, date: Date) => formatter(lang, { month: 'long', year: 'numeric' }).format(date);

const addDays = (date: Date, days: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
const addMonths = (date: Date, months: number) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));

/** The preposition the writer used, or the language's own, before the absolute value. */
function withPrep(value: string, written: string | undefined, fallback: string, lang: Language, unit: Unit = 'year'): string {
  if (written) {
    const prep = written.toLowerCase();
    // German "im" and Spanish "del" contract an article the absolute form no longer has.
    if (lang === 'de' && prep === 'im') return unit === 'year' ? `im Jahr ${value}` : `im ${value}`;
    if (lang === 'es' && prep === 'del') return `de ${value}`;
    return `${written} ${value}`;
  }
  return fallback ? `${fallback} ${value}` : value;
}

function resolve(rule: Rule, match: RegExpExecArray, published: Date, lang: Language, future: boolean): string {
  const prep = match[1] || undefined;
  switch (rule.unit) {
    case 'year': {
      const year = String(published.getUTCFullYear() + rule.offset);
      if (/year's$/i.test(match[0])) {
        const offset = /^next/i.test(match[0]) ? 1 : /^last/i.test(match[0]) ? -1 : 0;
        return `the ${published.getUTCFullYear() + offset}`;
      }
      return withPrep(year, prep, YEAR_PREP[lang], lang);
    }
    case 'season':
      return `${prep ?? 'in'} the ${published.getUTCFullYear()} season`;
    case 'named-month': {
      // "last July": the latest July before the date's month; "next July": the first after it.
      const m = EN_MONTHS.indexOf(match.groups!.mon!.toLowerCase());
      const now = published.getUTCMonth();
      const year = published.getUTCFullYear() + (rule.offset < 0 ? (m < now ? 0 : -1) : m > now ? 0 : 1);
      return withPrep(monthName(lang, new Date(Date.UTC(year, m, 1))), prep, YEAR_PREP[lang], lang, 'month');
    }
    case 'years-ago':
      return withPrep(String(published.getUTCFullYear() - countOf(match.groups!.n!)), prep, YEAR_PREP[lang], lang);
    case 'months-ago':
      return withPrep(monthName(lang, addMonths(published, -countOf(match.groups!.n!))), prep, YEAR_PREP[lang], lang, 'month');
    case 'month':
      return withPrep(
        monthName(lang, addMonths(published, rule.offset)),
        prep,
        lang === 'de' ? 'im' : YEAR_PREP[lang],
        lang,
        'month',
      );
    case 'week': {
      // The week (Monday to Sunday) before, of or after the date, named by its Monday.
      const monday = addDays(published, -((published.getUTCDay() + 6) % 7) + 7 * rule.offset);
      return `${prep ?? 'in'} the week of ${dayName(lang, monday)}`;
    }
    case 'day':
      return withPrep(dayName(lang, addDays(published, rule.offset)), prep, DAY_PREP[lang], lang);
    case 'weekday': {
      const target = WEEKDAYS[lang].indexOf(match.groups!.wd!.toLowerCase());
      const today = published.getUTCDay();
      const back = (today - target + 7) % 7;
      const ahead = (target - today + 7) % 7;
      // The last such day before the date, the next after it; a bare weekday counts back unless the verb says future.
      const days = rule.offset < 0 ? -(back || 7) : rule.offset > 0 ? ahead || 7 : future ? ahead : -back;
      const prepOut = lang === 'fr' && !prep ? '' : (prep ?? DAY_PREP[lang]);
      return `${prepOut} ${weekdayName(lang, addDays(published, days))}`.trim();
    }
  }
}

/** Capitalises a replacement that now opens the sentence. */
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A word every rule of the language holds (its units, its days, its weekdays): a sentence with
 * none of them has no relative time, and most sentences have none.
 */
const KEYS: Record<Language, RegExp> = {
  en: new RegExp(`year|month|week|season|yesterday|today|tomorrow|${WEEKDAYS.en.join('|')}|${EN_MONTHS.join('|')}`, 'iu'),
  de: new RegExp(`jahr|monat|gestern|heute|${WEEKDAYS.de.join('|')}`, 'iu'),
  fr: new RegExp(`année|l['’]an\\b|mois|hier|aujourd|demain|${WEEKDAYS.fr.join('|')}`, 'iu'),
  es: new RegExp(`año|mes|ayer|hoy|mañana|${WEEKDAYS.es.join('|')}`, 'iu'),
};

/**
 * The sentence with its relative times made absolute from `published`. With no date, the sentence
 * is returned as written and `unresolved` says whether it has a relative time.
 */
export function absoluteTimes(sentence: string, published: Date | null, lang: Language): AbsoluteTimes {
  if (!KEYS[lang].test(sentence)) return { text: sentence, changed: [], unresolved: false };
  const found: Array<{ start: number; end: number; rule: Rule; match: RegExpExecArray }> = [];
  for (const rule of RULES[lang]) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(sentence); m; m = rule.pattern.exec(sentence)) {
      const start = m.index;
      const end = start + m[0].length;
      // The first rule to claim a stretch of text wins; the tables list longer phrases first.
      if (!found.some((f) => start < f.end && end > f.start)) found.push({ start, end, rule, match: m });
    }
  }
  if (found.length === 0) return { text: sentence, changed: [], unresolved: false };
  if (!published || Number.isNaN(published.getTime())) return { text: sentence, changed: [], unresolved: true };
  found.sort((a, b) => a.start - b.start);
  const future = FUTURE[lang].test(sentence);
  const changed: AbsoluteTimes['changed'] = [];
  let text = '';
  let at = 0;
  for (const { start, end, rule, match } of found) {
    let to = resolve(rule, match, published, lang, future);
    if (start === 0 || /[.!?]\s*$/.test(sentence.slice(0, start))) to = capitalise(to);
    changed.push({ from: match[0], to });
    text += sentence.slice(at, start) + to;
    at = end;
  }
  return { text: text + sentence.slice(at), changed, unresolved: false };
}

/** Parses the page's ISO date; null when absent or unreadable. */
export function publicationDate(published: string | null): Date | null {
  if (!published) return null;
  const day = published.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const date = day ? new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!)) : new Date(published);
  return Number.isNaN(date.getTime()) ? null : date;
}
