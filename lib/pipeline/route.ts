/** Whether a question is searched, and why: the decision is in the trace. */
export interface RouteDecision {
  search: boolean;
  reason: string;
  /** A question about the latest release or version of a named piece of software: its name. */
  release?: { subject: string };
}

// "the latest release of X", "the current version of X", "X's latest version", "what version of X is current".
const RELEASE_OF =
  /\b(?:latest|current|newest|most recent)\s+(?:stable\s+)?(?:release|version)\s+of\s+(?:the\s+)?([@\w][\w@./+-]*(?:\s[A-Z][\w.+-]*)?)/i;
const RELEASE_AFTER = /\b([@\w][\w@./+-]*?)(?:'s)?\s+(?:latest|current|newest)\s+(?:stable\s+)?(?:release|version)\b/i;
const WHAT_VERSION = /\bwhat\s+(?:is\s+the\s+)?version\s+(?:of\s+)?([@\w][\w@./+-]*)\s+is\s+(?:the\s+)?(?:latest|current)/i;
const NOT_A_NAME = /^(the|a|an|its|their|this|that|what|which|is|was)$/i;

/** The software a release question is about, when it is one. */
export function releaseSubject(question: string): string | undefined {
  for (const re of [RELEASE_OF, WHAT_VERSION, RELEASE_AFTER]) {
    const m = re.exec(question);
    const subject = m?.[1]?.replace(/[?.!,;:]+$/, '').trim();
    if (subject && !NOT_A_NAME.test(subject)) return subject;
  }
  return undefined;
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
  const subject = releaseSubject(question);
  if (subject)
    return {
      search: true,
      reason: `a question about the latest release of ${subject}: searched, and the release sources asked`,
      release: { subject },
    };
  return { search: true, reason: 'a question about the world: searched' };
}
