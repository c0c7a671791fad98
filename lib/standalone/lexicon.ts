/**
 * The words a claim points back with, per language (English, German, French, Spanish), and the
 * shape of a capitalised name: the tables `standalone.ts` reads pages and claims by.
 */
import { MONTH_NUMBERS } from '../dates/dates-text';
import type { Language } from '../text/language';
import { escapeRegExp } from '../text/regexp';

/** What a reference may stand for: a person, a thing (organisation, work, place, or a plural), or either. */
export type Fit = 'person' | 'thing' | 'any';
export type Gender = 'm' | 'f';

/** Per language: the words that open a sentence by pointing back. */
export interface Lexicon {
  /** Subject pronouns → what they may stand for, their grammatical gender where it says, and whether plural. */
  pronouns: Record<string, { fit: Fit; gender?: Gender; plural?: boolean }>;
  /** Possessive determiners → what they may stand for. */
  possessives: Record<string, { fit: Fit; gender?: Gender; plural?: boolean }>;
  /** Determiners that point back ("this", "diese", "cette", "este"). */
  demonstratives: ReadonlySet<string>;
  /** Articles before a bare reference ("the", "der", "la", "el"). */
  articles: ReadonlySet<string>;
  /** Nouns a bare reference is made of, and whether they name people. */
  nouns: ReadonlyMap<string, Fit>;
  /** Nouns of time after a demonstrative ("that year"): an introduction, not a reference. */
  timeNouns: ReadonlySet<string>;
  /** A pronoun that stands for nothing ("It is likely that", "Il y a", "Es gibt"). */
  expletive: RegExp;
  /** Words that open an introductory phrase before the subject ("In 1986 he…", "Als er…"). */
  intro: ReadonlySet<string>;
  /** Of those, the ones the subject follows at once ("So he…", "But it…"): a pronoun further on is inside the clause. */
  linkers?: ReadonlySet<string>;
  /** An article, a possessive or a subject pronoun: after a linker, a noun phrase or a subject has stood. */
  stood?: RegExp;
  /** Words that open a clause with its own subject ("When the application detects…,"), never a preposition's phrase. */
  clauseOpeners?: ReadonlySet<string>;
  /** Prepositions of place: a name after them is a place, not a person. */
  locative: ReadonlySet<string>;
  /**
   * Words a sentence's subject owns when no other person is named in it ("his", "himself",
   * "herself"; not "her", which may be another's object), and the gender each says.
   */
  owned?: RegExp;
  ownedGender?: Record<string, Gender>;
  /** Speech verbs after the quotation ("…,” said NAME) and before it (NAME said). */
  speechAfter: string;
  speechBefore: string;
}

const set = (words: string) => new Set(words.split(' '));
const nouns = (thing: string, person: string) =>
  new Map<string, Fit>([
    ...thing.split(' ').map((w) => [w, 'thing'] as [string, Fit]),
    ...person.split(' ').map((w) => [w, 'person'] as [string, Fit]),
  ]);

