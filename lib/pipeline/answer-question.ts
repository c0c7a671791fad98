import type { AnswerResult, Claim, EvidenceSpan, Page, Passage, ProviderFailure } from '../types';
import type { ChatModel } from '../model/chat-model';
import type { SearchProvider } from '../search/provider';
import type { FetchLike } from '../shared/fetch-like';
import { ProviderError } from '../shared/provider-error';
import { estimateTokens } from '../text/tokens';
import { splitPassages } from './passages';
import { registrableDomain, selectEvidence } from './select';
import { composeExtractive, composeWithModel } from './compose';
import { sourcesFor } from './cite';
import type { FetchOutcome } from './fetch-page';
import { decideMode, disposeDraft, onDomains, prepareEvidence, type DisposeSettings } from './dispose';
import { claimStreamer } from './claim-streamer';
import type { JudgeVerdicts } from './verify';
import { answerVerdicts, judgeClaims, judgeSummary } from './judge';
import { sentenceSpans } from './passages';
import { routeQuestion } from './route';
import { heuristicPlan, planQueries, type QueryPlan } from './plan';
import type { PipelineCache } from './cache';
import { searchRecord, searchRound } from './search';
import { cost, TraceRecorder } from './trace';
import { mapWithConcurrency } from './concurrency';
import { snippetPages } from './fast-path';
import { planFetches, rankHits } from './plan-fetches';
import { addCitedSources } from './follow-citations';
import type { ReleaseSource } from '../releases/release-source';
import { releasePages } from '../releases/release-pages';

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
  /** Each claim as soon as it is verified, while the model is still writing. */
  onClaim?: (claim: Claim) => void;
  /** Search cache (pages are cached inside fetchPage; see read-page.ts). */
  cache?: PipelineCache;
  /** Keyless primary sources asked for questions about the latest release of software (lib/releases). */
  releaseSources?: ReleaseSource[];
}

export interface PipelineSettings {
  maxPages: number;
  maxSpans: number;
  searchTimeoutMs?: number;
  /** Pages fetched at once. */
  fetchConcurrency?: number;
  minDomains: number;
  requirePrimary: boolean;
  /** Primary domains and the user's allowlist. */
  primaryDomains: string[];
  denyDomains: string[];
  freshnessDays?: number;
  /** Use the model as a judge for claims the deterministic checks cannot settle. */
  judge: boolean;
  prices: { inputPerMillion: number; outputPerMillion: number; searchPerCall: number };
  /** Providers configured without a key, reported as warnings. */
  missingKeys?: string[];
}

/** The complete sentences of a reply that was cut off mid-stream. */
function completeSentences(text: string): string {
  const spans = sentenceSpans(text);
  if (spans.length <= 1) return '';
  return text.slice(0, spans[spans.length - 2]![1]);
}

/**
 * The pipeline, end to end: search → fetch + extract → tabs → passages → select → gate → compose →
 * cite → verify (→ judge). Every stage is recorded in the trace; every outcome is a result, never a throw.
 */
