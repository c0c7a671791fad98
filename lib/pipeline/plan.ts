import { z } from 'zod';
import type { ChatModel } from '../model/chat-model';
import { readJsonObject } from '../model/read-json';
import { contentWords } from '../text/tokens';

/** Queries and a freshness window for one question. */
export interface QueryPlan {
  needsSearch: boolean;
  queries: string[];
  /** How old an acceptable source may be; undefined = no window. */
  freshnessDays?: number;
  /** How the plan was made. */
  source: 'model' | 'heuristic';
  /** What the code changed or refused in the model's plan. */
  notes: string[];
  /** Set when the plan wanted a search but had no usable query: an error for the trace. */
  error?: string;
  tokensIn?: number;
  tokensOut?: number;
}

/** The planner's instructions (seed 000, "Query generation"). */
export const PLAN_SYSTEM = `You convert a user question into web search queries.
Rules:
- Emit 2 to 4 queries. Never emit a single query.
- Each query must stand alone: no pronouns, no reference to earlier turns.
- Include at least one query targeting a primary source (regulator, vendor, standards body).
- If the question is time dependent, put the explicit year or window in the query.
- If no web lookup is needed, set needs_search to false and queries to [].
Return JSON only, matching: {"needs_search": bool, "queries": [str], "freshness_days": int or null}
freshness_days is how old an acceptable source may be for this question (null when age does not matter).`;

/** The plan's JSON schema, written for strict structured-output modes. */
export const PLAN_JSON_SCHEMA = {
  type: 'object',
  properties: {
    needs_search: { type: 'boolean' },
    queries: { type: 'array', items: { type: 'string' } },
    freshness_days: { type: ['integer', 'null'] },
  },
  required: ['needs_search', 'queries', 'freshness_days'],
  additionalProperties: false,
};

const PlanReplySchema = z.object({
  needs_search: z.boolean(),
  queries: z.array(z.unknown()).default([]),
  freshness_days: z.number().nullable().optional(),
});

export const MAX_QUERIES = 4;

/** Caps, dedupes and cleans queries: the model writes them, the code disposes. */
export function sanitizeQueries(raw: unknown[], max = MAX_QUERIES): { queries: string[]; notes: string[] } {
  const seen = new Set<string>();
  const queries: string[] = [];
  const notes: string[] = [];
  for (const q of raw) {
    if (typeof q !== 'string') {
      notes.push('a query that was not text was dropped');
      continue;
    }
    const clean = q.replace(/\s+/g, ' ').trim().slice(0, 300);
    if (clean.length < 3 || contentWords(clean).length === 0) {
      if (clean) notes.push(`empty query "${clean}" dropped`);
      continue;
    }
    const key = clean.toLowerCase();
    if (seen.has(key)) {
      notes.push(`duplicate query "${clean}" dropped`);
      continue;
    }
    seen.add(key);
    queries.push(clean);
  }
  if (queries.length > max) notes.push(`${queries.length - max} queries over the cap of ${max} dropped`);
  return { queries: queries.slice(0, max), notes };
}

const FRESH_WORDS =
  /\b(latest|current|currently|today|now|this (week|month|year)|recent|newest|still|yet|price|pricing|cost|deadline|release|version|status)\b/i;

/** A plan without a model: the question itself as the query, a window when it sounds time-bound. */
export function heuristicPlan(question: string, today: string): QueryPlan {
  const year = today.slice(0, 4);
  const words = question.replace(/[?!.]+$/, '').trim();
  const timeBound = FRESH_WORDS.test(question) || question.includes(year);
  const queries = [words];
  if (timeBound && !words.includes(year)) queries.push(`${words} ${year}`);
  return {
    needsSearch: true,
    queries,
    ...(timeBound ? { freshnessDays: 365 } : {}),
    source: 'heuristic',
    notes: ['planned without a model'],
  };
}

/**
 * Asks the model for 2–4 standalone queries and a freshness window, with today's date in the
 * prompt; validates with zod, one repair retry; caps, dedupes and rejects empties in code.
 */
export async function planQueries(model: ChatModel, question: string, today: string): Promise<QueryPlan> {
  const user = `Today is ${today}. Question: ${question}`;
  let prompt = user;
  let tokensIn = 0;
  let tokensOut = 0;
  let lastError = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const reply = await model.complete({
      system: PLAN_SYSTEM,
      user: prompt,
      json: { name: 'query_plan', schema: PLAN_JSON_SCHEMA },
    });
    tokensIn += reply.tokensIn ?? 0;
    tokensOut += reply.tokensOut ?? 0;
    let parsed: z.infer<typeof PlanReplySchema>;
    try {
      parsed = PlanReplySchema.parse(readJsonObject(reply.text));
    } catch (e) {
      lastError = e instanceof Error ? e.message.split('\n')[0]! : String(e);
      prompt = `${user}\n\nYour previous reply could not be read (${lastError}). Reply with the JSON object only.`;
      continue;
    }
    const { queries, notes } = sanitizeQueries(parsed.queries);
    const days = parsed.freshness_days;
    const freshnessDays =
      typeof days === 'number' && Number.isFinite(days) ? Math.max(1, Math.min(3650, Math.round(days))) : undefined;
    const plan: QueryPlan = {
      needsSearch: parsed.needs_search && queries.length > 0,
      queries,
      ...(freshnessDays === undefined ? {} : { freshnessDays }),
      source: 'model',
      notes,
      tokensIn,
      tokensOut,
    };
    if (parsed.needs_search && queries.length === 0) plan.error = 'the planner asked for a search but produced no usable query';
    return plan;
  }
  return {
    ...heuristicPlan(question, today),
    notes: [`the planner's reply could not be read twice (${lastError}); planned without it`],
    tokensIn,
    tokensOut,
  };
}
