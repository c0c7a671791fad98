import { z } from 'zod';

/** Longest claim text kept from a review (a claim is a sentence or two; a longer one is cut). */
export const MAX_CLAIM_CHARS = 1000;
/** Longest name, rating or date kept. */
export const MAX_LABEL_CHARS = 200;
/** Longest URL kept. */
export const MAX_URL_CHARS = 2048;
/** Most appearances kept per review. */
export const MAX_APPEARANCES = 10;
/** Most reviews kept per page. */
export const MAX_REVIEWS = 50;

/** An absolute http(s) URL (never javascript:, data: or a relative link). */
const WebUrl = z
  .string()
  .max(MAX_URL_CHARS)
  .regex(/^https?:\/\/[^\s/]+/i);

/**
 * A fact-checker's rating of a claim, read from a page's schema.org ClaimReview markup (JSON-LD or
 * microdata). Every field is text as the page wrote it, to render as text; missing ones stay undefined.
 */
export const ClaimReviewSchema = z.object({
  /** The claim the review rates (`claimReviewed`, else the reviewed Claim's text). */
  claimReviewed: z.string().max(MAX_CLAIM_CHARS).optional(),
  /** The rating as written: `reviewRating.alternateName` (else its `name`), else "ratingValue/bestRating". */
  rating: z.string().max(MAX_LABEL_CHARS).optional(),
  /** `reviewRating.ratingValue` when it is a number. */
  ratingValue: z.number().finite().optional(),
  /** `reviewRating.bestRating` when it is a number. */
  bestRating: z.number().finite().optional(),
  /** `reviewRating.worstRating` when it is a number. */
  worstRating: z.number().finite().optional(),
  /** Who reviewed: the review's author (else publisher) name. */
  author: z.string().max(MAX_LABEL_CHARS).optional(),
  /** When the review was published, as written. */
  datePublished: z.string().max(MAX_LABEL_CHARS).optional(),
  /** The review's own address. */
  url: WebUrl.optional(),
  /** Who made the claim: the reviewed Claim's author name. */
  claimAuthor: z.string().max(MAX_LABEL_CHARS).optional(),
  /** Where the claim appeared (the Claim's appearance and firstAppearance URLs). */
  appearances: z.array(WebUrl).max(MAX_APPEARANCES).optional(),
});
export type ClaimReview = z.infer<typeof ClaimReviewSchema>;

/** Where a prior check was found: on a page Spanlight read, or through the Fact Check Tools API. */
export const PriorCheckSourceSchema = z.enum(['page', 'fact-check-tools']);

/**
 * A fact-checker's earlier rating of a checked claim, kept apart from Spanlight's own verdict and
 * never replacing it.
 */
export const PriorCheckSchema = z.object({
  /** Who reviewed the claim (the fact-checking organisation). */
  reviewer: z.string().max(MAX_LABEL_CHARS).optional(),
  /** When the review was published, as written. */
  date: z.string().max(MAX_LABEL_CHARS).optional(),
  /** The rating as the reviewer wrote it ("False", "Mostly true", "1/5"). */
  rating: z.string().max(MAX_LABEL_CHARS).optional(),
  /** The review's address. */
  url: WebUrl.optional(),
  /** The claim as the reviewer wrote it. */
  claimReviewed: z.string().max(MAX_CLAIM_CHARS).optional(),
  /** Where Spanlight found the review. */
  source: PriorCheckSourceSchema,
});
export type PriorCheck = z.infer<typeof PriorCheckSchema>;
