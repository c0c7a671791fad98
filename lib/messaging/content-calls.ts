import * as z from 'zod/mini';

/**
 * The calls from the background to a content script it injected, and the envelope of every
 * one-off message, in zod's small build: the content script validates its payloads with these very
 * schemas, so it must stay small (see README, content script size). protocol.ts re-exports them.
 */

/** Text of the page to find: the quote and the context either side of it, with a position hint. */
const Selector = z.object({
  exact: z.string().check(z.minLength(1), z.maxLength(20_000)),
  prefix: z.optional(z.string().check(z.maxLength(500))),
  suffix: z.optional(z.string().check(z.maxLength(500))),
  hint: z.optional(z.number().check(z.gte(0), z.lte(1))),
});

/** A fact-check verdict, as the page's marks colour it; `unchecked` (every search failed) is never coloured. */
export const VerdictSchema = z.enum(['supported', 'contradicted', 'not-found', 'mixed', 'unchecked']);

const Empty = z.object({});

/** Calls from the background to a content script it injected. */
export const contentCalls = {
  readPage: {
    payload: Empty,
    /** `cut`: the page was longer than MAX_PAGE_HTML_CHARS and `html` is its start. */
    result: z.object({ url: z.string(), title: z.string(), html: z.string(), cut: z.optional(z.boolean()) }),
  },
  /** Highlights a passage (the active citation) and, more quietly, the answer's other passages in the page. */
  highlight: {
    payload: z.extend(Selector, { others: z.optional(z.array(Selector).check(z.maxLength(20))) }),
    /** `exact` false: what is highlighted is the closest match, not the stored text word for word. */
    result: z.object({ found: z.boolean(), text: z.string(), score: z.number(), exact: z.optional(z.boolean()) }),
  },
  clearHighlights: { payload: Empty, result: z.object({ cleared: z.boolean() }) },
  /** Whether a live content script is in the tab (it is injected only when it is not). */
  ping: { payload: Empty, result: z.object({ ready: z.literal(true) }) },
  /**
   * Marks checked claims in their verdicts' colours (their key is in the panel, not over the page);
   * `append` adds to the marks already there (verdicts as they settle), else they replace them.
   */
  markClaims: {
    payload: z.object({
      claims: z
        .array(z.object({ exact: z.string().check(z.minLength(1), z.maxLength(5_000)), verdict: VerdictSchema }))
        .check(z.maxLength(500)),
      append: z.optional(z.boolean()),
    }),
    result: z.object({ marked: z.int() }),
  },
  /** Scrolls to the n-th marked claim. */
  scrollToClaim: { payload: z.object({ index: z.int().check(z.gte(0)) }), result: z.object({ found: z.boolean() }) },
} as const;
export type ContentCalls = typeof contentCalls;
export type ContentCallName = keyof ContentCalls;

/** The envelope of every one-off message. */
export const EnvelopeSchema = z.object({
  channel: z.enum(['spanlight:background', 'spanlight:content']),
  type: z.string().check(z.maxLength(50)),
  payload: z.unknown(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** Results cross contexts as values: `Error` does not serialise. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** A call's payload as the caller writes it. */
export type Payload<M, K extends keyof M> = M[K] extends { payload: infer P extends z.core.$ZodType } ? z.input<P> : never;
/** A call's result as the caller receives it. */
export type Value<M, K extends keyof M> = M[K] extends { result: infer R extends z.core.$ZodType } ? z.output<R> : never;

/** Why a payload was refused, one short line per problem ("exact: at least 1"), with zod/mini's issues. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((i) => {
      const what =
        i.code === 'too_small'
          ? `at least ${String(i.minimum)}`
          : i.code === 'too_big'
            ? `at most ${String(i.maximum)}`
            : i.code === 'invalid_type'
              ? `expected ${i.expected}`
              : i.code === 'invalid_value'
                ? `one of ${i.values.map(String).join(', ')}`
                : i.message;
      return i.path.length > 0 ? `${i.path.join('.')}: ${what}` : what;
    })
    .join('; ');
}
