import type { CheckableClaim } from './split-claims';

/** A claim found in the checked text, with how worth checking it is and its place in the order. */
export interface RankedClaim extends CheckableClaim {
  /** 1 = checked first. */
  rank: number;
  /** The code's score (higher = more worth checking); the model's rating, when there was one, is in it. */
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
/** How much one step of the model's 1–5 rating moves a claim, against the code's features. */
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

/** The code's score of a claim: its features' weights, plus the model's rating around its middle (3). */
export function claimWorth(text: string, rating?: number): number {
  const f = worthFeatures(text);
  let worth = 0;
  for (const k of Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>) if (f[k]) worth += WEIGHTS[k];
  if (rating !== undefined) worth += (Math.min(5, Math.max(1, rating)) - 3) * RATING_WEIGHT;
  return worth;
}

/**
 * Orders claims by how worth checking they are (the code's score, in which a model's rating counts),
 * then by their place in the text; numbers them 1… in that order. The code orders, never the model.
 */
export function rankClaims(claims: Array<CheckableClaim & { rating?: number }>): RankedClaim[] {
  return claims
    .map((c, i) => ({ c, i, worth: claimWorth(c.text, c.rating) }))
    .sort((a, b) => b.worth - a.worth || a.c.start - b.c.start || a.i - b.i)
    .map(({ c, worth }, k) => ({ ...c, worth, rank: k + 1 }));
}
