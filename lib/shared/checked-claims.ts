import { z } from 'zod';
import { PriorCheckSchema } from './claim-review-schema';

/** A fact-check's claims as results store them (lib/shared/types.ts re-exports these). */

/** A claim found in a checked text and kept for the check: where its sentence is, and its rank. */
export const FoundClaimSchema = z.object({
  /** The claim as it stands alone: what was searched and judged (the sentence itself when nothing needed resolving). */
  text: z.string(),
  /** The sentence in the checked text, verbatim, and its offsets there. */
  sentence: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /** Its place in the order of checking (1 = first); absent in results stored before claims were ranked. */
  rank: z.number().int().optional(),
  /** The code's score of how worth checking it is. */
  worth: z.number().optional(),
  /** The model's own 1–5 rating, when a model found it. */
  rating: z.number().int().optional(),
  /** A reference in it the page does not resolve (a pronoun, "the company", a relative time on an undated page). */
  needsContext: z.boolean().optional(),
  /** Who is quoted, for a quotation with its attribution. */
  speaker: z.string().optional(),
});
export type FoundClaim = z.infer<typeof FoundClaimSchema>;

/**
 * Why a claim was not checked: the provider failure its search ended with (a ProviderFailure, of
 * which this is the part a claim keeps; types.ts imports this file, so the schema is not shared).
 */
export const ClaimFailureSchema = z.object({
  provider: z.string(),
  kind: z.string(),
  /** The English text. */
  message: z.string(),
  /** The failure's code (lib/shared/failure-codes.ts) and its parameters: the panel words it from them. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export type ClaimFailure = z.infer<typeof ClaimFailureSchema>;

/**
 * What a claim's own source (a link in its sentence, its footnote, the report it cites) says of it:
 * shown beside the verdict, never counted in it. `spanId` names the passage in the evidence.
 */
export const OwnSourceSchema = z.object({
  url: z.string(),
  via: z.enum(['link', 'footnote', 'attribution']),
  reading: z.enum(['states', 'contradicts', 'silent', 'unread']),
  spanId: z.string().optional(),
  reason: z.string(),
});
export type OwnSource = z.infer<typeof OwnSourceSchema>;

export const CheckedClaimSchema = FoundClaimSchema.extend({
  /** `unchecked`: every search for it failed (issue #33); no verdict, never marked on the page. */
  verdict: z.enum(['supported', 'contradicted', 'not-found', 'mixed', 'unchecked']),
  for: z.array(z.string()),
  against: z.array(z.string()),
  reasons: z.array(z.string()),
  /** Without a verdict: the closest passages read (span ids in the evidence) and the sentence of each nearest the claim. */
  closest: z.array(z.object({ spanId: z.string(), sentence: z.string() })).optional(),
  /** For an unchecked claim: why its search failed (the first provider's failure). */
  failure: ClaimFailureSchema.optional().catch(undefined),
  /** Fact-checkers' earlier ratings of the claim (issue #26), apart from the verdict; unreadable when stored: left out. */
  priorChecks: z.array(PriorCheckSchema).optional().catch(undefined),
  /** What the claim's own sources say of it (issue #38); unreadable when stored: left out. */
  ownSources: z.array(OwnSourceSchema).optional().catch(undefined),
  /** While the check runs: how many of its own sources are still being read (its verdict came first). */
  ownSourcesReading: z.number().int().positive().optional().catch(undefined),
});
export type CheckedClaimRecord = z.infer<typeof CheckedClaimSchema>;

/** Why a sentence of a checked text was not taken as a claim (lib/factcheck/left-out.ts). */
export const LeftReasonSchema = z.enum([
  'caption',
  'heading',
  'code',
  'byline',
  'dateline',
  'bio',
  'dialogue',
  'question',
  'instruction',
  'fragment',
  'not-check-worthy',
]);

/** A sentence left out of a fact-check's claims, with its offsets and why. */
export const LeftOutSchema = z.object({
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  reason: LeftReasonSchema,
});
export type LeftOutRecord = z.infer<typeof LeftOutSchema>;