export const LEXICONS: Record<Language, Lexicon> = {
  en: {
    pronouns: {
      he: { fit: 'person', gender: 'm' },
      she: { fit: 'person', gender: 'f' },
      it: { fit: 'thing' },
      they: { fit: 'thing', plural: true },
    },
    possessives: {
      his: { fit: 'person', gender: 'm' },
      her: { fit: 'person', gender: 'f' },
      its: { fit: 'thing' },
      their: { fit: 'thing', plural: true },
    },
    demonstratives: set('this these that those'),
    articles: set('the'),
    nouns: nouns(
      'company firm corporation business band group duo trio orchestra choir club team city town village country state province county municipality island film movie album song single record book novel series show programme program game play opera magazine newspaper website app school university college museum library church hospital station airport building ship party government administration ministry agency organisation organization foundation charity institute festival league label network channel brand species',
      'singer actor actress artist player writer author politician musician rapper director producer footballer athlete poet painter composer',
    ),
    timeNouns: set('year month week day season time decade century'),
    // "It is likely that", "It was plain that", "It’s been a year since", "It was the first time", "It was possible for mods to": the "it" stands for nothing.
    expletive:
      /^it(?:['’]s|\s+(?:is|was|has been|had been|will be|would be|seems|seemed|appears|appeared))\s+(?:(?:\p{L}+\s+)?(?:that|whether|if)|(?:(?!set\s|\p{L}+(?:ed|ing|en)\s)\p{L}+\s+)?to)\b|^it(?:['’]s|\s+(?:has|had))\s+(?:\p{L}+\s+)?been\s+(?:\S+\s+){1,4}?(?:since|ago)\b|^it(?:['’]s|\s+(?:is|was|will be|would be))\s+the\s+(?:first|last|only|second|third)\s+time\b|^it(?:['’]s|\s+(?:is|was|has been|had been|will be|would be|seems|seemed))\s+(?:\p{L}+\s+)?(?:possible|impossible|necessary|unnecessary|important|easy|hard|difficult|likely|unlikely|clear|worth|best|better|safe|wise|common|rare|usual|normal)\s+for\s/iu,
    intro: set(
      'in on at after before during by from since later then also when while although though that following upon until as subsequently eventually meanwhile however moreover today there but and yet so still',
    ),
    linkers: set('then also subsequently eventually meanwhile however moreover today there but and yet so still'),
    stood: /(?<!\p{L})(?:the|a|an|this|that|these|those|his|her|its|their|our|my|your|i|we|you|he|she|they|it)(?!\p{L})/iu,
    clauseOpeners: set('when if once because although though unless whenever whereas'),
    locative: set('in at from near to into'),
    owned: /(?<!\p{L})(?:his|himself|herself)(?!\p{L})/giu,
    ownedGender: { his: 'm', himself: 'm', herself: 'f' },
    speechAfter: 'said|says|added|explained|stated|noted|asked|wrote|according to',
    speechBefore: 'said|says|told|added|explained|stated|wrote',
  },
  de: {
    pronouns: { er: { fit: 'any', gender: 'm' }, sie: { fit: 'any', gender: 'f' }, es: { fit: 'thing' } },
    possessives: {
      sein: { fit: 'any', gender: 'm' },
      seine: { fit: 'any', gender: 'm' },
      seinen: { fit: 'any', gender: 'm' },
      seinem: { fit: 'any', gender: 'm' },
      seiner: { fit: 'any', gender: 'm' },
      seines: { fit: 'any', gender: 'm' },
      ihr: { fit: 'any', gender: 'f' },
      ihre: { fit: 'any', gender: 'f' },
      ihren: { fit: 'any', gender: 'f' },
      ihrem: { fit: 'any', gender: 'f' },
      ihrer: { fit: 'any', gender: 'f' },
      ihres: { fit: 'any', gender: 'f' },
    },
    demonstratives: set('dieser diese dieses diesen diesem'),
    articles: set('der die das'),
    nouns: nouns(
      'konzern unternehmen firma gesellschaft band gruppe duo verein mannschaft team club stadt gemeinde dorf land film album lied song single buch roman serie sendung spiel zeitung schule universität museum kirche partei regierung behörde ministerium organisation stiftung festival',
      'sänger sängerin schauspieler schauspielerin spieler spielerin politiker politikerin künstler künstlerin autor autorin',
    ),
    timeNouns: set('jahr monat woche tag saison zeit'),
    expletive: /^es\s+(?:gibt|gab|geht|ging|heißt|hieß|wurde\w*\s+\p{L}+\s*,?\s*dass|ist\s+(?:\p{L}+\s+)?(?:dass|zu))\b/iu,
    intro: set('im am in nach vor seit bei als während später dann auch danach zuvor damals heute dort'),
    locative: set('in im aus bei nach'),
    speechAfter: 'sagte|sagt|erklärte|betonte|meinte|laut|, so',
    speechBefore: 'sagte|sagt|erklärte|betonte|meinte',
  },
  fr: {
    pronouns: {
      il: { fit: 'any', gender: 'm' },
      elle: { fit: 'any', gender: 'f' },
      ils: { fit: 'thing', plural: true },
      elles: { fit: 'thing', plural: true },
    },
    possessives: {
      son: { fit: 'any' },
      sa: { fit: 'any' },
      ses: { fit: 'any' },
      leur: { fit: 'thing' },
      leurs: { fit: 'thing', plural: true },
    },
    demonstratives: set('ce cet cette ces'),
    articles: set("le la les l' l’"),
    nouns: nouns(
      'société entreprise compagnie firme groupe ville commune village pays équipe club film album chanson livre roman série émission jeu journal école université musée église parti gouvernement ministère organisation fondation festival',
      'chanteur chanteuse acteur actrice joueur joueuse écrivain écrivaine auteur autrice artiste politicien politicienne musicien musicienne',
    ),
    timeNouns: set('année an mois jour saison semaine'),
    expletive:
      /^il\s+(?:y\s+a|y\s+avait|faut|fallait|s['’]agit|est\s+(?:\p{L}+\s+)?(?:de|que|d['’]|qu['’])|a\s+été\s+\p{L}+\s+(?:que|de))/iu,
    intro: set('en le au à après avant depuis dans puis ensuite alors aussi lorsque quand pendant durant dès'),
    locative: set('à en dans de'),
    speechAfter: "a déclaré|a dit|a affirmé|affirme|déclare|explique|a expliqué|a ajouté|ajoute|selon|d'après|d’après",
    speechBefore: 'a déclaré|a dit|a affirmé|affirme|déclare|explique|a expliqué|a ajouté',
  },
  es: {
    pronouns: {
      él: { fit: 'person', gender: 'm' },
      ella: { fit: 'person', gender: 'f' },
      ellos: { fit: 'thing', plural: true },
      ellas: { fit: 'thing', plural: true },
    },
    possessives: { su: { fit: 'any' }, sus: { fit: 'any' } },
    demonstratives: set('este esta estos estas ese esa esos esas'),
    articles: set('el la los las'),
    nouns: nouns(
      'empresa compañía firma banda grupo club equipo ciudad pueblo municipio país película álbum canción libro novela serie programa juego periódico escuela universidad museo iglesia partido gobierno ministerio organización fundación festival',
      'cantante actor actriz jugador jugadora escritor escritora autor autora artista político política músico',
    ),
    timeNouns: set('año mes semana día temporada'),
    expletive: /^(?:hay|había|se\s+dice)\b/iu,
    intro: set('en el tras después antes desde durante luego también cuando mientras al'),
    locative: set('en de desde'),
    speechAfter: 'dijo|afirmó|declaró|explicó|añadió|aseguró|señaló|según',
    speechBefore: 'dijo|afirmó|declaró|explicó|aseguró|señaló',
  },
};

/** Words that open a sentence capitalised and never begin a name, in the four languages. */
export const OPENERS = set(
  'The A An In On At As By For From With After Before During Since When While Also But And Or If Then However This These That Those He She It They His Her Its Their We I You Our My Like Unlike Despite Without Through Among Between Against Across Behind Beyond Upon Toward Towards Until Unless Because Although Though Whether Where Why How What Which Who ' +
    'Der Die Das Ein Eine Im Am Er Sie Es Sein Seine Ihr Ihre Und Als Nach Vor Seit Bei Dieser Diese Dieses ' +
    'Le La Les Un Une Il Elle Ils Elles Son Sa Ses Leur Leurs En Au Aux Ce Cet Cette Ces Depuis Dans Après Selon ' +
    'El Los Las Una Él Ella Ellos Ellas Su Sus Este Esta Estos Estas Tras Desde Según',
);

/** Words in a name that make it an organisation, a work or a place rather than a person. */
export const THING_WORDS = set(
  'Inc Corp Corporation Company Co Ltd LLC PLC GmbH AG SA SE Group Bank University College School Institute Museum Library Party Council Committee Association Society Foundation Records Band Club Team FC United City County Church Hospital Times News Post Journal Herald Tribune Magazine Press Agency Department Ministry Office Court Army Navy Force Airlines Motors Systems Studios Pictures Entertainment Media Network Festival Award Awards Cup League Championship Street Square Park River Lake Mount Island Station Airport Center Centre Hall Theatre Theater Stadium Fund Trust Union Republic Kingdom State States Empire Province Area Podcast Show Series Programme Project Conference Summit Prize ' +
    'Universität Partei Verein Stiftung Verlag Gesellschaft Konzern Ministerium Stadt ' +
    'Université Société Parti Groupe Banque Ministère Ville ' +
    'Universidad Partido Banco Grupo Compañía Ministerio Ciudad',
);

/** Lower-case words a name may carry inside it ("Ludwig van Beethoven", "Bank of America"). */
export const PARTICLES = 'of|for|de|du|des|la|le|del|della|di|da|van|von|der|den|ter|bin|ibn|al|y|&';
/** Particles that make a name an organisation or place rather than a person. */
export const THING_PARTICLES = set('of for &');

const CAP = String.raw`(?:\p{Lu}\.|\p{Lu}[\p{L}\p{M}'’\-]*[\p{L}\p{M}]|\p{Lu})`;
export const NAME = String.raw`${CAP}(?:[ \t]+(?:(?:${PARTICLES})[ \t]+)?${CAP})*`;
export const NAME_RE = new RegExp(String.raw`(?<![\p{L}\p{N}'’])${NAME}(?![\p{L}\p{N}])`, 'gu');

export const WEEKDAY_NAMES = set(
  'monday tuesday wednesday thursday friday saturday sunday montag dienstag mittwoch donnerstag freitag samstag sonntag lundi mardi mercredi jeudi vendredi samedi dimanche lunes martes miércoles jueves viernes sábado domingo',
);

/** Ranks and offices written before a person's name, in the four languages. */
const ROLES = set(
  'Senator Representative Congressman Congresswoman President Governor Mayor Minister Chancellor Judge Justice General Colonel Captain Sergeant Professor Doctor Coach Bishop Cardinal Pope King Queen Prince Princess Sir Dame Lord Lady ' +
    'Bundeskanzlerin Bundeskanzler Kanzlerin Kanzler Präsident Präsidentin Ministerin Bürgermeister Bürgermeisterin Professorin Herr Frau ' +
    'Président Présidente Ministre Maire Monsieur Madame Presidente Ministro Ministra Alcalde Alcaldesa Señor Señora',
);

/** Adjectives French and Spanish put before the noun ("son premier album" → "le premier album de X"). */
export const BEFORE_NOUN = set(
  'premier première dernier dernière nouveau nouvel nouvelle grand grande petit petite seul seule second seconde deuxième troisième meilleur meilleure ancien ancienne jeune propre primer primera último última nuevo nueva gran segundo segunda tercer tercera mejor propio propia',
);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The page's subject from its title: the part before a " - Site" / " | Site" suffix, without a
 * bracketed qualifier ("PK (film)" → "PK").
 */
export function titleName(title: string): string {
  const first = collapse(title).split(/\s+[|\-–—·•:]\s+/u)[0] ?? '';
  const name = first.replace(/\s*\([^()]*\)\s*$/u, '').trim();
  // A list page is about the name it lists ("List of Anne Hathaway performances": Anne Hathaway).
  const listed = LIST_OF.exec(name)?.[1];
  return listed ? listed.replace(/['’]s$/u, '') : name;
}

/** A list page's title, and the run of capitalised words (the name) it lists, in the four languages. */
const LIST_OF =
  /^(?:List|Liste|Lista|Anexo:\s*Lista)\s+(?:of|der|des|de la|de los|de las|du|de)\s+(\p{Lu}[\p{L}.'’-]*(?:\s+(?:\p{Lu}[\p{L}.'’-]*|de|van|von|da|di|del|la|le))*)\s+\p{Ll}/u;

/** Whether a title reads as a name (mostly capitalised words) rather than a headline. */
export function titleIsName(name: string): boolean {
  const words = name.split(' ').filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || words.length > 10) return false;
  const lower = words.filter((w) => /^\p{Ll}/u.test(w) && !new RegExp(`^(?:${PARTICLES}|the|and|in|on|et|und|y)$`).test(w));
  return lower.length <= Math.max(1, Math.floor(words.length / 3));
}

const PATTERNS = new Map<Lexicon, { locative: RegExp; article: RegExp }>();

/** The lexicon's prepositions of place and articles as patterns on the text before a name, built once. */
export function patternsOf(lex: Lexicon): { locative: RegExp; article: RegExp } {
  let p = PATTERNS.get(lex);
  if (!p) {
    const words = (set: ReadonlySet<string>) => [...set].map(escapeRegExp).join('|');
    p = {
      locative: new RegExp(`(?:^|\\s)(?:${words(lex.locative)})\\s+$`, 'iu'),
      article: new RegExp(`(?:^|\\s)(?:${words(lex.articles)})\\s+$`, 'iu'),
    };
    PATTERNS.set(lex, p);
  }
  return p;
}

/** Words a name may hold in lower case: particles, articles, conjunctions, short prepositions. */
const NAME_LOWER = new RegExp(`^(?:${PARTICLES}|the|a|an|and|or|in|on|at|to|with|et|und|y|el|los|las|les)$`);

/**
 * Whether the title names the page's subject rather than heading it as a headline. A title the
 * text writes in its prose (in any case: "Black mamba", "the black mamba") is a name; otherwise only
 * a short one of capitalised words is, each past the first a `nameWord` ("Exampleville today",
 * "Senate Passes Bill" and a long title-case "Lowell Mill Closes After a Century" are headlines).
 */
export function titleNames(title: string, text: string, nameWord: (word: string) => boolean): boolean {
  const lower = text.toLowerCase();
  const wanted = title.toLowerCase();
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const lineEnd = text.indexOf('\n', at);
    if (lower.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).trim() !== wanted) return true;
  }
  const words = title.split(' ');
  if (words.length > 4) return false;
  return words.every((w, i) => i === 0 || NAME_LOWER.test(w) || (/^\P{Ll}/u.test(w) && nameWord(w)));
}

