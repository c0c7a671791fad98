import type { EvidenceSpan, ProgressStep, ProviderFailure, Warning } from '../types';
import { warningOf } from '../shared/failure-text';
import { removedWarnings } from '../pipeline/gate-stage';
import type { TraceStage } from '../shared/trace-schema';
import type { ChatModel } from '../model/chat-model';
import type { SearchProvider } from '../search/provider';
import type { FetchLike } from '../shared/fetch-like';
import { ProviderError } from '../shared/provider-error';
import type { FetchOutcome } from '../pipeline/fetch-page';
import type { PipelineCache } from '../pipeline/cache';
import type { PipelineSettings } from '../pipeline/answer-question';
import { onDomains } from '../pipeline/on-domains';
import { registrableDomain } from '../pipeline/select';
import { sanitizeEvidence } from '../pipeline/sanitize-evidence';
import { concurrencyLimit } from '../pipeline/concurrency';
import { closestSentence } from '../pipeline/closest-sentence';
import { searchRecord } from '../pipeline/search';
import { judgeClaims, judgeSummary } from '../pipeline/judge';
import { cost, TraceRecorder } from '../pipeline/trace';
import { checkableSentences, claimsWithModel, type CheckableClaim } from './split-claims';
import { claimEvidence, excludedFrom, type ClaimEvidence } from './claim-evidence';
import { applyJudge, judgeItems } from './apply-judge';
import { verdictFor, type ClaimVerdict } from './verdict';

export { collapseCopies } from './claim-evidence';

export interface FactCheckDeps {
  now: () => Date;
  fetch: FetchLike;
  providers: SearchProvider[];
  fetchPage: (url: string) => Promise<FetchOutcome>;
  model: ChatModel | null;
  onProgress: (step: ProgressStep, message: string) => void;
  /** The search cache answering uses (pages are cached inside fetchPage). */
  cache?: PipelineCache;
}

/** The answering settings a fact-check reads too. */
export type FactCheckSettings = Partial<
  Pick<PipelineSettings, 'searchTimeoutMs' | 'fetchConcurrency' | 'denyDomains' | 'prices'>
>;

export interface FactCheckInput {
  /** The text checked: a selection, or the page's main content. */
  text: string;
  /** The page it is from: its own registrable domain never counts as evidence for itself. */
  pageUrl: string;
  title: string;
  /** Claims checked at most (the rest are counted, for "check more"). */
  maxClaims?: number;
  /** Claims already checked, skipped by "check more". */
  skip?: number;
  /** The model judge, for claims the code finds no verdict for (when there is a model). */
  judge?: boolean;
  settings?: FactCheckSettings;
}

/** The passages read nearest a claim that has no verdict, with the sentence of each closest to it. */
export interface ClosestPassage {
  spanId: string;
  sentence: string;
}

export interface CheckedClaim extends CheckableClaim, ClaimVerdict {
  /** For a claim without a verdict: the closest passages that were read, so a person can finish the job. */
  closest?: ClosestPassage[];
}

export interface FactCheckOutcome {
  claims: CheckedClaim[];
  /** Checkable claims beyond the budget. */
  more: number;
  /** Every span of every claim: the selected ones and the closest under the floor. */
  evidence: EvidenceSpan[];
  failures: ProviderFailure[];
  warnings: Warning[];
  stages: TraceStage[];
}

const NO_PRICES = { inputPerMillion: 0, outputPerMillion: 0, searchPerCall: 0 };
/** Closest passages listed under a claim without a verdict. */
const CLOSEST_SHOWN = 3;

/** The claims to check: a model's standalone claims, else (or when it fails) the checkable sentences. */
async function findClaims(input: FactCheckInput, deps: FactCheckDeps, warnings: Warning[], want: number) {
  if (!deps.model)
    return { claims: checkableSentences(input.text, want), notes: ['no model: the checkable sentences as they are'] };
  return claimsWithModel(deps.model, input.text, input.title, want).catch((e: unknown) => {
    if (e instanceof ProviderError) warnings.push(warningOf('model', 'claims-from-sentences', {}, e.failure));
    return { claims: checkableSentences(input.text, want), notes: ['model unavailable: checkable sentences used'] };
  });
}

/** Numbers every claim's spans S1, S2… across the check, selected first, then the closest under the floor. */
function numberSpans(found: ClaimEvidence[]): { selected: EvidenceSpan[][]; closest: EvidenceSpan[][] } {
  let n = 0;
  const renumber = (spans: EvidenceSpan[]) => spans.map((s) => ({ ...s, spanId: `S${++n}` }));
  const selected: EvidenceSpan[][] = [];
  const closest: EvidenceSpan[][] = [];
  for (const f of found) {
    selected.push(renumber(f.selected));
    closest.push(renumber(f.closest));
  }
  return { selected, closest };
}

/**
 * Checks a text's claims against independent evidence: claims (model or checkable sentences), then
 * every claim searched and read at once (the answering search round, one fetch limit for all, each
 * page read once), the page's own domain excluded, copies collapsed, spans selected, a verdict per
 * claim in code; the model judge, when on, only for claims the code found no verdict for, over
 * their closest passages even under the floor, and only with a span and a quote the code finds.
 */
