/**
 * What grounding costs in tokens (run by bench/run-bench.ts): each answer's model calls, counted as
 * the fake endpoint counts them (4 characters a token, lib/text/tokens.ts), against two ungrounded
 * baselines for the same question and the same answer length:
 *
 * - a one-line prompt: "Answer the question." and the question in, the grounded answer's length out
 *   (what Spanlight itself sends for a question it does not search);
 * - the seed's worked example (seed 000, "Cost and latency"): an ungrounded call of 1,200 tokens in
 *   (the seed's assumption for a prompt with its usual instructions and context), the grounded
 *   answer's length out. The seed's own example is 2.84× in tokens and 3.8× in cost on this frame.
 *
 * Cost uses the seed's prices: $3 a million tokens in, $15 out, $0.005 a search call.
 */
import type { AnswerResult } from '../lib/shared/types';
import { estimateTokens } from '../lib/text/tokens';
import { isPlanRequest, type ChatRequestBody } from '../test/fakes/openai-server';

/** The seed's worked example, as it states it. */
export const SEED_EXAMPLE = {
  ungrounded: { in: 1200, out: 400 },
  plan: { in: 600, out: 150 },
  compose: { in: 3300, out: 500 },
  searches: 3,
  price: { inPerToken: 3 / 1e6, outPerToken: 15 / 1e6, perSearch: 0.005 },
};

/** The one-line ungrounded prompt the same question would be sent with. */
export const ONE_LINE_PROMPT = 'Answer the question.';

/** One answer's token counts. */
export interface AnswerTokens {
  tokensIn: number;
  tokensOut: number;
  /** The composer's output: the answer, counted on both sides. */
  answerOut: number;
  /** The system prompts of the answer's model calls (the planner's, the composer's, the judge's). */
  instructions: number;
  /** The evidence handed to the composer. */
  evidence: number;
  question: number;
  /** The one-line ungrounded prompt with the question, counted the same way. */
  oneLineIn: number;
  searches: number;
  /** Model calls made to plan the searches (0: planned in code). */
  planCalls: number;
}

/** Counts one answer from its trace and the model calls the fake endpoint received for it. */
export function answerTokens(question: string, r: AnswerResult, chats: ChatRequestBody[], searches: number): AnswerTokens {
  const sum = (key: 'tokensIn' | 'tokensOut') => r.trace.stages.reduce((n, s) => n + (s[key] ?? 0), 0);
  const compose = r.trace.stages.find((s) => s.stage === 'compose');
  const detail = compose?.detail as { evidenceTokens?: number } | undefined;
  return {
    tokensIn: sum('tokensIn'),
    tokensOut: sum('tokensOut'),
    answerOut: compose?.tokensOut ?? 0,
    instructions: chats.reduce((n, c) => n + estimateTokens(c.messages.find((m) => m.role === 'system')?.content ?? ''), 0),
    evidence: detail?.evidenceTokens ?? 0,
    question: estimateTokens(question),
    oneLineIn: estimateTokens(`${ONE_LINE_PROMPT} ${question}`),
    searches,
    planCalls: chats.filter(isPlanRequest).length,
  };
}

const oneLine = (t: AnswerTokens) => t.oneLineIn + t.answerOut;
const seedFrame = (t: AnswerTokens) => SEED_EXAMPLE.ungrounded.in + t.answerOut;
const p = SEED_EXAMPLE.price;
const groundedCost = (t: AnswerTokens) => t.tokensIn * p.inPerToken + t.tokensOut * p.outPerToken + t.searches * p.perSearch;

/** The ratios, each a function of one answer's counts. */
export const tokenRatios = {
  overOneLine: (t: AnswerTokens) => (t.tokensIn + t.tokensOut) / oneLine(t),
  /** Evidence, question and answer alone, no instructions: what no prompt trimming can go below. */
  floorOverOneLine: (t: AnswerTokens) => (t.evidence + t.question + t.answerOut) / oneLine(t),
  overSeedFrame: (t: AnswerTokens) => (t.tokensIn + t.tokensOut) / seedFrame(t),
  costOverSeedFrame: (t: AnswerTokens) =>
    groundedCost(t) / (SEED_EXAMPLE.ungrounded.in * p.inPerToken + t.answerOut * p.outPerToken),
  costOverOneLine: (t: AnswerTokens) => groundedCost(t) / (t.oneLineIn * p.inPerToken + t.answerOut * p.outPerToken),
};

/** The seed's example on its own frame: 2.84× in tokens, 3.80× in cost. */
export function seedExampleRatios(): { tokens: number; cost: number } {
  const s = SEED_EXAMPLE;
  const tokens = (s.plan.in + s.plan.out + s.compose.in + s.compose.out) / (s.ungrounded.in + s.ungrounded.out);
  const cost =
    ((s.plan.in + s.compose.in) * p.inPerToken + (s.plan.out + s.compose.out) * p.outPerToken + s.searches * p.perSearch) /
    (s.ungrounded.in * p.inPerToken + s.ungrounded.out * p.outPerToken);
  return { tokens, cost };
}
