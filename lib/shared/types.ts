import { z } from 'zod';
import { PROVIDER_FAILURE_CODES } from '../providers/registry';
import { CheckedClaimSchema, FoundClaimSchema, LeftOutSchema } from './checked-claims';
import { PageLinkSchema } from './page-link';
export { PageLinkSchema, type PageLink } from './page-link';
import { ClaimReviewSchema, PriorCheckSchema } from './claim-review-schema';
import { RefusalSchema } from './refusal-codes';
import { TraceSchema } from './trace-schema';

/** Where a publication date came from, strongest first (seed 000, "Freshness"). */
export const DateSourceSchema = z.enum(['structured-data', 'meta', 'http-header', 'opening-text', 'search-provider', 'footer']);
export type DateSource = z.infer<typeof DateSourceSchema>;

/** A date with the place we read it from; `iso` is an ISO-8601 string. */
export const DatedSchema = z.object({
  /** ISO-8601 date or date-time. */
  iso: z.string(),
  /** Which signal produced the date. */
  source: DateSourceSchema,
  /** When the page says it was last updated (ISO 8601), where it says so and that is a later day than `iso`. */
  modified: z.string().optional(),
  /** Which place on the page won the date and why, when several compete (lib/dates/dates.ts). */
  why: z.string().optional(),
});
export type Dated = z.infer<typeof DatedSchema>;

