import type { AnswerResult, EvidenceSpan, Page, Passage, ProviderFailure, SearchHit, TraceStage } from '../types';
import type { ChatModel } from '../model/chat-model';
import type { SearchProvider } from '../search/provider';
import type { FetchLike } from '../search/http';
import { ProviderError } from '../search/provider-error';
import { estimateTokens } from '../text/tokens';
import { splitPassages } from './passages';
import { selectEvidence } from './select';
import { composeExtractive, composeWithModel } from './compose';
import { attachCitations, sourcesFor } from './cite';
import { verifyClaims } from './verify';
import type { FetchOutcome } from './fetch-page';
import { dedupeHits } from './dedupe-hits';

/** Everything the pipeline touches outside itself, passed in (extension, Node tests, CLI). */
export interface PipelineDeps {
  now: () => Date;
  fetch: FetchLike;
  providers: SearchProvider[];
  /** Fetches and extracts one page. */
  fetchPage: (url: string) => Promise<FetchOutcome>;
  /** Reads the open tabs the user allowed for this question. */
  readTabs: () => Promise<Page[]>;
  /** Null: the extractive composer, no model at all. */
  model: ChatModel | null;
  /** Progress for the panel. */
  onProgress: (stage: string, message: string) => void;
}

export interface PipelineSettings {
  maxPages: number;
  maxSpans: number;
  searchTimeoutMs?: number;
}

/** Records each stage's timing and outcome as it runs. */
class TraceRecorder {
  readonly stages: TraceStage[] = [];
  constructor(private readonly now: () => Date) {}
  async run<T>(
    stage: string,
    fn: () => Promise<T>,
    summarize: (value: T) => Omit<TraceStage, 'stage' | 'startedAt' | 'ms'>,
  ): Promise<T> {
    const started = this.now();
    const t0 = performance.now();
    try {
      const value = await fn();
      this.stages.push({ stage, startedAt: started.toISOString(), ms: Math.round(performance.now() - t0), ...summarize(value) });
      return value;
    } catch (e) {
      this.stages.push({
        stage,
        startedAt: started.toISOString(),
        ms: Math.round(performance.now() - t0),
        ok: false,
        summary: e instanceof Error ? e.message : String(e),
      });
      throw e;
    }
  }
}

/**
 * The first pipeline, end to end: search → fetch + extract → tabs → passages → select → compose →
 * cite → verify. Every stage is recorded in the trace; every outcome is a result, never a throw.
 */
