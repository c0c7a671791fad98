/**
 * Which fact-checkers' reviews are about a checked claim: a review is about it when they share a
 * subject, agree on their figures, state no opposite, and their content terms (stems, a synonym
 * counting as the word) overlap by at least PRIOR_CHECK_THRESHOLD, fitted on the "fit" cases of
 * test/fixtures/prior-checks/pairs.json and measured on the others.
 */
import { normalizeText } from '../text/normalize';
import { words } from '../text/tokens';
import { stem } from '../reading/lexical';
import { namesIn } from '../reading/entities';
import { antonymsOf, lemmaOf, synonymGroups } from '../reading/lexicon';
import { PriorCheckSchema, type ClaimReview, type PriorCheck } from '../shared/claim-review-schema';

/**
 * Least content overlap (Dice, 0–1) of a claim and a review's claim: the middle of the interval of
 * values that classify the "fit" cases best (docs/claims.md; test/unit/claims/prior-checks.test.ts
 * prints the interval and the held-out figures).
 */
export const PRIOR_CHECK_THRESHOLD = 0.49;

/**
 * Function words of the extension's other languages (German, French, Spanish): lib/text/tokens
 * drops the English ones, and these would otherwise count as shared content.
 */
const OTHER_STOPWORDS = new Set(
  // German
  (
    'der die das den dem des ein eine einen einem einer eines und oder aber ist sind war waren wird werden wurde ' +
    'wurden worden sein hat haben hatte nicht kein keine mit von vom zu zum zur im in am an auf aus bei für über ' +
    'unter nach vor durch als wie auch noch nur schon es er sie wir ihr sich dass daß wenn so dann ' +
    // French
    'le la les un une des du de d l et ou mais est sont était étaient sera seront été être a ont avait ne pas plus ' +
    'que qui dont au aux en dans sur sous pour par avec sans ce cette ces son sa ses leur leurs il elle ils elles on ' +
    'se y va vont ' +
    // Spanish
    'el los las una unos unas del al y o pero es son era eran será fue fueron ser ha han había no más que quien ' +
    'en con sin por para sobre su sus lo se le les este esta estos estas ese esa como muy'
  ).split(' '),
);

/** A text's words that carry content: lower-cased, without the other languages' function words. */
function contentText(text: string): string {
  return words(normalizeText(text))
    .filter((w) => !OTHER_STOPWORDS.has(w))
    .join(' ');
}

/** What a claim offers to the comparison. */
interface Reading {
  /** Distinct content terms (stems), figures left out. */
  terms: Set<string>;
  /** Each term's synonym groups. */
  groups: Map<string, readonly number[]>;
  /** Figures as written, thousands separators removed ("412,000" → "412000"). */
  figures: Set<string>;
  /** Lemmas of the words. */
  lemmas: Set<string>;
  /** Each name's words (lower case). */
  names: string[][];
}

function read(text: string): Reading {
  const content = contentText(text);
  const termWords = words(content).filter((w) => w.length > 1 && !/^\d/.test(w));
  const groups = new Map<string, readonly number[]>();
  for (const w of termWords) groups.set(stem(w), [...(groups.get(stem(w)) ?? []), ...synonymGroups(w)]);
  return {
    terms: new Set(groups.keys()),
    groups,
    figures: new Set(
      words(text)
        .filter((w) => /^\d/.test(w))
        .map((w) => w.replace(/,(?=\d{3}\b)/g, '')),
    ),
    lemmas: new Set(termWords.map(lemmaOf)),
    names: namesIn(text).map((n) => n.keys),
  };
}

/** How many of `a`'s terms `b` has, by stem or by a shared synonym group. */
function met(a: Reading, b: Reading): number {
  const bGroups = new Set([...b.groups.values()].flat());
  let n = 0;
  for (const t of a.terms) if (b.terms.has(t) || (a.groups.get(t) ?? []).some((g) => bGroups.has(g))) n++;
  return n;
}

