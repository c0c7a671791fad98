import type { EvidenceSpan, ProviderFailure, Warning } from '../shared/types';
import { ProviderError } from '../shared/provider-error';
import { warningOf } from '../shared/failure-text';
import { estimateTokens } from '../text/tokens';
import type { PipelineDeps } from './deps';
import { composeExtractive, composeWithModel } from '../claims/compose';
import { claimStreamer } from '../claims/claim-streamer';
import { parseDraft, type ParsedDraft } from '../claims/draft';
import type { GatedEvidence } from '../evidence/gate';
import { sentenceSpans } from '../text/sentences';
import { cost, type Prices, type TraceRecorder } from '../run/trace';
import { ended, staged, type MayEnd } from './staged';

/** A draft with its citations attached, and the spans it was composed from. */
export interface Composed {
  /** The draft as the verifier reads it (a reply cut off mid-stream: its complete sentences). */
  draft: string;
  /** The spans composed from: halved after a draft that cited spans that do not exist. */
  evidence: EvidenceSpan[];
  parsed: ParsedDraft;
  /** What the draft leaves open: the model's own list, then the rest of a reply that was cut off. */
  unsupported: string[];
}

/** The complete sentences of a reply that was cut off mid-stream. */
function completeSentences(text: string): string {
  const spans = sentenceSpans(text);
  if (spans.length <= 1) return '';
  return text.slice(0, spans[spans.length - 2]![1]);
}

/** One draft over these spans: the model's (streamed, claims handed on as they are verified), or the extractive composer's. */
async function composeDraft(
  question: string,
  evidence: EvidenceSpan[],
  texts: Map<string, string>,
  today: string,
  deps: Pick<PipelineDeps, 'model' | 'onClaim'>,
  prices: Prices,
  trace: TraceRecorder,
): Promise<string> {
  const model = deps.model;
  // The composer sees the sanitised text of each span.
  const shown = evidence.map((s) => ({ ...s, text: texts.get(s.spanId) ?? s.text }));
  if (!model) {
    return trace.run(
      'compose',
      async () => composeExtractive(question, shown),
      (d) => ({
        ok: true,
        summary: 'extractive: best verbatim sentences of the top spans',
        detail: { draft: d },
        tokensIn: 0,
        tokensOut: 0,
        costUsd: 0,
      }),
    );
  }
  const onDelta = deps.onClaim ? claimStreamer(evidence, texts, deps.onClaim) : undefined;
  const reply = await trace.run(
    'compose',
    () => composeWithModel(model, question, shown, today, onDelta),
    (r) => ({
      ok: true,
      summary: `${model.name}: ${r.text.length} characters`,
      detail: { draft: r.text, evidenceTokens: evidence.reduce((s, e) => s + estimateTokens(e.text), 0) },
      ...(r.tokensIn === undefined ? {} : { tokensIn: r.tokensIn }),
      ...(r.tokensOut === undefined ? {} : { tokensOut: r.tokensOut }),
      costUsd: cost(prices, r.tokensIn, r.tokensOut),
    }),
  );
  return reply.text;
}

/**
 * The compose and cite stages: a draft over the gated spans, its citations attached in code
 * (draft.ts, cite.ts). A draft that cites spans that do not exist is discarded and written again
 * over half the spans, once; twice is a refusal, as is a model that says the evidence is
 * insufficient. A reply cut off mid-stream keeps its complete sentences (a warning, and the rest
 * listed as unsupported); cut off before its first sentence ended, it ends the answer as unavailable.
 */
export async function composeStage(
  question: string,
  gated: GatedEvidence,
  today: string,
  deps: Pick<PipelineDeps, 'model' | 'onClaim'>,
  prices: Prices,
  trace: TraceRecorder,
): Promise<MayEnd<Composed>> {
  const warnings: Warning[] = [];
  const cutOff: string[] = [];
  const compose = async (set: EvidenceSpan[]): Promise<{ draft: string } | { failure: ProviderFailure }> => {
    try {
      return { draft: await composeDraft(question, set, gated.texts, today, deps, prices, trace) };
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      const complete = completeSentences(e.partialText);
      if (!complete) return { failure: e.failure };
      warnings.push(warningOf('model', 'reply-cut-off', {}, e.failure));
      cutOff.push('The rest of the answer: the model’s reply was cut off.');
      return { draft: complete };
    }
  };
  const unavailable = (failure: ProviderFailure, evidence: EvidenceSpan[]) =>
    ended<Composed>({ mode: 'unavailable', failures: [failure], reason: failure.message, evidence }, warnings);

  let evidence = gated.composeSpans;
  let written = await compose(evidence);
  if ('failure' in written) return unavailable(written.failure, evidence);
  let parsed = parseDraft(written.draft, evidence);
  if (parsed.unknownIds.length > 0) {
    warnings.push(warningOf('model', 'unknown-spans-cited', { spans: parsed.unknownIds.join(', ') }));
    evidence = evidence.slice(0, Math.max(1, Math.ceil(evidence.length / 2)));
    written = await compose(evidence);
    if ('failure' in written) return unavailable(written.failure, evidence);
    parsed = parseDraft(written.draft, evidence);
    if (parsed.unknownIds.length > 0) {
      return ended({ mode: 'abstained', refusal: { code: 'unknown-spans-twice' }, evidence }, warnings);
    }
  }
  trace.add('cite', {
    ok: true,
    summary: `${parsed.claims.length} sentences, ${parsed.claims.filter((c) => c.cites.length === 0).length} uncited (${parsed.form} draft)`,
    detail: parsed,
  });
  if (parsed.insufficient) return ended({ mode: 'abstained', refusal: { code: 'evidence-insufficient' }, evidence }, warnings);
  return staged({ draft: written.draft, evidence, parsed, unsupported: [...parsed.unsupported, ...cutOff] }, warnings);
}