const PARTICLE = new RegExp(`^(?:${PARTICLES})$`);

/** The names in one sentence, split where a capitalised run holds an opener, a weekday or a month. */
export function namesIn(
  sentence: string,
  lowerWords: Set<string>,
  namePairs: ReadonlySet<string> = new Set(),
): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  const head = openingAt(sentence);
  for (const m of sentence.matchAll(NAME_RE)) {
    let tokens = [...m[0].matchAll(/\S+/g)].map((t) => ({ text: t[0], at: m.index + t.index }));
    // Titles before a name ("Sen.", "Dr.", "Senator", "Präsident") are not part of it.
    while (tokens.length > 1 && (/^\p{Lu}\p{Ll}{1,3}\.$/u.test(tokens[0]!.text) || ROLES.has(tokens[0]!.text)))
      tokens = tokens.slice(1);
    const runs: Array<typeof tokens> = [[]];
    for (const [k, t] of tokens.entries()) {
      const lower = t.text.toLowerCase();
      // A common word opening the sentence ("New") is no name's, unless the page writes the two
      // words as a name inside its sentences too ("…in New Zealand"): "New Zealand English…".
      const written = k + 1 < tokens.length && namePairs.has(`${t.text} ${tokens[k + 1]!.text}`);
      const breaks =
        OPENERS.has(t.text) ||
        WEEKDAY_NAMES.has(lower) ||
        (t.at === head && lowerWords.has(lower) && !written) ||
        (MONTH_NUMBERS.has(lower) && /^\s*\d/.test(sentence.slice(t.at + t.text.length)));
      if (breaks) {
        // A capitalised "The" inside a sentence belongs to the name that follows ("The Kingsmen").
        if (t.text === 'The' && t.at !== head) runs.push([t]);
        else runs.push([]);
      } else runs[runs.length - 1]!.push(t);
    }
    for (const run of runs) {
      while (run.length && PARTICLE.test(run[run.length - 1]!.text)) run.pop();
      if (run.length === 0 || (run.length === 1 && run[0]!.text === 'The')) continue;
      const name = sentence.slice(run[0]!.at, run[run.length - 1]!.at + run[run.length - 1]!.text.length).replace(/['’]s$/, '');
      out.push({ name, at: run[0]!.at });
    }
  }
  return out;
}

/** Two capitalised words the text writes inside a sentence, after a word in lower case or a comma ("in New Zealand"). */
export function namePairsIn(text: string): Set<string> {
  const pairs = new Set<string>();
  for (const m of text.matchAll(/(?<=[\p{Ll},;]\s+)(\p{Lu}\p{Ll}+)\s+(\p{Lu}[\p{L}'’-]*)/gu)) pairs.add(`${m[1]} ${m[2]}`);
  return pairs;
}

/** Where a sentence's words begin, past opening quotes and brackets. */
export const openingAt = (sentence: string) => sentence.match(/^[\s"“”„«‘'([]*/u)![0].length;

const PRONOUN_WORDS = new Map<Lexicon, RegExp>();

/** Counts of the language's gendered and thing pronouns over the page. */
export function pronounCounts(text: string, lex: Lexicon) {
  const counts = { m: 0, f: 0, thing: 0 };
  const all = { ...lex.pronouns, ...lex.possessives };
  let words = PRONOUN_WORDS.get(lex);
  if (!words) PRONOUN_WORDS.set(lex, (words = new RegExp(`(?<!\\p{L})(?:${Object.keys(all).join('|')})(?!\\p{L})`, 'giu')));
  for (const [w] of text.matchAll(words)) {
    const p = all[w.toLowerCase()]!;
    if (p.fit === 'thing') counts.thing++;
    else if (p.gender) counts[p.gender]++;
  }
  return counts;
}

export const CITES = /(?:according to|laut|selon|d['’]après|según)\s/iu;
const SPEECH = new Map<Lexicon, { after: RegExp; before: RegExp }>();

/** A name or pronoun after a speech verb, and before one, built once per language. */
export function speechPatterns(lex: Lexicon): { after: RegExp; before: RegExp } {
  let p = SPEECH.get(lex);
  if (!p) {
    const who = `(${NAME}|${Object.keys(lex.pronouns).join('|')})`;
    p = {
      after: new RegExp(`(?:${lex.speechAfter})\\s+(?:(?:the|der|die|le|la|el)\\s+)?${who}(?![\\p{L}])`, 'u'),
      before: new RegExp(`(?<![\\p{L}])${who}(?:,[^,"“”]{1,80},)?\\s+(?:${lex.speechBefore})(?![\\p{L}])`, 'u'),
    };
    SPEECH.set(lex, p);
  }
  return p;
}
