import { z } from 'zod';
import type { ChatModel } from '../model/chat-model';
import { readJsonObject } from '../model/read-json';
import { contentWords, words } from '../text/tokens';
import type { RouteDecision } from './route';

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

/**
 * The planner's instructions (seed 000, "Query generation"), for questions the router does not judge
 * single-hop; said briefly, since they are paid for on every such question. The reply's shape is
 * not repeated here: the model client sends PLAN_JSON_SCHEMA with every request, as a response
 * format where the endpoint enforces one and in the instructions where it does not.
 */
export const PLAN_SYSTEM = `You convert a user question into web search queries.
Emit 2 to 4 standalone queries (no pronouns), one aimed at a primary source (regulator, vendor, standards body).
If the answer depends on time, put the year or window in a query.
freshness_days: how old a source may be, null if age does not matter.
If no lookup is needed: needs_search false, queries [].`;

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
// A quoted phrase, or a run of characters that is not space: the units a keyword query keeps or drops.
const UNITS = /"[^"]*"|“[^”]*”|\S+/g;

/**
 * The question's keywords in its own order, case and punctuation: the words an index matches, without
 * the question words and auxiliaries a document does not use ("What is the population of X?" →
 * "population X"). Quoted phrases are kept whole.
 */
export function keywordQuery(question: string): string {
  const units = question.replace(/[?!.]+\s*$/, '').match(UNITS) ?? [];
  return units
    .filter((u) => /^["“]/.test(u) || contentWords(u).length > 0)
    .map((u) => (/^["“]/.test(u) ? u : u.replace(/^[¿¡,;:]+|[,;:?!]+$/g, '')))
    .join(' ');
}

/**
 * A plan without a model, for keyless use and for the questions the router judges single-hop: the
 * question as written and its keywords, with the year when it sounds time-bound (a window of a
 * year then). Deduped and cleaned like the model's queries.
 */
export function heuristicPlan(question: string, today: string, note = 'planned without a model'): QueryPlan {
  const year = today.slice(0, 4);
  const asked = question.replace(/[?!.]+\s*$/, '').trim();
  const keywords = keywordQuery(question);
  const timeBound = FRESH_WORDS.test(question) || question.includes(year);
  // Two queries at most: the question, and its keywords (with the year when it sounds time-bound);
  // the keywords only when they drop a word, not only punctuation.
  const second = timeBound && !asked.includes(year) ? `${keywords || asked} ${year}` : keywords;
  const { queries } = sanitizeQueries(words(second).join(' ') === words(asked).join(' ') ? [asked] : [asked, second]);
  return {
    needsSearch: true,
    queries: queries.length > 0 ? queries : [asked],
    ...(timeBound ? { freshnessDays: 365 } : {}),
    source: 'heuristic',
    notes: [note],
  };
}

/**
 * Asks the model for 2–4 standalone queries and a freshness window, with today's date in the
 * prompt; validates with zod, one repair retry; caps, dedupes and rejects empties in code. A
 * question the router judged single-hop is planned in code instead: no model call, no tokens.
 */
export async function planQueries(
  model: ChatModel,
  question: string,
  today: string,
  route?: Pick<RouteDecision, 'singleHop'>,
): Promise<QueryPlan> {
  if (route?.singleHop) return heuristicPlan(question, today, 'single-hop: planned in code, the model not asked');
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
