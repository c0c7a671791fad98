import { z } from 'zod';
import { AnswerRecordSchema, JobRecordSchema, TabChoiceSchema } from '../shared/records';
import {
  ModelCapabilitiesSchema,
  ReleaseSourceIdSchema,
  SearchProviderIdSchema,
  SettingsSchema,
  TabsPolicySchema,
} from '../settings';
import { perProvider } from '../providers/registry';
import { KeylessSettingsSchema } from '../providers/search-provider';

/**
 * Every message each direction may send, with payload and result schemas. Payloads are validated
 * where they are received, results where they come back; callers never assert a type.
 */

// The content script's calls and the envelope are declared in content-calls.ts (zod/mini, small
// enough for the page); every other side reads them from here, with the background's calls.
export {
  contentCalls,
  EnvelopeSchema,
  type ContentCallName,
  type ContentCalls,
  type Envelope,
  type Payload,
  type Result,
  type Value,
} from './content-calls';

/** The schema of a reply: the call's result as `{ok: true, value}`, or `{ok: false, error}`. */
export function resultSchema<T extends z.core.$ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: z.string() }),
  ]);
}

const JobId = z.object({ jobId: z.string().min(1).max(100) });

/** The largest answer an import accepts, in characters of JSON (an answer is 6–11 KB; its evidence is capped well below this). */
export const IMPORT_ANSWER_MAX_CHARS = 16_000_000;
/** The most answers in one import chunk. */
export const IMPORT_CHUNK_MAX_ANSWERS = 2_000;

/** How an import went: imported, already there (kept as they were), and the records left out with why. */
export const ImportOutcomeSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  rejected: z.array(z.string()),
});