/** Whether the two name one subject: no names on a side, or a name's word on both. */
function sameSubject(a: Reading, b: Reading): boolean {
  if (a.names.length === 0 || b.names.length === 0) return true;
  const bWords = new Set(b.names.flat());
  return a.names.some((name) => name.some((w) => bWords.has(w)));
}

/** Whether one states a word whose opposite the other states, and not the word itself ("rose" / "fell"). */
function opposite(a: Reading, b: Reading): boolean {
  const one = (x: Reading, y: Reading) =>
    [...x.lemmas].some((l) => !y.lemmas.has(l) && antonymsOf(l).some((anti) => y.lemmas.has(anti) && !x.lemmas.has(anti)));
  return one(a, b) || one(b, a);
}

/** How a review's claim compares with a checked claim. */
export interface ReviewComparison {
  /** Dice overlap of their content terms, 0–1. */
  overlap: number;
  /** They name one subject (or one of them names none). */
  sameSubject: boolean;
  /** Every figure of the review is in the claim (or one of them states none). */
  figuresAgree: boolean;
  /** One states the opposite of a word of the other. */
  opposite: boolean;
  /** All the above hold and the overlap reaches PRIOR_CHECK_THRESHOLD. */
  matches: boolean;
}

/** Compares a checked claim with the claim a fact-checker reviewed. */
export function compareWithReview(claim: string, reviewed: string, threshold = PRIOR_CHECK_THRESHOLD): ReviewComparison {
  const a = read(claim);
  const b = read(reviewed);
  const size = a.terms.size + b.terms.size;
  const overlap = size === 0 ? 0 : (met(a, b) + met(b, a)) / size;
  const figuresAgree = a.figures.size === 0 || b.figures.size === 0 || [...b.figures].every((f) => a.figures.has(f));
  const subject = sameSubject(a, b);
  const opp = opposite(a, b);
  return {
    overlap,
    sameSubject: subject,
    figuresAgree,
    opposite: opp,
    matches: subject && figuresAgree && !opp && overlap >= threshold,
  };
}

/**
 * The reviews that are about `claim`, closest first (a review without claim text is about nothing
 * it can be matched to). The reviews are never changed.
 */
export function matchingReviews(
  claim: string,
  reviews: readonly ClaimReview[],
  threshold = PRIOR_CHECK_THRESHOLD,
): ClaimReview[] {
  return reviews
    .map((review) => ({ review, c: review.claimReviewed ? compareWithReview(claim, review.claimReviewed, threshold) : null }))
    .filter((x) => x.c?.matches)
    .sort((x, y) => y.c!.overlap - x.c!.overlap)
    .map((x) => x.review);
}

/** A review as a prior check of a claim: who, when, what rating, where; null when it has no rating to show. */
export function toPriorCheck(review: ClaimReview, source: PriorCheck['source']): PriorCheck | null {
  if (!review.rating) return null;
  const check = {
    reviewer: review.author,
    date: review.datePublished,
    rating: review.rating,
    url: review.url,
    claimReviewed: review.claimReviewed,
    source,
  };
  const parsed = PriorCheckSchema.safeParse(Object.fromEntries(Object.entries(check).filter(([, v]) => v !== undefined)));
  return parsed.success ? parsed.data : null;
}

/**
 * The prior checks of `claim` among reviews from pages and from the Fact Check Tools API: the
 * matching ones, closest first, one per review URL (the same review found on a page and through the
 * API is shown once, as found on the page).
 */
export function priorChecksFor(
  claim: string,
  found: ReadonlyArray<{ reviews: readonly ClaimReview[]; source: PriorCheck['source'] }>,
): PriorCheck[] {
  const seen = new Set<string>();
  const out: PriorCheck[] = [];
  for (const { reviews, source } of [...found].sort((x, y) => (x.source === 'page' ? 0 : 1) - (y.source === 'page' ? 0 : 1)))
    for (const review of matchingReviews(claim, reviews)) {
      const check = toPriorCheck(review, source);
      const key = check?.url ?? `${check?.reviewer}|${check?.claimReviewed}|${check?.rating}`;
      if (!check || seen.has(key)) continue;
      seen.add(key);
      out.push(check);
    }
  return out;
}
