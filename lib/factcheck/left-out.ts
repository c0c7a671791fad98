import type { z } from 'zod';
import { MAX_ROLE_CHARS, type MarkupRole, type MarkupRoles } from '../pages/markup-roles';
import type { LeftOutRecord, LeftReasonSchema } from '../shared/checked-claims';
import { MONTH_NUMBERS } from '../dates/dates-text';
import { sentenceSpans } from '../text/sentences';
import { escapeRegExp } from '../text/regexp';

/**
 * What is not a claim, and why: the sentences of a page that state nothing about the world a
 * fact-checker would check. Decided from the page's markup (a caption, a heading, code, a byline,
 * a date, an author box) and from language (the shapes of datelines, bylines, credits, bios,
 * commands, questions and instructions), never from a site's name. Each is listed in the result
 * with its reason, not silently dropped.
 */

/** Why a sentence is not checked as a claim. */
export type LeftReason = z.infer<typeof LeftReasonSchema>;

/** A sentence left out, with where it is in the checked text. */
export type LeftOut = LeftOutRecord;

/** Sentences shorter than this, or with fewer words, are fragments (a label, a name, a number). */
const MIN_CHARS = 25;
const MIN_WORDS = 5;
/** A sentence longer than this is a run of text the segmenter could not cut (a list, a table row run together). */
const MAX_CHARS = 600;

/** The share of the text's end where an author's bio stands. */
const BIO_TAIL = 0.25;

