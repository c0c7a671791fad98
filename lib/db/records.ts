import { z } from 'zod';
import { AnswerResultSchema, ClaimSchema, PageSchema, SearchHitSchema } from '../types';

/** Stored records as zod schemas: validated on read, importable without Dexie (content scripts, CLI). */

/** Progress of a job, as the panel shows it. */
export const JobEventSchema = z.object({
  at: z.string(),
  stage: z.string(),
  message: z.string(),
});
export type JobEvent = z.infer<typeof JobEventSchema>;

export const TabChoiceSchema = z.enum(['none', 'active', 'window']);
export type TabChoice = z.infer<typeof TabChoiceSchema>;

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
});
export type JobRecord = z.infer<typeof JobRecordSchema>;

/** A finished answer with its frozen evidence and trace. */
export const AnswerRecordSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  question: z.string(),
  createdAt: z.string(),
  result: AnswerResultSchema,
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
