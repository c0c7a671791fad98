import type { ChatModel } from '../model/chat-model';
import { ProviderError } from '../shared/provider-error';
import { heuristicPlan, planQueries, type QueryPlan } from '../planning/plan';
import type { RouteDecision } from '../planning/route';
import { cost, type Prices, type TraceRecorder } from '../run/trace';
import { ended, staged, type MayEnd } from './staged';

/**
 * The plan stage: the model's plan, or the heuristic planner's without a model or for a question
 * the router judged single-hop, recorded in the trace. A planner call that fails with a provider error ends the answer as unavailable.
 */
export async function planStage(
  question: string,
  model: ChatModel | null,
  today: string,
  prices: Prices,
  trace: TraceRecorder,
  route: Pick<RouteDecision, 'singleHop'> = {},
): Promise<MayEnd<QueryPlan>> {
  if (!model) {
    const plan = heuristicPlan(question, today);
    trace.add('plan', { ok: true, summary: `${plan.queries.length} queries (heuristic)`, detail: plan });
    return staged(plan);
  }
  try {
    return staged(
      await trace.run(
        'plan',
        () => planQueries(model, question, today, route),
        (p) => ({
          ok: !p.error,
          summary:
            p.error ??
            `${p.queries.length} queries${p.freshnessDays ? `, sources within ${p.freshnessDays} days` : ''} (${p.source})`,
          detail: p,
          ...(p.tokensIn === undefined ? {} : { tokensIn: p.tokensIn }),
          ...(p.tokensOut === undefined ? {} : { tokensOut: p.tokensOut }),
          costUsd: cost(prices, p.tokensIn, p.tokensOut),
        }),
      ),
    );
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    return ended({ mode: 'unavailable', failures: [e.failure], reason: e.failure.message, evidence: [] });
  }
}
