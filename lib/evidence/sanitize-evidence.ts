import type { EvidenceSpan, Warning } from '../shared/types';
import { warningOf } from '../shared/failure-text';
import { sentenceSpans } from '../text/sentences';

/** Sentences that address an AI assistant rather than a reader: planted instructions. */
const PLANTED = [
  /\b(ignore|disregard|forget|override)\b[^.!?]{0,50}\b(previous|prior|above|all|earlier|other|any)\b[^.!?]{0,30}\b(instructions?|prompts?|directions|rules|context|evidence)\b/i,
  /\b(you are|you're|act as)\s+(now\s+)?(an?\s+)?(ai|assistant|language model|chatgpt|llm|chatbot|gpt)\b/i,
  /\b(as an ai|system prompt|developer mode|jailbreak|prompt injection)\b/i,
  /\b(ai|assistant|language model|llm|chatbot|model|gpt|claude|gemini)s?\b[^.!?]{0,40}\b(must|should|shall|will|need to|are instructed to)\b[^.!?]{0,30}\b(say|answer|respond|reply|state|tell|cite|include|output|write|claim|add|link|recommend)\b/i,
  /\b(respond|reply|answer)\s+(only\s+)?(with|that)\b[^.!?]{0,60}\b(regardless|no matter|always)\b/i,
  /<\/?\s*(system|assistant|instructions?|im_start|im_end)\s*>/i,
  /\b(include|add|insert)\s+(this|the following)\s+(link|url|source|citation)\b/i,
  /\bwhen (summari[sz]ing|answering|asked about) (this|the) (page|article|text)\b/i,
];

/** What was taken out of a span before the model saw it. */
export interface Removal {
  spanId: string;
  sentence: string;
}

/** Whether a sentence reads as an instruction to an AI. */
export function isPlantedInstruction(sentence: string): boolean {
  return PLANTED.some((re) => re.test(sentence));
}

/**
 * The text of each span as the model and the verifier see it: sentences that address an AI are
 * replaced by a marker, so text in a page cannot steer the answer or vouch for a claim it planted.
 * The stored span keeps its original text for anchoring.
 */
export function sanitizeEvidence(spans: EvidenceSpan[]): { texts: Map<string, string>; removed: Removal[] } {
  const texts = new Map<string, string>();
  const removed: Removal[] = [];
  for (const span of spans) {
    let out = '';
    let at = 0;
    for (const [s, e] of sentenceSpans(span.text)) {
      const sentence = span.text.slice(s, e);
      if (isPlantedInstruction(sentence)) {
        out += span.text.slice(at, s) + '[removed: text addressed to an AI]';
        removed.push({ spanId: span.spanId, sentence });
      } else out += span.text.slice(at, e);
      at = e;
    }
    texts.set(span.spanId, out + span.text.slice(at));
  }
  return { texts, removed };
}

/** The warning that text addressed to an AI was removed, naming the spans it was removed from; none when nothing was. */
export function removedWarnings(removed: Array<{ spanId: string }>): Warning[] {
  if (removed.length === 0) return [];
  return [warningOf('page', 'instructions-removed', { spans: [...new Set(removed.map((r) => r.spanId))].join(', ') })];
}