/** A sentence as compared with markup texts: lowercase, letters and digits, single spaces. */
export function comparable(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Each role's sentences, as compared, for asking of a page's sentence which role its markup gave it. */
export class RoleIndex {
  private readonly byText = new Map<string, MarkupRole>();
  /** The short blocks of the roles a sentence may stand inside, by each of their words of four letters or more. */
  private readonly within = new Map<string, Array<{ role: MarkupRole; key: string }>>();
  private paragraph = '';
  private whole = '';
  /** The page's metadata names it a work of fiction (a story, a novel, poetry). */
  readonly fiction: boolean;

  constructor(roles: MarkupRoles | undefined) {
    this.fiction = FICTION.test(roles?.genre ?? '');
    // Headings first: a heading that is also a link in a byline box is still a heading.
    const order: MarkupRole[] = ['code', 'heading', 'caption', 'byline', 'dateline', 'bio'];
    for (const role of order) {
      for (const t of roles?.texts[role] ?? []) {
        this.add(t, role);
        for (const [s, e] of sentenceSpans(t)) this.add(t.slice(s, e), role);
      }
    }
  }

  private add(text: string, role: MarkupRole) {
    const key = comparable(text);
    if (key.length >= 3 && !this.byText.has(key)) this.byText.set(key, role);
    // A short block may hold more than the sentence the text shows ("…Wall-Street" (1853) <br> Herman Melville"):
    // its text is kept whole, to find a sentence inside it.
    if (CONTAINED.includes(role) && key.length <= MAX_CONTAINER) {
      // Found again by its longest word: a sentence inside it holds that word or a longer one of its own.
      for (const w of new Set(key.split(' '))) {
        if (w.length < 4) continue;
        const list = this.within.get(w) ?? [];
        if (list.length < 50) list.push({ role, key: ` ${key} ` });
        this.within.set(w, list);
      }
    }
  }

  /** The role markup gave this sentence, or its whole paragraph, when it gave one. */
  roleOf(sentence: string, paragraph: string): MarkupRole | undefined {
    if (this.byText.size === 0) return undefined;
    const key = comparable(sentence);
    // A paragraph longer than any role's text (markup-roles.ts keeps none longer) is none of them;
    // the sentences of one paragraph come one after another, so its form is made once.
    if (paragraph !== this.paragraph) {
      this.paragraph = paragraph;
      this.whole = paragraph.length <= MAX_ROLE_CHARS ? comparable(paragraph) : '';
    }
    const exact = this.byText.get(key) ?? this.byText.get(this.whole);
    if (exact || key.length < MIN_CONTAINED) return exact;
    const longest = key.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
    return this.within.get(longest)?.find((t) => t.key.includes(` ${key} `))?.role;
  }
}

/** Roles whose short blocks (up to MAX_CONTAINER characters) are searched for a sentence inside them (MIN_CONTAINED or longer). */
const CONTAINED: MarkupRole[] = ['heading', 'caption', 'byline', 'dateline'];
const MAX_CONTAINER = 300;
const MIN_CONTAINED = 12;

const FICTION =
  /fiction|short stor|stories|poetry|poem|novel|literature|littérature|roman|nouvelle|erzählung|kurzgeschichte|cuento|relato|novela/;

// Language rules, in the four languages. Each names what a fact-checker would not check.
const QUESTION = /[?¿][\s"”’»)]*$/u;
const DATELINE_WORDS =
  /\b(published|updated|posted|last modified|first published|veröffentlicht|aktualisiert|publié|mis à jour|publicado|actualizado)(?!\p{L})/iu;
/** The project's month names and abbreviations in the four languages (lib/dates/dates-text.ts), as a pattern. */
const MONTH_WORD = `(?:${[...MONTH_NUMBERS.keys()]
  .sort((x, y) => y.length - x.length)
  .map(escapeRegExp)
  .join('|')})\\.?`;
const TIME_OR_DATE = new RegExp(
  `\\b\\d{1,2}:\\d{2}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b${MONTH_WORD}(?![\\p{L}])\\s+\\d{1,2}\\b|\\b\\d{1,2}\\.?\\s+(de\\s+)?${MONTH_WORD}(?![\\p{L}])`,
  'iu',
);
/** A byline: "By" and two or more capitalised words (a name), not "By the 15th century". */
const BYLINE_START =
  /^([Bb]y|[Vv]on|[Pp]ar|[Pp]or|[Ww]ritten by|[Rr]eported by|[Tt]ext by|[Pp]hotos? by)\s+(?!(the|a|an|der|die|das|den|dem|le|la|les|el|los|las|un|une|una)\s)\p{Lu}[\p{L}.'’-]*\s+(\p{Lu}[\p{L}.'’-]*\s*)+([,&]|and|und|et|y|$)/u;
const BYLINE_ROLES = /\((reporting|photography|photographs|photos|writing|editing|video|graphics|additional reporting)\)/iu;
const CREDIT =
  /(\b(photo|photograph|image|picture|illustration|video|credit|credits|foto|bild|crédit|crédits|ilustración|imagen)s?\s*(:|\bby\b|\bvon\b|\bpar\b|\bpor\b)|©|\bcredit\s*credit|\bcredit\p{Lu}|\(photo\b|\bphoto courtesy\b|\bcourtesy of\b.{0,60}$)/iu;
const BIO =
  /\b(is|was|has been)\s+(an?|the)\s+([\p{L}-]+\s+){0,4}(writer|reporter|correspondent|editor|journalist|columnist|contributor|photographer|producer|author of)\b|\bjoined\b.{0,80}\bas\s+an?\s+([\p{L}-]+\s+){0,3}(writer|reporter|editor|correspondent|columnist|photographer|producer)\b|\bfollow (him|her|them) on\b|\bsince joining\b.{0,60}\b(?:has|have)\s+(?:covered|reported|written|edited)\b|\b(ist|war)\s+(\p{L}+\s+){0,3}(Redakteur|Redakteurin|Korrespondent|Korrespondentin|Journalist|Journalistin|Autor|Autorin)\b|\b(est|était)\s+(\p{L}+\s+){0,3}(journaliste|rédacteur|rédactrice|correspondant|correspondante|chroniqueur|chroniqueuse)\b|\b(es|fue)\s+(\p{L}+\s+){0,3}(periodista|redactor|redactora|corresponsal|columnista)\b/iu;
const INSTRUCTION =
  /^(click|tap|select|press|go to|visit|subscribe|sign up|sign in|log in|follow us|share this|download|install|type|enter your|scroll|read more|learn more|check out|don['’]t miss|make sure|see also|klicken|tippen|abonnieren|lesen sie|melden sie sich|cliquez|abonnez-vous|lisez|inscrivez-vous|haga clic|haz clic|suscríbete|lea también|regístrate)\b/iu;
const COMMAND =
  /^(\$|#|>>>|>|%)\s|^(sudo|npm|npx|pip|git|cd|curl|wget|docker|apt-get|apt|brew|yarn|make|python3?|node)\s+[-\w./]/u;
const CODE_SYMBOLS = /[{}[\]();=<>$#|\\/_`~^*&]/g;
const SPEECH =
  /\b(said|says|asked|replied|told|cried|whispered|shouted|answered|intimated|exclaimed|added|sagte|fragte|antwortete|rief|dit|demanda|répondit|s'écria|dijo|preguntó|respondió|gritó)\b/iu;
const QUOTED = /^[“"«„‘'—–-]|[”"»“]\s*(,\s*)?$/u;

/** Whether a sentence reads as code or a command line: a prompt or a command, or symbols more than words. */
export function looksLikeCode(s: string): boolean {
  if (COMMAND.test(s)) return true;
  const symbols = s.match(CODE_SYMBOLS)?.length ?? 0;
  return s.length > 0 && symbols / s.length > 0.08 && /[{}();=]/.test(s);
}

/** Whether a line reads as a heading: no closing punctuation, short, its words capitalised. */
function looksLikeHeading(sentence: string, paragraph: string): boolean {
  if (sentence.trim() !== paragraph.trim()) return false;
  if (/[.!?…:;,"”’»)\]]$/u.test(sentence.trim())) return false;
  const words = sentence.trim().split(/\s+/);
  if (words.length > 14) return false;
  const long = words.filter((w) => /^\p{L}{4,}/u.test(w));
  const capitalised = long.filter((w) => /^\p{Lu}/u.test(w));
  return words.length <= 4 || (long.length > 0 && capitalised.length / long.length >= 0.6);
}

/** The share of a page's sentences that are quoted speech: a story's dialogue, when it is high. */
export const DIALOGUE_SHARE = 0.2;

/** Where a sentence stands in its page, for the rules that depend on it. */
export interface SentencePlace {
  /** The sentence's paragraph (its line of the text). */
  paragraph: string;
  /** Where it starts, as a share of the text's length (0 = the first character). */
  at: number;
  /** The page reads as fiction: its metadata says so, or much of it is quoted dialogue. */
  fiction: boolean;
}

/**
 * Why `sentence` is not a claim, from its words and where it stands (its markup role is asked
 * before, by RoleIndex), or null when it may be one. The check-worthiness score comes after.
 */
export function languageReason(sentence: string, place: SentencePlace): LeftReason | null {
  const s = sentence.replace(/\s+/g, ' ').trim();
  const short = s.length <= 200;
  if (looksLikeCode(s)) return 'code';
  if (short && DATELINE_WORDS.test(s) && TIME_OR_DATE.test(s)) return 'dateline';
  if (short && (BYLINE_START.test(s) || BYLINE_ROLES.test(s))) return 'byline';
  if (s.length <= 300 && CREDIT.test(s)) return 'caption';
  if (place.at >= 1 - BIO_TAIL && BIO.test(s)) return 'bio';
  if (looksLikeHeading(s, place.paragraph)) return 'heading';
  if (QUESTION.test(s)) return 'question';
  if (INSTRUCTION.test(s)) return 'instruction';
  if (place.fiction && QUOTED.test(s)) return 'dialogue';
  if (s.length < MIN_CHARS || s.split(' ').length < MIN_WORDS || s.length > MAX_CHARS) return 'fragment';
  return null;
}

/** Whether a sentence is quoted speech with a speech verb (for the page's dialogue share). */
export function isQuotedSpeech(sentence: string): boolean {
  const s = sentence.trim();
  return /[“"«„]/u.test(s) && SPEECH.test(s) && /^[“"«„]/u.test(s);
}