/** A history row: enough to list and search; the full answer is fetched on open. */
export const HistoryItemSchema = z.object({
  answerId: z.string(),
  question: z.string(),
  createdAt: z.string(),
  mode: z.string(),
  /** For a follow-up: the question as typed (`question` is what was searched). */
  followUp: z.string().optional(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/**
 * What came of opening a citation: highlighted as retrieved, highlighted at the closest match, not
 * found in the page as it is now, or a page extensions may not read (the panel words each one).
 */
export const CitationOutcomeSchema = z.enum(['highlighted', 'closest', 'not-found', 'not-readable', 'opened', 'no-archive']);
export type CitationOutcome = z.infer<typeof CitationOutcomeSchema>;

const PublicKeyed = z.object({ baseUrl: z.string(), hasKey: z.boolean() });
const PublicSettingsSchema = SettingsSchema.extend({
  search: SettingsSchema.shape.search.extend(perProvider(PublicKeyed, KeylessSettingsSchema)),
  model: SettingsSchema.shape.model.omit({ apiKey: true }).extend({ hasKey: z.boolean() }),
  factCheckTools: PublicKeyed,
});

const KeyedUpdate = z.object({ baseUrl: z.string().url(), apiKey: z.string().max(500).optional() });
const KeylessUpdate = z.object({ baseUrl: z.string().url() });
const DomainList = z.array(z.string().trim().toLowerCase().min(1).max(253)).max(500);

/** What the options page sends: a key left undefined is kept, an empty string clears it; fields left out are kept. */
export const SettingsUpdateSchema = z.object({
  search: z.object({
    providers: z.array(SearchProviderIdSchema),
    /** Each provider's endpoint and, when a new one was typed, key; a provider left out is kept as stored. */
    ...perProvider(KeyedUpdate.optional(), KeylessUpdate.optional()),
  }),
  model: z.object({
    kind: z.enum(['extractive', 'openai']),
    baseUrl: z.string().url(),
    apiKey: z.string().max(500).optional(),
    model: z.string().min(1).max(200),
    capabilities: ModelCapabilitiesSchema.optional(),
  }),
  maxPages: z.number().int().min(1).max(10),
  maxSpans: z.number().int().min(1).max(8),
  factCheckBudget: z.number().int().min(1).max(500).optional(),
  ownSourcesPerCheck: z.number().int().min(0).max(50).optional(),
  allowPrivateNetwork: z.boolean(),
  minDomains: z.number().int().min(1).max(5).optional(),
  requirePrimary: z.boolean().optional(),
  primaryDomains: DomainList.optional(),
  allowDomains: DomainList.optional(),
  denyDomains: DomainList.optional(),
  freshnessDays: z.number().int().min(1).max(3650).nullable().optional(),
  judge: z.boolean().optional(),
  prices: SettingsSchema.shape.prices.optional(),
  tabsPolicy: TabsPolicySchema.optional(),
  releaseSources: z.array(ReleaseSourceIdSchema).optional(),
  factCheckTools: KeyedUpdate.optional(),
  wayback: z.object({ apiBaseUrl: z.string().url(), webBaseUrl: z.string().url() }).optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

/**
 * How a "Test connection" went: `works`, or what failed (a ProviderFailure kind, or `json-disabled`
 * for a SearXNG instance without JSON output). `message` is the adapter's own, for a person to act on.
 */
export const ConnectionTestSchema = z.object({
  outcome: z.enum([
    'works',
    'auth',
    'forbidden',
    'json-disabled',
    'rate-limited',
    'server',
    'timeout',
    'network',
    'bad-response',
    'config',
  ]),
  message: z.string(),
  /** Results the test query returned (search providers). */
  count: z.number().int().min(0).optional(),
  /** A fix to show under the message, e.g. OLLAMA_ORIGINS for an Ollama that refuses extensions. */
  hint: z.string().optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

/**
 * A provider as typed on the options page, not yet saved. The key is sent only when a new one was
 * typed; otherwise the background uses the stored one. Keys never travel back.
 */
export const ProviderTestRequestSchema = z.object({
  provider: SearchProviderIdSchema,
  baseUrl: z.string().trim().max(2000),
  apiKey: z.string().max(500).optional(),
});

/** A model endpoint as typed on the options page; the key as in ProviderTestRequestSchema. */
export const ModelEndpointSchema = z.object({
  baseUrl: z.string().trim().max(2000),
  apiKey: z.string().max(500).optional(),
  capabilities: ModelCapabilitiesSchema.optional(),
});
export const ModelTestRequestSchema = ModelEndpointSchema.extend({ model: z.string().trim().min(1).max(200) });

/** The models an endpoint lists (GET {base}/models), and how the request went. */
export const ModelListSchema = z.object({
  models: z.array(z.string()),
  test: ConnectionTestSchema,
});

/** Calls from extension pages (side panel, options) to the background. */
export const backgroundCalls = {
  ask: {
    payload: z.object({
      question: z.string().trim().min(1).max(4000),
      tabs: TabChoiceSchema,
      windowId: z.number().int().optional(),
    }),
    result: JobId,
  },
  retry: { payload: JobId, result: JobId },
  /** Stops a running fact-check: what has settled is kept as its result; false when no such check runs. */
  stopJob: { payload: JobId, result: z.object({ stopped: z.boolean() }) },
  getJob: { payload: JobId, result: z.object({ job: JobRecordSchema, answer: AnswerRecordSchema.optional() }) },
  /**
   * Newest first; with a query, the answers whose question, claims or sources have words starting
   * with every word of it, best first (lib/db/history-index.ts). A search from the same `session`
   * that is still running when a newer one arrives is cancelled: it answers `superseded`.
   */
  listHistory: {
    payload: z.object({ query: z.string().max(500).optional(), session: z.string().max(100).optional() }),
    result: z.object({ items: z.array(HistoryItemSchema), superseded: z.boolean().optional() }),
  },
  getAnswer: { payload: z.object({ answerId: z.string().min(1).max(100) }), result: AnswerRecordSchema },
  /**
   * Opens a cited passage and highlights it. With `archived`, in the Wayback Machine's copy of its
   * page closest to when it was read (outcome `no-archive` when the archive holds none).
   */
  openCitation: {
    payload: z.object({
      answerId: z.string().min(1).max(100),
      spanId: z.string().regex(/^S\d+$/),
      archived: z.boolean().optional(),
    }),
    /** `outcome` is what the panel words from the catalogue; `message` the same in English (logs, tests). */
    result: z.object({ found: z.boolean(), outcome: CitationOutcomeSchema, message: z.string() }),
  },
  /** Opens the Wayback Machine's save page for a cited passage's page in a new tab (only ever on the person's click). */
  archivePage: {
    payload: z.object({ answerId: z.string().min(1).max(100), spanId: z.string().regex(/^S\d+$/) }),
    result: z.object({ opened: z.boolean() }),
  },
  getSettings: { payload: z.object({}), result: PublicSettingsSchema },
  saveSettings: { payload: SettingsUpdateSchema, result: PublicSettingsSchema },
  testProvider: { payload: ProviderTestRequestSchema, result: ConnectionTestSchema },
  listModels: { payload: ModelEndpointSchema, result: ModelListSchema },
  testModel: { payload: ModelTestRequestSchema, result: ConnectionTestSchema },
  /** A follow-up to an answer: rewritten to stand alone (see lib/planning/follow-up.ts), then asked as a new job. */
  followUp: {
    payload: z.object({
      answerId: z.string().min(1).max(100),
      text: z.string().trim().min(1).max(4000),
      tabs: TabChoiceSchema.default('none'),
      windowId: z.number().int().optional(),
    }),
    result: JobId,
  },
  deleteAnswer: { payload: z.object({ answerId: z.string().min(1).max(100) }), result: z.object({ deleted: z.boolean() }) },
  /**
   * One page of the export, newest first, as JSON texts (a few MB at most: the panel assembles the
   * file as a Blob, never one message); `before` is the previous page's `next`. Never settings or keys.
   */
  exportHistoryPage: {
    payload: z.object({ before: z.string().max(300).optional() }),
    result: z.object({ answers: z.array(z.string()), next: z.string().nullable(), total: z.number().int() }),
  },
  /** Starts an import that the panel sends in chunks; nothing enters history before `importCommit`. */
  importBegin: { payload: z.object({}), result: z.object({ importId: z.string() }) },
  /** A chunk of an import: the JSON texts of consecutive answers of the file, the first being answer number `first` (from 0). */
  importChunk: {
    payload: z.object({
      importId: z.string().min(1).max(100),
      seq: z.number().int().min(0),
      first: z.number().int().min(0),
      answers: z.array(z.string().max(IMPORT_ANSWER_MAX_CHARS)).max(IMPORT_CHUNK_MAX_ANSWERS),
    }),
    result: z.object({ staged: z.number().int(), rejected: z.number().int() }),
  },
  /** Moves the staged import into history in one transaction; `header` is the file's other keys (format, version, exportedAt). */
  importCommit: {
    payload: z.object({ importId: z.string().min(1).max(100), header: z.record(z.string(), z.unknown()) }),
    result: ImportOutcomeSchema,
  },
  /** Cancels an import, also one being committed: history stays as it was. */
  importCancel: { payload: z.object({ importId: z.string().min(1).max(100) }), result: z.object({ cancelled: z.boolean() }) },
  /** How many answers, the oldest one's time, the space used; with `before`, how many answers are older than it. */
  historyStorage: {
    payload: z.object({ before: z.iso.date().optional() }),
    result: z.object({
      answers: z.number().int(),
      oldest: z.string().nullable(),
      usageBytes: z.number().nullable(),
      quotaBytes: z.number().nullable(),
      olderThan: z.number().int().optional(),
    }),
  },
  /** Deletes every answer created before a date (the start of that day, UTC). */
  deleteAnswersBefore: { payload: z.object({ before: z.iso.date() }), result: z.object({ deleted: z.number().int() }) },
  /** The job a reopened panel should show: one running, or interrupted, or finished in the last minutes; null when none. */
  latestJob: {
    payload: z.object({}),
    result: z.object({ job: JobRecordSchema, answer: AnswerRecordSchema.optional() }).nullable(),
  },
  /** Fact-checks the page being read (the last-used web tab of the window), or a selection of it. */
  factCheck: {
    payload: z.object({
      windowId: z.number().int().optional(),
      /** Selected text to check instead of the page's main content. */
      selection: z.string().max(20_000).optional(),
      /** "Check more": the answer whose page is checked again past its first claims. */
      moreOf: z.string().max(100).optional(),
      /** With moreOf: check again its claims every search of which failed ("Retry"), not the ones past its budget. */
      unchecked: z.boolean().optional(),
    }),
    result: JobId,
  },
  /** Scrolls the checked page to one of a fact-check's claims. */
  showClaim: {
    payload: z.object({ answerId: z.string().min(1).max(100), index: z.number().int().min(0) }),
    result: z.object({ found: z.boolean(), message: z.string() }),
  },
} as const;
export type BackgroundCalls = typeof backgroundCalls;
export type BackgroundCallName = keyof BackgroundCalls;
/** A background call's payload as its handler receives it: validated, defaults applied. */
export type Received<K extends BackgroundCallName> = z.output<BackgroundCalls[K]['payload']>;

/** Port name the side panel connects on to receive job updates. */
export const JOBS_PORT = 'spanlight:jobs';

/** What the background pushes on the jobs port. */
export const JobUpdateSchema = z.object({
  type: z.literal('job'),
  job: JobRecordSchema,
  answer: AnswerRecordSchema.optional(),
  /** Set when the answer could not be stored (it is shown from memory). */
  error: z.string().optional(),
});
export type JobUpdate = z.infer<typeof JobUpdateSchema>;
