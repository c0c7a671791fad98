/** Whether a question is searched, and why: the decision is in the trace. */
export interface RouteDecision {
  search: boolean;
  reason: string;
}

const TRANSFORM =
  /^\s*(please\s+)?(translate|rewrite|rephrase|paraphrase|summari[sz]e|proofread|correct|fix|shorten|expand|reformat|convert)\b[\s\S]*?(:|\bthis\b|\bthe following\b|\bmy\b)/i;
const ARITHMETIC = /^\s*(what\s+is\s+|calculate\s+|compute\s+)?[\d\s.+\-*/^()%=x×÷]+\??\s*$/i;

/**
 * The router's heuristics: text transformations and arithmetic are not searched; everything else is,
 * since a question whose answer can change is the case this tool exists for. (The model planner can
 * still decide no search is needed; see plan.ts.)
 */
export function routeQuestion(question: string): RouteDecision {
  if (TRANSFORM.test(question)) return { search: false, reason: 'a request to transform text, not a question about the world' };
  if (ARITHMETIC.test(question) && /\d/.test(question)) return { search: false, reason: 'arithmetic: nothing to look up' };
  return { search: true, reason: 'a question about the world: searched' };
}
