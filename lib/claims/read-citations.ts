/**
 * The model as the reader of followed citations (lib/evidence/follow-citations.ts): each cited
 * sentence is an item for the one judge (lib/verdict/judge.ts), its candidate passages the item's
 * passages, so the same prompt, reply schema and disposal apply. A sentence the judge's reply left
 * unread (the model failed, or every finding was refused) is left to the code's own rule.
 */
import type { ChatModel } from '../model/chat-model';
import type { CitationAsk, CitationReader, CitationReading } from '../evidence/follow-citations';
import { judgeClaims, judgeSummary, type JudgeOutcome } from '../verdict/judge';

/** The judge's outcome as a citation reading: by ask, the candidates it found stating the sentence. */
export function readingOf(outcome: JudgeOutcome, asked: number): CitationReading {
  const supporting = new Map<number, string[]>();
  for (const [index, findings] of outcome.verdicts)
    supporting.set(
      index,
      findings.filter((f) => f.verdict === 'supports').map((f) => f.spanId),
    );
  const ignored = outcome.ignored.length > 0 ? ` (${outcome.ignored.slice(0, 3).join('; ')})` : '';
  return {
    supporting,
    summary: `${judgeSummary(outcome, asked)}${ignored}`,
    tokensIn: outcome.tokensIn,
    tokensOut: outcome.tokensOut,
  };
}

/** A citation reader that asks `model` through the judge. */
export function citationReader(model: ChatModel): CitationReader {
  return async (asks: CitationAsk[]) => {
    const outcome = await judgeClaims(
      model,
      // A passage's lines are one text to the model: the prompt gives each passage one line.
      asks.map((a) => ({
        claim: a.statement.replace(/\s+/g, ' '),
        spans: a.passages.map((p) => ({ spanId: p.id, text: p.text.replace(/\s+/g, ' ') })),
      })),
    );
    return readingOf(outcome, asks.length);
  };
}
