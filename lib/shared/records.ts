import { z } from 'zod';
import {
  AnswerResultSchema,
  CheckedClaimSchema,
  ClaimSchema,
  EvidenceSpanSchema,
  FoundClaimSchema,
  PageSchema,
  SearchHitSchema,
} from './types';

/**
 * Stored records as zod schemas: validated on read, importable without Dexie by the panel, messaging,
 * the CLI and lib/db alike.
 */

/** Progress of a job, as the panel shows it. */
export const JobEventSchema = z.object({
  at: z.string(),
  stage: z.string(),
  message: z.string(),
});
export type JobEvent = z.infer<typeof JobEventSchema>;

/** How a follow-up question was made to stand alone before it was searched (lib/planning/follow-up.ts). */
export const FollowUpSchema = z.object({
  /** The answer it follows in the thread. */
  previousAnswerId: z.string(),
  /** The follow-up as the person typed it; the record's `question` is what was searched. */
  asked: z.string(),
  /** model: rewritten by the model; heuristic: the previous question's key terms carried over; unchanged: it stood alone. */
  method: z.enum(['model', 'heuristic', 'unchanged']),
  /** Why the rewrite took this form, when it was not the plain case (e.g. the model could not be reached). */
  note: z.string().optional(),
  /** Tokens the model rewrite used, for the trace. */
  tokensIn: z.number().optional(),
  tokensOut: z.number().optional(),
  /** How long the rewrite took. */
  ms: z.number().optional(),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

export const TabChoiceSchema = z.enum(['none', 'active', 'window']);
export type TabChoice = z.infer<typeof TabChoiceSchema>;

/** A fact-check's claim as it settled while the check ran: its verdict and the spans it names. */
export const SettledClaimSchema = z.object({
  claim: CheckedClaimSchema.required({ rank: true, worth: true }),
  evidence: z.array(EvidenceSpanSchema),
});
export type SettledClaimRecord = z.infer<typeof SettledClaimSchema>;

/** A running fact-check's state, stored as it goes: a worker stopped by the browser loses none of it. */
export const FactCheckStateSchema = z.object({
  pageUrl: z.string(),
  pageTitle: z.string(),
  /** The claims of this pass, ranked, found once (or kept from the earlier pass). */
  found: z.array(FoundClaimSchema.required({ rank: true, worth: true })),
  /** Claims this pass is to check (the budget, or all of an earlier pass's rest). */
  budget: z.number().int(),
  /** The verdicts settled so far. */
  settled: z.array(SettledClaimSchema),
  /** The answer this pass continues ("check the rest"), merged into the result. */
  earlierAnswerId: z.string().optional(),
  /** This pass checks again the earlier pass's unchecked claims ("Retry"): their new verdicts replace them. */
  retryUnchecked: z.boolean().optional(),
});
export type FactCheckState = z.infer<typeof FactCheckStateSchema>;

/** A question being (or having been) answered. Lives here, not in worker memory (MV3). */
export const JobRecordSchema = z.object({
  id: z.string(),
  question: z.string(),
  tabs: TabChoiceSchema,
  /** The window the question was asked from (for "tabs in this window"). */
  windowId: z.number().int().optional(),
  status: z.enum(['running', 'done', 'interrupted']),
  createdAt: z.string(),
  updatedAt: z.string(),
  events: z.array(JobEventSchema),
  /** Set when status is "done". */
  answerId: z.string().optional(),
  /** Claims verified so far while the model writes (streamed to the panel). */
  claims: z.array(ClaimSchema).default([]),
  /** Set when the question is a follow-up in a thread. */
  followUp: FollowUpSchema.optional(),
  /** Set when the job is a fact-check, once its claims are found. */
  factCheck: FactCheckStateSchema.optional(),
});
export type JobRecord = z.infer<typeof JobRecordSchema>;

/** A finished answer with its frozen evidence and trace. */
export const AnswerRecordSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  question: z.string(),
  createdAt: z.string(),
  result: AnswerResultSchema,
  /** Set when the question is a follow-up in a thread. */
  followUp: FollowUpSchema.optional(),
});
export type AnswerRecord = z.infer<typeof AnswerRecordSchema>;

export const PageCacheRecordSchema = z.object({
  url: z.string(),
  page: PageSchema,
  etag: z.string().optional(),
  fetchedAt: z.string(),
});
export type PageCacheRecord = z.infer<typeof PageCacheRecordSchema>;

export const SearchCacheRecordSchema = z.object({
  /** provider + normalised query + freshness. */
  key: z.string(),
  hits: z.array(SearchHitSchema),
  expiresAt: z.string(),
});
export type SearchCacheRecord = z.infer<typeof SearchCacheRecordSchema>;

/** The export file: answers with their frozen evidence and traces. Settings (and so keys) are never in it. */
export const HistoryExportSchema = z.object({
  format: z.literal('spanlight-history'),
  version: z.literal(1),
  exportedAt: z.string(),
  answers: z.array(z.unknown()),
});