export async function factCheck(input: FactCheckInput, deps: FactCheckDeps): Promise<FactCheckOutcome> {
  const trace = new TraceRecorder(deps.now);
  const warnings: Warning[] = [];
  const prices = input.settings?.prices ?? NO_PRICES;
  const max = input.maxClaims ?? 8;
  const skip = input.skip ?? 0;

  deps.onProgress('claims', 'Finding the claims…');
  const all = await trace.run(
    'claims',
    () => findClaims(input, deps, warnings, skip + max + 50),
    (a) => ({ ok: true, summary: `${Math.min(max, Math.max(0, a.claims.length - skip))} claims to check`, detail: a }),
  );
  const claims = all.claims.slice(skip, skip + max);
  const more = Math.max(0, all.claims.length - skip - max);

  deps.onProgress('searching', `Searching and reading evidence for ${claims.length} claims…`);
  const started = deps.now();
  const t0 = performance.now();
  let searchedAt = t0;
  const limit = concurrencyLimit(input.settings?.fetchConcurrency ?? 3);
  const reads = new Map<string, Promise<FetchOutcome>>();
  const read = (url: string) => {
    if (!reads.has(url))
      reads.set(
        url,
        limit(() => deps.fetchPage(url)),
      );
    return reads.get(url)!;
  };
  const excluded = excludedFrom(input.pageUrl, onDomains(input.settings?.denyDomains ?? []));
  const search = { fetch: deps.fetch, now: deps.now, cache: deps.cache, timeoutMs: input.settings?.searchTimeoutMs };
  const found = await Promise.all(
    claims.map((c) =>
      claimEvidence(c.text, {
        providers: deps.providers,
        search,
        read,
        excluded,
        now: deps.now(),
        onSearched: () => (searchedAt = Math.max(searchedAt, performance.now())),
      }),
    ),
  );
  const rounds = found.map((f) => f.round);
  trace.add(
    'search',
    searchRecord(
      rounds,
      deps.providers.length,
      claims.map((c) => c.text),
      prices,
    ),
    { startedAt: started, ms: searchedAt - t0 },
  );
  const pages = await Promise.all(reads.values());
  trace.add(
    'fetch',
    {
      ok: true,
      summary: `${pages.filter((p) => p.ok).length}/${pages.length} pages read, each once, at most ${input.settings?.fetchConcurrency ?? 3} at a time`,
      detail: pages.map((p) => (p.ok ? { url: p.extraction.page.url, ok: true } : { url: p.url, ok: false, reason: p.reason })),
    },
    { startedAt: started, ms: performance.now() - t0 },
  );

  const failures: ProviderFailure[] = [];
  for (const f of rounds.flatMap((r) => r.failures)) if (!failures.some((x) => x.provider === f.provider)) failures.push(f);
  for (const w of rounds.flatMap((r) => r.warnings)) if (!warnings.some((x) => x.message === w.message)) warnings.push(w);
  const { selected, closest } = numberSpans(found);
  const candidates = selected.map((s, i) => [...s, ...closest[i]!]);
  const evidence = candidates.flat();
  trace.add('select', {
    ok: true,
    summary: `${selected.flat().length} independent spans, ${closest.flat().length} closest under the floor (the page's own domain, ${registrableDomain(input.pageUrl)}, excluded)`,
    detail: { perClaim: candidates.map((s) => s.map((x) => ({ spanId: x.spanId, url: x.url, score: x.score }))) },
  });

  const { texts, removed } = sanitizeEvidence(evidence);
  warnings.push(...removedWarnings(removed));
  let checked: CheckedClaim[] = claims.map((c, i) => ({ ...c, ...verdictFor(c.text, selected[i]!, texts) }));

  const model = deps.model;
  const { open, items } = judgeItems(checked, candidates, (_, s) => texts.get(s.spanId) ?? s.text);
  if (input.judge && model && items.length > 0) {
    deps.onProgress('verifying', `The model judge reads ${items.length} claim${items.length === 1 ? '' : 's'}…`);
    const outcome = await trace.run(
      'judge',
      () => judgeClaims(model, items),
      (o) => ({
        ok: !o.error,
        summary: judgeSummary(o, items.length),
        detail: { verdicts: [...o.verdicts].map(([k, v]) => ({ claim: open[k]!, verdict: v })), ignored: o.ignored },
        tokensIn: o.tokensIn,
        tokensOut: o.tokensOut,
        costUsd: cost(prices, o.tokensIn, o.tokensOut),
      }),
    );
    if (outcome.warning) warnings.push(outcome.warning);
    checked = applyJudge(checked, open, outcome);
  }
  checked = checked.map((c, i) =>
    c.verdict === 'not-found' && candidates[i]!.length > 0
      ? {
          ...c,
          closest: candidates[i]!.slice(0, CLOSEST_SHOWN).map((s) => ({
            spanId: s.spanId,
            sentence: closestSentence(c.text, texts.get(s.spanId) ?? s.text),
          })),
        }
      : c,
  );
  trace.add('verdicts', { ok: true, summary: checked.map((c) => c.verdict).join(', ') });
  return { claims: checked, more, evidence, failures, warnings, stages: trace.stages };
}
