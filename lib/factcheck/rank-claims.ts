import type { CheckableClaim } from './claim';

/** A claim found in the checked text, with how worth checking it is and its place in the order. */
export interface RankedClaim extends CheckableClaim {
  /** 1 = checked first. */
  rank: number;
  /** The code's score (higher = more worth checking, claimScore); the model's rating, when there was one, is in it. */
  worth: number;
  /** The model's own rating, 1 (general) to 5 (a specific, central, checkable fact), when a model found the claim. */
  rating?: number;
}

/** What a claim states that makes it worth checking, each with its weight. */
export interface WorthFeatures {
  number: boolean;
  date: boolean;
  name: boolean;
  comparison: boolean;
  cause: boolean;
  /** Hedged or first-person: a view more than a fact. */
  general: boolean;
}

const WEIGHTS = { number: 3, date: 2, name: 2, comparison: 1, cause: 1, general: -2 } as const;
/** How much one step of a model's 1–5 rating moves the hand score. */
const RATING_WEIGHT = 1;

// A year is a date, not a quantity; a figure with digits that is not a year is a quantity.
const YEAR = /\b(1[5-9]\d\d|20\d\d)s?\b/;
const FIGURE = /\d/;
// English and German month names are capitalised (case-sensitive: "may" hedges, "May" is a month);
// French and Spanish ones are written in lower case.
const MONTH =
  /\b(Jan(uary)?|Feb(ruary)?|Mar(ch)?|Apr(il)?|May|June?|July?|Aug(ust)?|Sep(t|tember)?|Oct(ober)?|Nov(ember)?|Dec(ember)?|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember)\b|\b(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b/u;
const NUMBER_WORD =
  /\b(hundreds?|thousands?|millions?|billions?|trillions?|dozens?|half|twice|double|triple|percent|per cent|Prozent|pour cent|por ciento|Millionen|Milliarden|millones|millions de)\b/i;
/** A capitalised word after the sentence's first word, or an initialism: a name. */
const NAME = /(?<=\S\s+)(?:\p{Lu}\p{Ll}+|\p{Lu}{2,})/u;
const COMPARISON =
  /\b(more|less|fewer|greater|higher|lower|larger|smaller|bigger|most|least|than|compared|largest|biggest|smallest|highest|lowest|first|last|record|mehr|weniger|größte|höchste|erste|plus|moins|premier|première|más|menos|mayor|menor|primero|primera)\b/i;
const CAUSE =
  /\b(because|caused|causes|causing|due to|led to|leads to|lead to|result(?:s|ed)? in|as a result|therefore|owing to|thanks to|weil|wegen|deshalb|führte zu|parce que|à cause|grâce à|entraîn\w+|porque|debido a|causó|provoc\w+)\b/i;
// Case-sensitive: "may" hedges, "May" is a month.
const GENERAL =
  /\b(I|[Ww]e|[Yy]ou|[Mm]y|[Oo]ur|may|might|could|[Pp]erhaps|[Mm]aybe|probably|should|[Ii]ch|[Ww]ir|vielleicht|[Jj]e|[Nn]ous|peut-être|[Yy]o|[Nn]osotros|quizás|tal vez)\b/u;

/** The features of a claim that make it worth checking, read from its words (no site, no case). */
export function worthFeatures(text: string): WorthFeatures {
  const withoutYears = text.replace(new RegExp(YEAR.source, 'g'), ' ');
  return {
    number: FIGURE.test(withoutYears) || NUMBER_WORD.test(text),
    date: YEAR.test(text) || MONTH.test(text),
    name: NAME.test(text),
    comparison: COMPARISON.test(text),
    cause: CAUSE.test(text),
    general: GENERAL.test(text),
  };
}

/** The hand score of a claim: its features' weights, plus the model's rating around its middle (3). Features of the check-worthiness model; the ranking's score before it. */
export function claimWorth(text: string, rating?: number): number {
  const f = worthFeatures(text);
  let worth = 0;
  for (const k of Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>) if (f[k]) worth += WEIGHTS[k];
  if (rating !== undefined) worth += (Math.min(5, Math.max(1, rating)) - 3) * RATING_WEIGHT;
  return worth;
}

/** How much one step of a model's 1–5 rating moves a claim's score (a probability, 0–1): one input, never the only one. */
const RATING_STEP = 0.05;
/** How much a claim that states the page's own subject (every content word of its title) gains. */
const CENTRAL_WEIGHT = 0.15;

/** Words of four letters or more, cut to their first five (so "costs" meets "cost", "military" "militar…"). */
function stems(s: string): Set<string> {
  return new Set((s.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.slice(0, 5)));
}

/** The share of the title's words a claim states: the point of the page, when the title says it. */
export function centrality(claim: string, title: string | undefined): number {
  const wanted = stems(title ?? '');
  if (wanted.size === 0) return 0;
  const have = stems(claim);
  let n = 0;
  for (const w of wanted) if (have.has(w)) n++;
  return n / wanted.size;
}

/**
 * A claim's score: the check-worthiness model's probability (the hand score's logistic when a claim
 * has none), the model's rating around its middle, and how much of the page's title it states.
 */
export function claimScore(c: CheckableClaim & { rating?: number }, title?: string): number {
  const base = c.score ?? 1 / (1 + Math.exp(-(claimWorth(c.text) - 4) / 2));
  const rating = c.rating === undefined ? 0 : (Math.min(5, Math.max(1, c.rating)) - 3) * RATING_STEP;
  return base + rating + CENTRAL_WEIGHT * centrality(c.sentence, title);
}

/**
 * Orders claims by how worth checking they are: the ones that stand alone before the ones that need
 * context, then by score, then by their place in the text; numbers them 1… in that order. The code
 * orders, never the model.
 */
export function rankClaims(claims: Array<CheckableClaim & { rating?: number }>, title?: string): RankedClaim[] {
  return claims
    .map((c, i) => ({ c, i, worth: claimScore(c, title) }))
    .sort(
      (a, b) =>
        Number(a.c.needsContext ?? false) - Number(b.c.needsContext ?? false) ||
        b.worth - a.worth ||
        a.c.start - b.c.start ||
        a.i - b.i,
    )
    .map(({ c, worth }, k) => ({ ...c, worth, rank: k + 1 }));
}