/** One result from a search provider, after mapping to our shape. */
export const SearchHitSchema = z.object({
  /** Absolute http(s) URL as the provider gave it. */
  url: z.string(),
  /** Title as plain text (provider markup removed). */
  title: z.string(),
  /** Snippet as plain text (provider markup removed). */
  snippet: z.string(),
  /** Publication date if the provider gave one. */
  published: DatedSchema.nullable(),
  /** When the page was last edited, where the provider says (Wikipedia's `timestamp`); never a publication date. */
  lastEdited: z.string().optional(),
  /** Provider id, e.g. "brave". */
  provider: z.string(),
  /** Query that produced the hit. */
  query: z.string(),
  /** 1-based rank within that query's results. */
  rank: z.number().int().positive(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** A footnote marker in a page's text and the external sources its note names (MediaWiki references). */
export const CitationSchema = z.object({
  /** Offset of the marker ("[2]") in the page's extracted text. */
  at: z.number().int().nonnegative(),
  /** The note's id in the page, e.g. "cite_note-2". */
  note: z.string(),
  /** The note's text (title, publisher, date), cut to 200 characters. */
  label: z.string(),
  /** The external links the note holds, originals before archived copies. */
  urls: z.array(z.string()),
});
export type Citation = z.infer<typeof CitationSchema>;

/**
 * Where a text came from: "api" when we wrote it from a JSON API's data (the release sources), so
 * the page at its URL holds nothing to highlight; absent: read from the page itself.
 */
export const TextFromSchema = z.enum(['page', 'api']);

/** A fetched (or tab-read) document after main-content extraction. */
export const PageSchema = z.object({
  /** Final URL after redirects. */
  url: z.string(),
  /** Document title. */
  title: z.string(),
  /** Extracted main text; paragraphs separated by "\n". */
  text: z.string(),
  /** Publication date with its source, or null when the page never says. */
  published: DatedSchema.nullable(),
  /** When we read it (ISO). */
  retrievedAt: z.string(),
  /** SHA-256 of `text`, hex. */
  contentHash: z.string(),
  /** Web fetch or an open tab. */
  origin: z.enum(['web', 'tab']),
  /** Tab id when origin is "tab". */
  tabId: z.number().int().optional(),
  /** Footnote markers and the sources they cite, when the page has a reference list. */
  citations: z.array(CitationSchema).optional(),
  /** The links of the extracted text (lib/pages/footnotes.ts): a claim's own sources are among them. */
  links: z.array(PageLinkSchema).optional().catch(undefined),
  textFrom: TextFromSchema.optional(),
  /** The fact-checkers' ClaimReviews the page's markup carries, when it carries any (a stored one unreadable: left out, the page kept). */
  claimReviews: z.array(ClaimReviewSchema).optional().catch(undefined),
});
export type Page = z.infer<typeof PageSchema>;

/** A passage of a page: the unit we select, cite and anchor. */
export const PassageSchema = z.object({
  /** Stable id: hash of url + offsets + text, so the same passage gets the same id. */
  id: z.string(),
  url: z.string(),
  title: z.string(),
  published: DatedSchema.nullable(),
  retrievedAt: z.string(),
  /** Exactly `page.text.slice(start, end)`. */
  text: z.string(),
  /** Character offsets in the page's extracted text. */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** Up to 48 characters before and after, for anchoring in the live page. */
  prefix: z.string(),
  suffix: z.string(),
  /**
   * Where the passage starts in its page, as a fraction of the page's text (0–1): the hint that picks
   * the right copy when the page repeats itself. Absent in passages stored before it was kept.
   */
  position: z.number().min(0).max(1).optional(),
  origin: z.enum(['web', 'tab']),
  tabId: z.number().int().optional(),
  textFrom: TextFromSchema.optional(),
});
export type Passage = z.infer<typeof PassageSchema>;

/** A selected passage as shown to the model: numbered `S1`, `S2`… */
export const EvidenceSpanSchema = PassageSchema.extend({
  /** "S1", "S2"…: the only handle the model ever sees. */
  spanId: z.string().regex(/^S\d+$/),
  /** Relevance score from selection, 0–1. */
  score: z.number(),
  /** Found by following a footnote of this passage (another span's page): "Wikipedia, citing …". */
  citedBy: z.object({ url: z.string(), title: z.string() }).optional(),
});
export type EvidenceSpan = z.infer<typeof EvidenceSpanSchema>;

/** Status of one claim after citation attachment and verification. */
export const ClaimStatusSchema = z.enum(['supported', 'flagged', 'dropped']);
/** The note on a kept claim that the deterministic checks could not confirm word for word. */
export const UNCONFIRMED = 'not confirmed word for word: read the cited passage';

/** One sentence of an answer with the spans it cites. */
export const ClaimSchema = z.object({
  /** The claim's text with citation markers removed. */
  text: z.string(),
  /** Span ids ("S1"…) that exist in the evidence list. */
  cites: z.array(z.string()),
  /** Supporting quote the model gave, when it gave one. */
  quote: z.string().optional(),
  status: ClaimStatusSchema,
  /** Why a claim was flagged or dropped, in words a person can read. */
  reasons: z.array(z.string()),
});
export type Claim = z.infer<typeof ClaimSchema>;

/**
 * The steps a job's progress names while it runs (the panel's progress bar follows the first five),
 * besides "queued" and "done" written by the background; a name outside this list fails the type check.
 */
export const PROGRESS_STEPS = ['planning', 'searching', 'reading', 'composing', 'verifying', 'claims'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** A source as rendered: always from the evidence list, never from model text. */
export const SourceSchema = z.object({
  spanId: z.string(),
  url: z.string(),
  title: z.string(),
  published: DatedSchema.nullable(),
  origin: z.enum(['web', 'tab']),
  /** The page whose footnote led to this source. */
  citedBy: z.object({ url: z.string(), title: z.string() }).optional(),
});
export type Source = z.infer<typeof SourceSchema>;

/** Which side failed: a search provider, the model, the page being read, or Spanlight itself. */
export const FailureRoleSchema = z.enum(['search', 'model', 'page', 'internal']);
export type FailureRole = z.infer<typeof FailureRoleSchema>;

/**
 * What failed, as a message id: the panel renders it from the message catalogue with `params`
 * (lib/shared/failure-codes.ts lists each code's parameters). The codes every provider shares are
 * here; each search provider declares its own (lib/providers/<id>.ts), added after these.
 */
export const FailureCodeSchema = z.enum([
  'key-rejected',
  'request-refused',
  'rate-limited',
  'rate-limited-for',
  'server-error',
  'unexpected-status',
  'timeout',
  'unreachable',
  'not-json',
  'unexpected-shape',
  'no-usable-result',
  'no-usable-results',
  'bad-base-url',
  'needs-key',
  'provider-failed',
  'fact-check-tools-key-rejected',
  'fact-check-tools-refused',
  'source-unreachable',
  'source-not-json',
  'source-unexpected-shape',
  'keyless-limit-until',
  'keyless-limit-spent',
  'model-timeout',
  'model-unreachable',
  'model-unreadable',
  'builtin-model-failed',
  'page-unreadable',
  'internal-error',
  ...PROVIDER_FAILURE_CODES,
]);
export type FailureCode = z.infer<typeof FailureCodeSchema>;

/** A provider failure as data: who failed, how, and what a person can do about it. */
export const ProviderFailureSchema = z.object({
  provider: z.string(),
  kind: z.enum(['auth', 'forbidden', 'rate-limited', 'server', 'timeout', 'network', 'bad-response', 'config']),
  status: z.number().optional(),
  retryAfterSeconds: z.number().optional(),
  /** The English text (command line, trace, logs; and history stored before codes existed). */
  message: z.string(),
  /** Set by every failure built with lib/shared/failure-text.ts; absent only in answers stored before. */
  role: FailureRoleSchema.optional(),
  code: FailureCodeSchema.optional(),
  /** The code's parameters, by name (lib/shared/failure-codes.ts). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ProviderFailure = z.infer<typeof ProviderFailureSchema>;

/** What went wrong while the answer still came, as a message id (lib/shared/failure-codes.ts lists each code's parameters). */
export const WarningCodeSchema = z.enum([
  'missing-key',
  'provider-skipped',
  'search-failed-some',
  'page-truncated',
  'tab-no-address',
  'tab-browser-page',
  'tab-extension-store',
  'tab-pdf',
  'tab-not-scriptable',
  'tab-unreadable',
  'instructions-removed',
  'reply-cut-off',
  'unknown-spans-cited',
  'judge-unavailable',
  'judge-reply-unreadable',
  'claims-from-sentences',
]);
export type WarningCode = z.infer<typeof WarningCodeSchema>;

/**
 * Something that failed or was cut while the answer still came (a provider down, a page cut at its
 * cap), structured like a failure: the panel words it from the catalogue by its code. Answers
 * stored before warnings had codes carry the English sentence alone; it is read as `{ message }`.
 */
export const WarningSchema = z.preprocess(
  (w) => (typeof w === 'string' ? { message: w } : w),
  z.object({
    /** Set by every warning built with lib/shared/failure-text.ts; absent only in answers stored before. */
    role: FailureRoleSchema.optional(),
    code: WarningCodeSchema.optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /** The failure behind the warning (its `cause` parameter), worded from its own code. */
    cause: ProviderFailureSchema.optional(),
    /** The English text (command line, Markdown, logs; and all there is in answers stored before codes). */
    message: z.string(),
  }),
);
export type Warning = z.output<typeof WarningSchema>;

/** One value that answers the question, as a span states it. */
export const ConflictValueSchema = z.object({
  value: z.string(),
  /** Span ids stating this value. */
  cites: z.array(z.string()),
  /** Newest publication date among those spans, when known. */
  published: z.string().nullable(),
  /** Whether a primary (allowlisted) source states it. */
  primary: z.boolean(),
});

/** Spans that disagree on a value the question asks for, and what the code did about it. */
export const ConflictSchema = z.object({
  /** What the values measure, e.g. "residents" or "version". */
  about: z.string(),
  values: z.array(ConflictValueSchema),
  /** prefer-primary / prefer-recent: resolved and said so; material: unresolved, the gate abstains. */
  resolution: z.enum(['prefer-primary', 'prefer-recent', 'material']),
  /** The sentence shown to the person. */
  note: z.string(),
});
export type Conflict = z.infer<typeof ConflictSchema>;

/** The gate's decision before composing. */
export const GateResultSchema = z.object({
  passed: z.boolean(),
  /** Conditions that failed, each with a message a person can read. */
  failed: z.array(
    z.object({
      condition: z.enum(['independent-domains', 'primary-source', 'freshness', 'conflict']),
      message: z.string(),
      /** What was found, for saying the condition in the reader's language: the publishers, or the sources' dates ("undated"). */
      found: z.array(z.string()).optional(),
      /** What was required: the publishers, or the freshness window in days. */
      required: z.number().optional(),
    }),
  ),
  /** Conditions that were checked and passed, or not applied (with why). */
  notes: z.array(z.string()),
});
export type GateResult = z.infer<typeof GateResultSchema>;

const base = {
  question: z.string(),
  trace: TraceSchema,
  /** Spans the answer was composed from (the frozen context). */
  evidence: z.array(EvidenceSpanSchema),
  /** What was searched, for the record and for refusals. */
  searched: z.array(z.string()),
  /** What failed or was cut without stopping the answer. */
  warnings: z.array(WarningSchema),
  /** Disagreements found between spans (empty when none). */
  conflicts: z.array(ConflictSchema).default([]),
  /** The gate's decision, when the pipeline got that far. */
  gate: GateResultSchema.optional(),
  /** When the question is a claim: fact-checkers' earlier ratings of it on the pages read (issue #26), apart from the answer. */
  priorChecks: z.array(PriorCheckSchema).optional().catch(undefined),
};

/** One checked claim of a page: where it is, its verdict and the spans for and against it. */
export {
  CheckedClaimSchema,
  FoundClaimSchema,
  LeftOutSchema,
  type CheckedClaimRecord,
  type FoundClaim,
  type LeftOutRecord,
} from './checked-claims';

/** A passage a refusal shows: a span of its evidence, its sentence nearest the question, and a link to that sentence. */
export const BestPassageSchema = z.object({
  spanId: z.string(),
  sentence: z.string(),
  /** The page's URL with a text fragment for the sentence (the browser marks it by itself). */
  link: z.string(),
});
export type BestPassage = z.infer<typeof BestPassageSchema>;

/** What a grounded or partial answer adds: its claims, the sources they cite and what is left open. */
const answered = { claims: z.array(ClaimSchema), sources: z.array(SourceSchema), unsupported: z.array(z.string()) };

/** An answer, by mode. Every mode is a result; only "unavailable" is retryable. */
export const AnswerResultSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('grounded'), ...base, ...answered }),
  z.object({ mode: z.literal('partial'), ...base, ...answered }),
  z.object({
    mode: z.literal('abstained'),
    ...base,
    /** Which condition failed, in words. */
    reason: z.string(),
    links: z.array(z.object({ url: z.string(), title: z.string() })),
    /** The best passages found, so a person can finish the job (empty in answers stored before they were kept). */
    best: z.array(BestPassageSchema).default([]),
    /** Why, as a code for the panel's languages, when the gate did not refuse (absent in answers stored before). */
    refusal: RefusalSchema.optional(),
  }),
  z.object({ mode: z.literal('nothing-found'), ...base, reason: z.string(), refusal: RefusalSchema.optional() }),
  z.object({
    mode: z.literal('unavailable'),
    ...base,
    failures: z.array(ProviderFailureSchema),
    reason: z.string(),
  }),
  z.object({ mode: z.literal('not-searched'), ...base, reason: z.string(), text: z.string() }),
  z.object({
    mode: z.literal('fact-check'),
    ...base,
    /** The page checked; its own domain never counts as evidence. */
    pageUrl: z.string(),
    pageTitle: z.string(),
    /** The claims checked, in the order they were checked (rank order). */
    claims: z.array(CheckedClaimSchema),
    /** Checkable claims not checked yet ("check the rest"): notChecked's length, or a count alone in results stored before; and the searches checking them would send (each query they plan once per provider). */
    more: z.number().int(),
    moreSearches: z.number().int().optional(),
    /** The checkable claims not checked, in rank order: "check the rest" checks exactly these. */
    notChecked: z.array(FoundClaimSchema).default([]),
    /** Checkable claims found in the text (checked + not checked); absent in results stored before. */
    checkable: z.number().int().optional(),
    /** Set when the check ended before its budget: stopped by the person, or cut off by a stopped worker. */
    stopped: z.enum(['stopped', 'interrupted']).optional(),
    /** Claims already checked before these (results stored before a check continued its kept list). */
    skipped: z.number().int().default(0),
    failures: z.array(ProviderFailureSchema),
    /** The sentences not taken as claims, with why (at most LEFT_KEPT); absent in results stored before. */
    left: z.array(LeftOutSchema).optional().catch(undefined),
  }),
]);
export type AnswerResult = z.infer<typeof AnswerResultSchema>;
export type AnswerMode = AnswerResult['mode'];