export async function answerQuestion(question: string, deps: PipelineDeps, settings: PipelineSettings): Promise<AnswerResult> {
  const trace = new TraceRecorder(deps.now);
  const warnings: string[] = (settings.missingKeys ?? []).map(
    (p) => `${p} is selected but has no key: add one in Settings → Search.`,
  );
  const searched = [question];
  let conflicts: AnswerResult['conflicts'] = [];
  // Set once the gate has run; read by every result built after it.
  const decided: { gate?: AnswerResult['gate'] } = {};
  const base = () => ({
    question,
    trace: { stages: trace.stages },
    searched,
    warnings,
    conflicts,
    ...(decided.gate ? { gate: decided.gate } : {}),
  });

  const today = deps.now().toISOString().slice(0, 10);
  const route = routeQuestion(question);
  trace.add('route', { ok: true, summary: `${route.search ? 'search' : 'no search'}: ${route.reason}` });
  if (!route.search) return notSearched(question, route.reason, deps, trace, base);

  deps.onProgress('planning', deps.model ? 'Planning the searches…' : 'Planning the searches (no model)…');
  const model = deps.model;
  let plan: QueryPlan;
  try {
    plan = model
      ? await trace.run(
          'plan',
          () => planQueries(model, question, today),
          (p) => ({
            ok: !p.error,
            summary:
              p.error ??
              `${p.queries.length} queries${p.freshnessDays ? `, sources within ${p.freshnessDays} days` : ''} (${p.source})`,
            detail: p,
            ...(p.tokensIn === undefined ? {} : { tokensIn: p.tokensIn }),
            ...(p.tokensOut === undefined ? {} : { tokensOut: p.tokensOut }),
            costUsd: cost(settings.prices, p.tokensIn, p.tokensOut),
          }),
        )
      : heuristicPlan(question, today);
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    return { mode: 'unavailable', ...base(), evidence: [], failures: [e.failure], reason: e.failure.message };
  }
  if (!model) trace.add('plan', { ok: true, summary: `${plan.queries.length} queries (heuristic)`, detail: plan });
  if (plan.source === 'model' && !plan.needsSearch && !plan.error) {
    return notSearched(question, 'the planner judged that no web lookup is needed', deps, trace, base);
  }
  // A plan that wanted a search but produced no usable query is an error in the trace, and the
  // question is searched as written: never a silent ungrounded answer.
  const queries = plan.queries.length > 0 ? plan.queries : [question];
  searched.splice(0, searched.length, ...queries);
  const freshnessDays = plan.freshnessDays ?? settings.freshnessDays;

  deps.onProgress(
    'searching',
    `Searching ${queries.length} quer${queries.length === 1 ? 'y' : 'ies'} on ${deps.providers.length} source${deps.providers.length === 1 ? '' : 's'}…`,
  );
  // Release questions: the primary sources' public JSON, asked while the search runs.
  const releaseSubject = route.release?.subject;
  const releases =
    releaseSubject && deps.releaseSources?.length
      ? trace.run(
          'releases',
          () =>
            releasePages(releaseSubject, deps.releaseSources!, {
              fetch: deps.fetch,
              timeoutMs: settings.searchTimeoutMs ?? 8000,
              now: deps.now,
            }),
          (r) => ({
            ok: true,
            summary: `${r.pages.length} release source${r.pages.length === 1 ? '' : 's'} answered for ${releaseSubject}: ${r.outcomes.map((o) => `${o.source} (${o.outcome}${o.rateLimit ? `; ${o.rateLimit}` : ''})`).join(', ')}`,
            detail: r.outcomes,
          }),
        )
      : Promise.resolve({ pages: [] as Page[], outcomes: [] });
  const round = await trace.run(
    'search',
    () =>
      searchRound(deps.providers, queries, {
        count: 8,
        fetch: deps.fetch,
        now: deps.now,
        cache: deps.cache,
        timeoutMs: settings.searchTimeoutMs,
        freshnessDays,
      }),
    (r) => searchRecord([r], deps.providers.length, queries, settings.prices),
  );
  const failures: ProviderFailure[] = round.failures;
  warnings.push(...round.warnings);
  const hits = round.hits;

  const denied = onDomains(settings.denyDomains);
  const fast = snippetPages(
    question,
    queries,
    hits.filter((h) => !denied(h.url)),
    onDomains(settings.primaryDomains),
    deps.now(),
  );
  if (fast.length > 0)
    trace.add('fast-path', {
      ok: true,
      summary: `${fast.length} primary-source snippet${fast.length === 1 ? '' : 's'} with a verifiable token used without fetching the page`,
      detail: fast.map((p) => ({ url: p.url, snippet: p.text })),
    });
  const fastUrls = new Set(fast.map((p) => p.url));
  // Read by our own ranking, one page a site first: the page budget buys independent sources.
  const fetchPlan = planFetches(
    rankHits(
      question,
      queries,
      hits.filter((h) => !denied(h.url) && !fastUrls.has(h.url)),
      onDomains(settings.primaryDomains),
    ),
    settings.maxPages,
  );
  const toFetch = fetchPlan.fetch.map((r) => r.hit);
  const scoreOf = new Map(fetchPlan.fetch.map((r) => [r.hit.url, r.score]));
  deps.onProgress('reading', `Reading ${toFetch.length} page${toFetch.length === 1 ? '' : 's'}…`);
  const outcomes = await trace.run(
    'fetch',
    () => mapWithConcurrency(toFetch, settings.fetchConcurrency ?? 3, (h) => deps.fetchPage(h.url)),
    (o) => ({
      ok: true,
      summary: `${o.filter((x) => x.ok).length}/${o.length} pages read (our ranking, one page a site first${fetchPlan.deferred.length > 0 ? `; ${fetchPlan.deferred.length} more not read` : ''})`,
      detail: o.map((x, i) =>
        x.ok
          ? {
              url: x.extraction.page.url,
              rankScore: scoreOf.get(toFetch[i]!.url),
              ok: true,
              chars: x.extraction.page.text.length,
              readable: x.extraction.readable,
              truncated: x.truncated,
              published: x.extraction.page.published,
            }
          : { url: x.url, ok: false, reason: x.reason },
      ),
    }),
  );
  const released = (await releases).pages;
  const pages = [...released, ...fast, ...outcomes.flatMap((o) => (o.ok ? [o.extraction.page] : []))];
  // The release sources are primary for the question they answer.
  const primaryDomains = [...settings.primaryDomains, ...released.map((p) => registrableDomain(p.url))];
  for (const o of outcomes) if (o.ok && o.truncated) warnings.push(`${o.extraction.page.url} was cut at ${o.bytes} bytes.`);

  const tabPages = await trace.run(
    'tabs',
    () => deps.readTabs(),
    (t) => ({
      ok: true,
      summary: `${t.length} open tab${t.length === 1 ? '' : 's'} read`,
      detail: t.map((p) => ({ url: p.url, title: p.title, chars: p.text.length })),
    }),
  );

  const links = () =>
    [...hits.map((h) => ({ url: h.url, title: h.title })), ...tabPages.map((p) => ({ url: p.url, title: p.title }))].slice(0, 10);

  if (failures.length === deps.providers.length && deps.providers.length > 0 && tabPages.length === 0) {
    return { mode: 'unavailable', ...base(), evidence: [], failures, reason: failures.map((f) => f.message).join(' ') };
  }

  const passages: Passage[] = [...pages, ...tabPages].filter((p) => !denied(p.url)).flatMap((p) => splitPassages(p));
  const selection = await trace.run(
    'select',
    async () =>
      selectEvidence(question, searched, passages, {
        maxSpans: settings.maxSpans,
        now: deps.now(),
        isPrimary: onDomains(primaryDomains),
        ...(freshnessDays === undefined ? {} : { freshnessDays }),
      }),
    (s) => ({
      ok: true,
      summary: `${s.spans.length} spans from ${passages.length} passages`,
      detail: {
        spans: s.spans.map((x) => ({ spanId: x.spanId, url: x.url, score: x.score, domain: registrableDomain(x.url) })),
        dropped: s.dropped,
        evidenceTokens: s.spans.reduce((n, x) => n + estimateTokens(x.text), 0),
        // The window the spans were judged against (the panel shows each source's age against it).
        freshnessDays: freshnessDays ?? null,
      },
    }),
  );
  if (selection.spans.length === 0) {
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

  // Keyless corroboration: the sources the selected passages' footnotes cite, when one publisher is all there is.
  const cited = await addCitedSources(selection.spans, [...pages, ...tabPages], deps.fetchPage, settings.minDomains, () =>
    deps.onProgress('reading', 'Reading the sources the passages cite…'),
  );
  if (cited.stage) trace.add('citations', cited.stage);
  const spans = cited.spans;

  const disposeSettings: DisposeSettings = {
    minDomains: settings.minDomains,
    requirePrimary: settings.requirePrimary,
    primaryDomains,
    ...(freshnessDays === undefined ? {} : { freshnessDays }),
    now: deps.now(),
  };
  const prepared = prepareEvidence(question, spans, disposeSettings);
  conflicts = prepared.conflicts;
  decided.gate = prepared.gate;
  trace.add('gate', {
    ok: prepared.gate.passed,
    summary: prepared.gate.passed ? 'passed' : prepared.gate.failed.map((f) => f.message).join(' '),
    detail: { gate: prepared.gate, conflicts: prepared.conflicts, removedInstructions: prepared.removed },
  });
  if (prepared.removed.length > 0)
    warnings.push(
      `Text addressed to an AI was removed from ${[...new Set(prepared.removed.map((r) => r.spanId))].join(', ')} before the model saw it.`,
    );
  if (!prepared.gate.passed) {
    return {
      mode: 'abstained',
      ...base(),
      evidence: spans,
      reason: prepared.gate.failed.map((f) => f.message).join(' '),
      links: links(),
    };
  }

  deps.onProgress('composing', deps.model ? `Composing with ${deps.model.name}…` : 'Composing from the best sentences…');
  let evidence: EvidenceSpan[] = prepared.composeSpans;
  const unsupportedExtra: string[] = [];
  const compose = async (set: EvidenceSpan[]): Promise<string | AnswerResult> => {
    try {
      return await composeDraft(deps, question, set, prepared.texts, today, trace, settings);
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      const complete = completeSentences(e.partialText);
      if (complete) {
        warnings.push(`The model's reply was cut off (${e.failure.message}); only its complete sentences were checked.`);
        unsupportedExtra.push('The rest of the answer: the model’s reply was cut off.');
        return complete;
      }
      return { mode: 'unavailable', ...base(), evidence: set, failures: [...failures, e.failure], reason: e.failure.message };
    }
  };

  let draft = await compose(evidence);
  if (typeof draft !== 'string') return draft;
  let disposed = disposeDraft(draft, evidence, prepared.texts);
  if (disposed.parsed.unknownIds.length > 0) {
    // The model cited spans that do not exist: discard the draft and retry once with a tighter set.
    warnings.push(
      `The model cited spans that do not exist (${disposed.parsed.unknownIds.join(', ')}); its draft was discarded and retried with fewer spans.`,
    );
    evidence = evidence.slice(0, Math.max(1, Math.ceil(evidence.length / 2)));
    draft = await compose(evidence);
    if (typeof draft !== 'string') return draft;
    disposed = disposeDraft(draft, evidence, prepared.texts);
    if (disposed.parsed.unknownIds.length > 0) {
      return {
        mode: 'abstained',
        ...base(),
        evidence,
        reason: 'The model cited evidence that does not exist, twice; its answer was discarded.',
        links: links(),
      };
    }
  }
  trace.add('cite', {
    ok: true,
    summary: `${disposed.parsed.claims.length} sentences, ${disposed.parsed.claims.filter((c) => c.cites.length === 0).length} uncited (${disposed.parsed.form} draft)`,
    detail: disposed.parsed,
  });
  if (disposed.parsed.insufficient) {
    return { mode: 'abstained', ...base(), evidence, reason: 'The evidence found does not support an answer.', links: links() };
  }

  deps.onProgress('verifying', `Checking ${disposed.parsed.claims.length} claims against their passages…`);
  let judged: JudgeVerdicts | undefined;
  const open = disposed.checks.filter(
    (c) => c.outcome.verdict === 'uncertain' && disposed.parsed.claims[c.index]!.cites.length > 0,
  );
  if (settings.judge && deps.model && open.length > 0) {
    const model = deps.model;
    const outcome = await trace
      .run(
        'judge',
        () =>
          judgeClaims(
            model,
            open.map((c) => {
              const claim = disposed.parsed.claims[c.index]!;
              return { claim: claim.text, spans: claim.cites.map((id) => ({ spanId: id, text: prepared.texts.get(id) ?? '' })) };
            }),
          ),
        (o) => ({
          ok: !o.error,
          summary: judgeSummary(o, open.length),
          detail: { verdicts: [...o.verdicts].map(([k, v]) => ({ claim: open[k]!.index, verdict: v })), ignored: o.ignored },
          tokensIn: o.tokensIn,
          tokensOut: o.tokensOut,
          costUsd: cost(settings.prices, o.tokensIn, o.tokensOut),
        }),
      )
      .catch((e: unknown) => {
        warnings.push(
          `The model judge was unavailable (${e instanceof Error ? e.message : String(e)}); unsettled claims are flagged.`,
        );
        return undefined;
      });
    judged =
      outcome &&
      answerVerdicts(
        outcome,
        open.map((c) => c.index),
      );
  }
  const claims = judged ? disposeDraft(draft, evidence, prepared.texts, judged).claims : disposed.claims;
  trace.add('verify', {
    ok: true,
    summary: `${claims.filter((c) => c.status === 'supported').length} supported, ${claims.filter((c) => c.status === 'flagged').length} flagged, ${claims.filter((c) => c.status === 'dropped').length} dropped`,
    detail: { claims, checks: disposed.checks },
  });
  const unsupported = [...disposed.parsed.unsupported, ...unsupportedExtra];
  const mode = decideMode(claims, unsupported);
  if (mode === 'abstained') {
    return {
      mode: 'abstained',
      ...base(),
      evidence,
      reason: 'No sentence of the draft was supported by the passage it cites.',
      links: links(),
    };
  }
  return { mode, ...base(), evidence, claims, sources: sourcesFor(claims, evidence), unsupported };
}

async function composeDraft(
  deps: PipelineDeps,
  question: string,
  evidence: EvidenceSpan[],
  texts: Map<string, string>,
  today: string,
  trace: TraceRecorder,
  settings: PipelineSettings,
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
      costUsd: cost(settings.prices, r.tokensIn, r.tokensOut),
    }),
  );
  return reply.text;
}

/** The result for a question that is not searched: said plainly, with the model's reply if there is one. */
async function notSearched(
  question: string,
  reason: string,
  deps: PipelineDeps,
  trace: TraceRecorder,
  base: () => Omit<Extract<AnswerResult, { mode: 'not-searched' }>, 'mode' | 'evidence' | 'reason' | 'text'>,
): Promise<AnswerResult> {
  const model = deps.model;
  let text =
    'Spanlight answers from evidence it can show. This request was not searched, and without a model configured (Settings → Model) there is nothing to write it with.';
  if (model) {
    try {
      const reply = await trace.run(
        'compose',
        () => model.complete({ system: 'Do what the user asks. Be brief.', user: question }),
        (r) => ({
          ok: true,
          summary: 'ungrounded reply (not searched)',
          ...(r.tokensIn === undefined ? {} : { tokensIn: r.tokensIn }),
          ...(r.tokensOut === undefined ? {} : { tokensOut: r.tokensOut }),
        }),
      );
      text = reply.text;
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      return { mode: 'unavailable', ...base(), evidence: [], failures: [e.failure], reason: e.failure.message };
    }
  }
  return { mode: 'not-searched', ...base(), evidence: [], reason: `Not searched: ${reason}. This reply cites nothing.`, text };
}
