import type { MarkupRoles } from '../pages/markup-roles';
import { sentenceSpans } from '../text/sentences';
import { checkworthiness, CHECKWORTHY_THRESHOLD } from './checkworthy';
import { DIALOGUE_SHARE, isQuotedSpeech, languageReason, RoleIndex, type LeftOut } from './left-out';
import { addsNothing, standaloneClaims, type StandaloneClaim } from '../standalone/standalone';
import type { CheckableClaim } from './claim';

export type { CheckableClaim } from './claim';

/**
 * The claims of a page without a model, in code: each sentence as people write it (lib/text/
 * sentences.ts mends the segmenter's cuts), what is not a claim left out with its reason
 * (left-out.ts), the rest scored by the check-worthiness model (checkworthy.ts) and the ones at or
 * above its threshold kept, each with its standalone form (standalone.ts): the form searched and
 * judged, while the sentence as written is what the page shows and marks.
 */

/** A page as the claim finder reads it. */
export interface ClaimPage {
  text: string;
  title?: string | undefined;
  /** The page's publication date (ISO), for making relative times absolute; null or absent: undated. */
  published?: string | null | undefined;
  /** What the page's markup says its texts are (extraction's `roles`). */
  roles?: MarkupRoles | undefined;
}

/** What the claim finder kept and what it left out. */
export interface PageClaims {
  claims: CheckableClaim[];
  left: LeftOut[];
}

/** The page reads as fiction: its metadata says so, or most of its sentences are quoted speech. */
function readsAsFiction(index: RoleIndex, sentences: string[]): boolean {
  if (index.fiction) return true;
  if (sentences.length < 10) return false;
  const quoted = sentences.filter(isQuotedSpeech).length;
  return quoted / sentences.length >= DIALOGUE_SHARE && quoted >= 10;
}

/**
 * The page's claims in page order (up to `max`), and every sentence left out with its reason.
 * Linear in the text's length.
 */
export function pageClaims(page: ClaimPage, max = Infinity): PageClaims {
  const { text } = page;
  const index = new RoleIndex(page.roles);
  const spans = sentenceSpans(text);
  const sentences = spans.map(([s, e]) => text.slice(s, e));
  const fiction = readsAsFiction(index, sentences);
  const left: LeftOut[] = [];
  const kept: Array<{ sentence: string; start: number; end: number; score: number }> = [];
  let lineStart = 0;
  let lineEnd = -1;
  for (let i = 0; i < spans.length; i++) {
    const [start, end] = spans[i]!;
    if (start > lineEnd) {
      lineStart = text.lastIndexOf('\n', start - 1) + 1;
      lineEnd = text.indexOf('\n', start);
      if (lineEnd < 0) lineEnd = text.length;
    }
    const sentence = sentences[i]!;
    const paragraph = text.slice(lineStart, lineEnd);
    const leave = (reason: LeftOut['reason']) => left.push({ text: sentence, start, end, reason });
    const role = index.roleOf(sentence, paragraph);
    if (role) {
      leave(role);
      continue;
    }
    const reason = languageReason(sentence, { paragraph, at: text.length ? start / text.length : 0, fiction });
    if (reason) {
      leave(reason);
      continue;
    }
    const score = checkworthiness(sentence);
    if (score < CHECKWORTHY_THRESHOLD) {
      leave('not-check-worthy');
      continue;
    }
    if (kept.length < max) kept.push({ sentence, start, end, score });
  }
  const forms = standaloneClaims({ text, title: page.title ?? '', published: page.published ?? null }, kept);
  return { claims: kept.map((k, i) => claimOf(k, forms[i]!)), left };
}

/** A claim a model proposed, located in the text by its sentence, with its 1–5 rating. */
type Proposed = CheckableClaim & { rating?: number };

/**
 * The model's claims, disposed by the code: a claim from a sentence the code left out for what it
 * is (a caption, a byline, code…) is dropped; a standalone claim that adds a name, number or date
 * the page does not state is refused and its sentence's code form checked instead; each is scored
 * by the check-worthiness model (its rating stays one input of the rank). The sentences the model
 * made claims of leave the left-out list; the rest of it stays.
 */
export function disposeModelClaims(
  proposed: Proposed[],
  code: PageClaims,
  page: ClaimPage,
): { claims: Proposed[]; left: LeftOut[]; notes: string[] } {
  const notes: string[] = [];
  const leftAt = new Map(code.left.map((l) => [`${l.start}:${l.end}`, l]));
  const codeAt = new Map(code.claims.map((c) => [`${c.start}:${c.end}`, c]));
  const used = new Set<string>();
  const refused = new Set<string>();
  const claims: Proposed[] = [];
  for (const p of proposed) {
    const at = `${p.start}:${p.end}`;
    const left = leftAt.get(at);
    if (left && left.reason !== 'not-check-worthy') {
      notes.push(`a claim from a ${left.reason} was left out: "${p.text.slice(0, 80)}"`);
      continue;
    }
    used.add(at);
    const score = codeAt.get(at)?.score ?? checkworthiness(p.sentence);
    // What the code's own form of the sentence states counts as the page's: a year it made absolute ("next year" → 2019).
    const check = addsNothing(p.text, `${page.text}\n${codeAt.get(at)?.text ?? ''}`);
    if (check.ok) {
      claims.push({ ...p, score });
      continue;
    }
    notes.push(
      `the model's claim added ${check.added.join(', ')}, which the page does not state: its sentence is checked instead`,
    );
    if (refused.has(at)) continue; // the sentence's own form is in the list already
    refused.add(at);
    const own = codeAt.get(at) ?? pageClaimForm(page, { sentence: p.sentence, start: p.start, end: p.end, score });
    claims.push({ ...own, ...(p.rating ? { rating: p.rating } : {}) });
  }
  return { claims, left: code.left.filter((l) => !used.has(`${l.start}:${l.end}`)), notes };
}

/** One sentence's code form: its standalone text, and whether it needs context or has a speaker. */
function pageClaimForm(page: ClaimPage, k: { sentence: string; start: number; end: number; score: number }): CheckableClaim {
  return claimOf(k, standaloneClaims({ text: page.text, title: page.title ?? '', published: page.published ?? null }, [k])[0]!);
}

/** A kept sentence with its standalone form. */
function claimOf(k: { sentence: string; start: number; end: number; score: number }, f: StandaloneClaim): CheckableClaim {
  return {
    text: f.standalone,
    sentence: k.sentence,
    start: k.start,
    end: k.end,
    score: k.score,
    ...(f.needsContext ? { needsContext: true } : {}),
    ...(f.speaker ? { speaker: f.speaker } : {}),
  };
}