export async function answerQuestion(question: string, deps: PipelineDeps, settings: PipelineSettings): Promise<AnswerResult> {
  const trace = new TraceRecorder(deps.now);
  const warnings: string[] = [];
  const searched = [question];
  const base = () => ({ question, trace: { stages: trace.stages }, searched, warnings });

  // Route and plan: the foundation searches every question with the question itself; the model
  // planner and the router arrive with the retrieval issue (#3).
  trace.stages.push({
    stage: 'route',
    startedAt: deps.now().toISOString(),
    ms: 0,
    ok: true,
    summary: 'search: every question is searched in this version',
  });

  // Search every configured provider in parallel; one failing does not stop the others.
  deps.onProgress('searching', `Searching ${deps.providers.length} source${deps.providers.length === 1 ? '' : 's'}…`);
  const failures: ProviderFailure[] = [];
  const hits = await trace.run(
    'search',
    async () => {
      const results = await Promise.allSettled(
        deps.providers.map((p) =>
          p.search(question, { count: 8, fetch: deps.fetch, timeoutMs: settings.searchTimeoutMs ?? 8000 }),
        ),
      );
      const all: SearchHit[] = [];
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') all.push(...r.value);
        else {
          const failure =
            r.reason instanceof ProviderError
              ? r.reason.failure
              : { provider: deps.providers[i]!.name, kind: 'network' as const, message: `${deps.providers[i]!.name} failed.` };
          failures.push(failure);
          warnings.push(failure.message);
        }
      });
      return dedupeHits(all);
    },
    (h) => ({
      ok: failures.length < deps.providers.length || deps.providers.length === 0,
      summary: `${h.length} results from ${deps.providers.length - failures.length}/${deps.providers.length} providers`,
      detail: { hits: h, failures },
    }),
  );

  const toFetch = hits.slice(0, settings.maxPages);
  deps.onProgress('reading', `Reading ${toFetch.length} page${toFetch.length === 1 ? '' : 's'}…`);
  const pages: Page[] = await trace
    .run(
      'fetch',
      async () => {
        const outcomes = await Promise.all(toFetch.map((h) => deps.fetchPage(h.url)));
        return outcomes;
      },
      (outcomes) => ({
        ok: true,
        summary: `${outcomes.filter((o) => o.ok).length}/${outcomes.length} pages read`,
        detail: outcomes.map((o) =>
          o.ok
            ? {
                url: o.extraction.page.url,
                ok: true,
                chars: o.extraction.page.text.length,
                readable: o.extraction.readable,
                truncated: o.truncated,
                published: o.extraction.page.published,
              }
            : { url: o.url, ok: false, reason: o.reason },
        ),
      }),
    )
    .then((outcomes) => outcomes.flatMap((o) => (o.ok ? [o.extraction.page] : [])));

  const tabPages = await trace.run(
    'tabs',
    () => deps.readTabs(),
    (t) => ({
      ok: true,
      summary: `${t.length} open tab${t.length === 1 ? '' : 's'} read`,
      detail: t.map((p) => ({ url: p.url, title: p.title, chars: p.text.length })),
    }),
  );

  if (failures.length === deps.providers.length && deps.providers.length > 0 && tabPages.length === 0) {
    return { mode: 'unavailable', ...base(), evidence: [], failures, reason: failures.map((f) => f.message).join(' ') };
  }

  const passages: Passage[] = [...pages, ...tabPages].flatMap((p) => splitPassages(p));
  const selection = await trace.run(
    'select',
    async () => selectEvidence(question, searched, passages, { maxSpans: settings.maxSpans }),
    (s) => ({
      ok: true,
      summary: `${s.spans.length} spans from ${passages.length} passages`,
      detail: { spans: s.spans.map((x) => ({ spanId: x.spanId, url: x.url, score: x.score })), dropped: s.dropped },
    }),
  );
  const spans = selection.spans;
  if (spans.length === 0) {
    return {
      mode: 'nothing-found',
      ...base(),
      evidence: [],
      reason:
        hits.length === 0 && tabPages.length === 0
          ? 'The search found no results, and no open tab was read.'
          : 'Nothing that was found bears on the question.',
    };
  }

  deps.onProgress('composing', deps.model ? `Composing with ${deps.model.name}…` : 'Composing from the best sentences…');
  const today = deps.now().toISOString().slice(0, 10);
  let evidence: EvidenceSpan[] = spans;
  let draft: string;
  try {
    draft = await composeDraft(deps, question, evidence, today, trace);
  } catch (e) {
    if (e instanceof ProviderError) {
      return { mode: 'unavailable', ...base(), evidence, failures: [...failures, e.failure], reason: e.failure.message };
    }
    throw e;
  }

  let citation = attachCitations(draft, evidence);
  if (citation.unknownIds.length > 0) {
    // The model cited spans that do not exist: discard the draft and retry once with a tighter set.
    warnings.push(`The model cited spans that do not exist (${citation.unknownIds.join(', ')}); retried with fewer spans.`);
    evidence = renumber(evidence.slice(0, Math.max(1, Math.ceil(evidence.length / 2))));
    try {
      draft = await composeDraft(deps, question, evidence, today, trace);
    } catch (e) {
      if (e instanceof ProviderError)
        return { mode: 'unavailable', ...base(), evidence, failures: [...failures, e.failure], reason: e.failure.message };
      throw e;
    }
    citation = attachCitations(draft, evidence);
    if (citation.unknownIds.length > 0) {
      return {
        mode: 'abstained',
        ...base(),
        evidence,
        reason: 'The model cited evidence that does not exist, twice; its answer was discarded.',
        links: evidence.map((s) => ({ url: s.url, title: s.title })),
      };
    }
  }
  if (citation.insufficient) {
    return {
      mode: 'abstained',
      ...base(),
      evidence,
      reason: 'The evidence found does not support an answer.',
      links: evidence.map((s) => ({ url: s.url, title: s.title })),
    };
  }

  deps.onProgress('verifying', `Checking ${citation.claims.length} claims against their passages…`);
  const claims = verifyClaims(citation.claims, evidence);
  trace.stages.push({
    stage: 'verify',
    startedAt: deps.now().toISOString(),
    ms: 0,
    ok: true,
    summary: `${claims.filter((c) => c.status === 'supported').length}/${claims.length} claims supported`,
    detail: claims,
  });
  const supported = claims.filter((c) => c.status === 'supported').length;
  if (supported === 0) {
    return {
      mode: 'abstained',
      ...base(),
      evidence,
      reason: 'No sentence of the draft was supported by the passage it cites.',
      links: evidence.map((s) => ({ url: s.url, title: s.title })),
    };
  }
  return {
    mode: supported === claims.length ? 'grounded' : 'partial',
    ...base(),
    evidence,
    claims,
    sources: sourcesFor(claims, evidence),
    unsupported: [],
  };
}

async function composeDraft(
  deps: PipelineDeps,
  question: string,
  evidence: EvidenceSpan[],
  today: string,
  trace: TraceRecorder,
): Promise<string> {
  const model = deps.model;
  if (!model) {
    return trace.run(
      'compose',
      async () => composeExtractive(question, evidence),
      (d) => ({
        ok: true,
        summary: 'extractive: best verbatim sentences of the top spans',
        detail: { draft: d },
        tokensIn: 0,
        tokensOut: 0,
      }),
    );
  }
  return trace
    .run(
      'compose',
      () => composeWithModel(model, question, evidence, today),
      (r) => ({
        ok: true,
        summary: `${model.name}: ${r.text.length} characters`,
        detail: { draft: r.text, evidenceTokens: evidence.reduce((s, e) => s + estimateTokens(e.text), 0) },
        ...(r.tokensIn === undefined ? {} : { tokensIn: r.tokensIn }),
        ...(r.tokensOut === undefined ? {} : { tokensOut: r.tokensOut }),
      }),
    )
    .then((r) => r.text);
}

function renumber(spans: EvidenceSpan[]): EvidenceSpan[] {
  return spans.map((s, i) => ({ ...s, spanId: `S${i + 1}` }));
}
