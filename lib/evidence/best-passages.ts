import { withTextFragment } from '../quotes/text-fragment';
import type { BestPassage, Conflict, EvidenceSpan } from '../shared/types';
import { closestSentence } from './closest-sentence';

/** Passages a refusal shows at most: the composer's span budget by default. */
const DEFAULT_LIMIT = 5;
/** Characters of context on each side of the sentence, as passages keep (passages.ts). */
const CONTEXT_CHARS = 48;

/**
 * The passages a refusal shows, so a person can finish the job: each with the sentence nearest the
 * question and a link that opens its page at that sentence (a text fragment, for the command line;
 * the panel jumps to the passage itself). The passages the unresolved disagreements name come first
 * (they are what the person has to weigh), then by score; one passage per page before any page's
 * second, so every source found is shown.
 */
export function bestPassages(
  question: string,
  evidence: EvidenceSpan[],
  conflicts: Conflict[] = [],
  limit = DEFAULT_LIMIT,
): BestPassage[] {
  const disputed = new Set(conflicts.filter((c) => c.resolution === 'material').flatMap((c) => c.values.flatMap((v) => v.cites)));
  const ranked = [...evidence].sort(
    (a, b) => Number(disputed.has(b.spanId)) - Number(disputed.has(a.spanId)) || b.score - a.score,
  );
  const seen = new Set<string>();
  const first: EvidenceSpan[] = [];
  const rest: EvidenceSpan[] = [];
  for (const span of ranked) {
    (seen.has(span.url) ? rest : first).push(span);
    seen.add(span.url);
  }
  return [...first, ...rest].slice(0, limit).flatMap((span) => {
    const sentence = closestSentence(question, span.text);
    return sentence ? [{ spanId: span.spanId, sentence, link: sentenceLink(span, sentence) }] : [];
  });
}

/**
 * The span's URL with a text fragment for one of its sentences, its context taken from the span;
 * the URL alone when the text was written from a JSON API's data (the page does not hold it).
 */
function sentenceLink(span: EvidenceSpan, sentence: string): string {
  if (span.textFrom === 'api') return span.url;
  // A sentence cut for display ends in "…": its fragment names the part shown.
  const exact = sentence.endsWith('…') ? sentence.slice(0, -1) : sentence;
  const at = span.text.indexOf(exact);
  if (at < 0) return withTextFragment(span.url, { exact: span.text, prefix: span.prefix, suffix: span.suffix });
  return withTextFragment(span.url, {
    exact,
    prefix: (span.prefix + span.text.slice(0, at)).slice(-CONTEXT_CHARS),
    suffix: (span.text.slice(at + exact.length) + span.suffix).slice(0, CONTEXT_CHARS),
  });
}
