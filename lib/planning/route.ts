import { contentWords } from '../text/tokens';
import { CLAUSE_BREAK } from '../evidence/relevance';

/** Whether a question is searched, and why: the decision is in the trace. */
export interface RouteDecision {
  search: boolean;
  reason: string;
  /** A question about the latest release or version of a named piece of software: its name. */
  release?: { subject: string };
  /** One lookup that stands alone: the planner writes its queries in code, without the model. */
  singleHop?: boolean;
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

// Signs that a question needs more than one lookup, or a model to make it stand alone (seed 000,
// "Query generation"): the planner model is asked. Quoted text is a name and is not read for them.
const NEEDS_PLANNER: Array<[RegExp, string]> = [
  [CLAUSE_BREAK, 'two questions in one'],
  [/\b(?:compared?|comparison|versus|vs\.?|difference|differs?|better|worse|between)\b/i, 'a comparison'],
  [/\b(?:if|whether|unless|assuming|given)\b/i, 'a condition'],
  [
    /\b(?:i|me|my|mine|we|us|our|ours|you|your|it|its|they|them|their|this|that|these|those|he|she|his|her|here|there)\b/i,
    'words that point to a context the search cannot see',
  ],
  [/\b(?:last|next|previous|past|coming)\s+(?:year|month|week|quarter|decade)\b|\b(?:ago|since|until)\b/i, 'a relative time'],
];
/** More content words than one lookup carries. */
const MAX_SINGLE_HOP_WORDS = 12;

/** Why a question is not a single-hop lookup, or undefined when it is one. */
export function multiHopReason(question: string): string | undefined {
  // Quoted names out; and what follows the last question mark ("? (asking for a friend)"), so that
  // only a question mark with another question after it is a clause break.
  const unquoted = question.replace(/"[^"]*"|“[^”]*”/g, ' ').replace(/\?[^?]*$/, '');
  for (const [re, reason] of NEEDS_PLANNER) if (re.test(unquoted)) return reason;
  const words = contentWords(unquoted).length;
  return words > MAX_SINGLE_HOP_WORDS ? `${words} content words` : undefined;
}

const TRANSFORM =
  /^\s*(please\s+)?(translate|rewrite|rephrase|paraphrase|summari[sz]e|proofread|correct|fix|shorten|expand|reformat|convert)\b[\s\S]*?(:|\bthis\b|\bthe following\b|\bmy\b)/i;
const ARITHMETIC = /^\s*(what\s+is\s+|calculate\s+|compute\s+)?[\d\s.+\-*/^()%=x×÷]+\??\s*$/i;

/**
 * The router's heuristics: text transformations and arithmetic are not searched; everything else is,
 * since a question whose answer can change is the case this tool exists for. A single-hop question
 * is planned in code; the others by the model planner, which can still decide no search is needed
 * (see plan.ts).
 */
export function routeQuestion(question: string): RouteDecision {
  if (TRANSFORM.test(question)) return { search: false, reason: 'a request to transform text, not a question about the world' };
  if (ARITHMETIC.test(question) && /\d/.test(question)) return { search: false, reason: 'arithmetic: nothing to look up' };
  const subject = releaseSubject(question);
  const multiHop = multiHopReason(question);
  const planned = multiHop ? `the model plans the queries (not single-hop: ${multiHop})` : 'single-hop, queries planned in code';
  const hop = multiHop ? {} : { singleHop: true };
  if (subject)
    return {
      search: true,
      reason: `a question about the latest release of ${subject}: searched, and the release sources asked; ${planned}`,
      release: { subject },
      ...hop,
    };
  return { search: true, reason: `a question about the world: searched; ${planned}`, ...hop };
}
