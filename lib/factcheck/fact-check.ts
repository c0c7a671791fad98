import type { ProviderFailure, Warning } from '../shared/types';
import { warningOf } from '../shared/failure-text';
import { removedWarnings } from '../evidence/sanitize-evidence';
import type { ChatModel } from '../model/chat-model';
import { ProviderError } from '../shared/provider-error';
import { registrableDomain } from '../pages/publisher';
import { searchRecord } from '../search/search-round';
import { cost, TraceRecorder, type Prices } from '../run/trace';
import type { FactCheckDeps, FactCheckInput, FactCheckOutcome } from './deps';
import { claimsWithModel } from './split-claims';
import { disposeModelClaims, pageClaims, type ClaimPage } from './page-claims';
import type { LeftOut } from './left-out';
import { rankClaims, type RankedClaim } from './rank-claims';
import { CheckRun, type RunSettled } from './check-run';
import { disposeModelQueries, queriesFor } from './claim-queries';
import type { SearchProvider } from '../search/provider';

export { collapseCopies } from './claim-evidence';
export { SEARCHES_AT_ONCE } from './check-run';
export type { RankedClaim } from './rank-claims';

/** The default budget: claims checked in one pass (Settings → Budgets; the README says why 25). */
export const DEFAULT_CLAIM_BUDGET = 25;

const NO_PRICES = { inputPerMillion: 0, outputPerMillion: 0, searchPerCall: 0 };

/** The claims of a page, ranked, and what was left out: a model's standalone claims from every part, disposed by the code, else (or when it fails) the code's. */
export async function findClaims(
  page: ClaimPage & { title: string },
  model: ChatModel | null,
  warnings: Warning[] = [],
  /** Stop: the parts the model has not read give the code's claims, so the list stays whole. */
  signal?: AbortSignal,
): Promise<{ claims: RankedClaim[]; left: LeftOut[]; notes: string[]; modelCalls: number }> {
  const code = pageClaims(page);
  const plain = (notes: string[]) => ({ claims: rankClaims(code.claims, page.title), left: code.left, notes, modelCalls: 0 });
  if (!model) return plain(['no model: the claims the code finds']);
  try {
    const found = await claimsWithModel(model, page.text, page.title, { signal, code: code.claims });
    const disposed = disposeModelClaims(found.claims, code, page);
    return {
      claims: rankClaims(disposed.claims, page.title),
      left: disposed.left,
      notes: [`${found.chunks} part${found.chunks === 1 ? '' : 's'} read by the model`, ...found.notes, ...disposed.notes],
      modelCalls: found.modelCalls,
    };
  } catch (e) {
    if (e instanceof ProviderError) warnings.push(warningOf('model', 'claims-from-sentences', {}, e.failure));
    return plain([`model unavailable (${e instanceof Error ? e.message : String(e)}): the code's claims used`]);
  }
}

/** The claim list of a pass: the one kept from an earlier pass, or the text's claims found and ranked now. */
async function claimList(
  input: FactCheckInput,
  deps: FactCheckDeps,
  trace: TraceRecorder,
  budget: number,
  warnings: Warning[],
): Promise<{ claims: RankedClaim[]; left: LeftOut[] }> {
  if (input.claims) {
    trace.add('claims', { ok: true, summary: `${input.claims.length} claims kept from the earlier pass (not split again)` });
    return { claims: input.claims, left: [] };
  }
  deps.onProgress('claims', 'Finding the claims…');
  const found = await trace.run(
    'claims',
    () =>
      findClaims(
        { text: input.text, title: input.title, published: input.published ?? null, roles: input.roles },
        deps.model,
        warnings,
        input.signal,
      ),
    (f) => ({
      ok: true,
      summary: `${f.claims.length} checkable claims, ${Math.min(budget, f.claims.length)} to check; ${f.left.length} sentences left out (${leftSummary(f.left)})`,
      detail: {
        notes: f.notes,
        modelCalls: f.modelCalls,
        claims: f.claims.map((c) => ({
          rank: c.rank,
          worth: c.worth,
          text: c.text,
          ...(c.text !== c.sentence.replace(/\s+/g, ' ').trim() ? { sentence: c.sentence } : {}),
          ...(c.needsContext ? { needsContext: true } : {}),
        })),
      },
    }),
  );
  return found;
}

/**
 * Checks a text's claims against independent evidence. The claim list is made once (or taken as
 * given) and ranked; the top `budget` claims are checked by a CheckRun (check-run.ts): searched in
 * rank order, a query two claims share asked once, their pages read under one fetch limit, the
 * pages of higher-ranked claims first, each page once for the whole check. A claim's evidence is
 * every page its search found that the check reads, the page's own domain excluded, copies
 * collapsed. The code gives each claim its verdict as soon as its pages are read; the model judge,
 * when on, reads the claims the code found no verdict for, in batches. Each verdict is reported as it
 * settles; a stop returns at once with the settled ones, the rest listed as not checked.
 */
export async function factCheck(input: FactCheckInput, deps: FactCheckDeps): Promise<FactCheckOutcome> {
  const trace = new TraceRecorder(deps.now);
  const warnings: Warning[] = [];
  const budget = Math.max(0, input.budget ?? DEFAULT_CLAIM_BUDGET);
  const { claims: all, left } = await claimList(input, deps, trace, budget, warnings);
  deps.onClaims?.(all);
  const claims = all.slice(0, budget);

  deps.onProgress('searching', `Checking ${claims.length} of ${all.length} claims…`);
  const timing = { startedAt: deps.now(), t0: performance.now() };
  const run = new CheckRun(claims, deps, input);
  const { settled, stopped } = await run.run();

  const done = [...settled.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  const checked = done.map((s) => s.claim);
  const evidence = done.flatMap((s) => s.evidence);
  const notChecked = [...claims.filter((_, i) => !settled.has(i)), ...all.slice(claims.length)];
  const prices = input.settings?.prices ?? NO_PRICES;
  for (const o of run.judged) if (o.outcome.warning) warnOnce(warnings, o.outcome.warning);
  const { failures, searches, pagesRead } = recordReading(trace, run, deps.providers.length, timing, prices, warnings);
  // Fact Check Tools adds to a check and never decides it: its failure is a warning, said once.
  for (const f of run.priorCheckFailures) warnOnce(warnings, warningOf('search', 'provider-skipped', {}, f));
  recordSelection(trace, done, input.pageUrl, warnings);
  const judgeCalls = recordJudge(trace, run.judged, prices) + recordOwnSources(trace, run, prices);
  const unchecked = checked.filter((c) => c.verdict === 'unchecked').length;
  trace.add('verdicts', {
    ok: true,
    summary: `${checked.filter((c) => c.verdict !== 'unchecked').length} of ${all.length} checked${unchecked ? `, ${unchecked} unchecked (every search failed)` : ''}${stopped ? ' (stopped)' : ''}: ${checked.map((c) => c.verdict).join(', ')}`,
  });
  return {
    claims: checked,
    notChecked,
    checkable: all.length,
    left,
    evidence,
    failures,
    warnings,
    stages: trace.stages,
    stopped,
    moreSearches: plannedSearches(notChecked, deps.providers, input),
    counts: { searches, pagesRead, judgeCalls },
  };
}

/** The searches checking `claims` would send: each query they plan asked once of each provider it suits. */
export function plannedSearches(
  claims: RankedClaim[],
  providers: SearchProvider[],
  page: Pick<FactCheckInput, 'title' | 'published'>,
): number {
  const asked = new Set<string>();
  for (const c of claims) {
    const plan = disposeModelQueries(c, c.queries, page);
    for (const p of providers) for (const q of queriesFor(plan, p)) asked.add(`${p.id} ${q.toLowerCase()}`);
  }
  return asked.size;
}

/** How many sentences were left out for each reason, most first: "12 not-check-worthy, 3 caption". */
function leftSummary(left: LeftOut[]): string {
  const counts = new Map<string, number>();
  for (const l of left) counts.set(l.reason, (counts.get(l.reason) ?? 0) + 1);
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${n} ${r}`)
      .join(', ') || 'none'
  );
}

/** Adds `w` to `warnings` unless one with its message is there. */
function warnOnce(warnings: Warning[], w: Warning) {
  if (!warnings.some((x) => x.message === w.message)) warnings.push(w);
}

/**
 * Records the search and fetch stages from the searches and reads that finished (a stopped run's
 * unfinished ones are not waited for); the providers' failures and warnings, each once.
 */
function recordReading(
  trace: TraceRecorder,
  run: CheckRun,
  providerCount: number,
  timing: { startedAt: Date; t0: number },
  prices: Prices,
  warnings: Warning[],
): { failures: ProviderFailure[]; searches: number; pagesRead: number } {
  const rounds = run.searches.finished();
  const record = searchRecord(rounds, providerCount, run.searches.queries(), prices, undefined, run.searches.failedProviders());
  // Per claim, in rank order: the queries planned (and by whom), what each provider returned, the pages read.
  const perClaim = [...run.searched.entries()].sort((a, b) => a[0] - b[0]).map(([i, s]) => ({ claim: i + 1, ...s }));
  trace.add(
    'search',
    { ...record, detail: { ...(record.detail as object), perClaim } },
    {
      startedAt: timing.startedAt,
      ms: Math.max(0, run.searches.lastAt - timing.t0),
    },
  );
  const pages = run.pages.finished();
  trace.add(
    'fetch',
    {
      ok: true,
      summary: `${pages.filter((p) => p.ok).length}/${pages.length} pages read, each once, at most ${run.pages.fetchLimit} at a time, the highest-ranked claims' first`,
      detail: pages.map((p) => (p.ok ? { url: p.extraction.page.url, ok: true } : { url: p.url, ok: false, reason: p.reason })),
    },
    { startedAt: timing.startedAt, ms: performance.now() - timing.t0 },
  );
  const failures: ProviderFailure[] = [];
  for (const f of rounds.flatMap((r) => r.failures)) if (!failures.some((x) => x.provider === f.provider)) failures.push(f);
  for (const w of rounds.flatMap((r) => r.warnings)) warnOnce(warnings, w);
  const searches = rounds.reduce((n, r) => n + r.requests, 0) + run.searches.retriedRequests();
  return { failures, searches, pagesRead: pages.length };
}

/** Records the select stage: each settled claim's spans; the sentences taken out of them as warnings. */
function recordSelection(trace: TraceRecorder, done: RunSettled[], pageUrl: string, warnings: Warning[]) {
  warnings.push(...removedWarnings(done.flatMap((s) => s.removed)));
  trace.add('select', {
    ok: true,
    summary: `${done.reduce((n, s) => n + s.evidence.length, 0)} spans for ${done.length} claims (the page's own domain, ${registrableDomain(pageUrl)}, excluded)`,
    detail: { perClaim: done.map((s) => s.evidence.map((x) => ({ spanId: x.spanId, url: x.url, score: x.score }))) },
  });
}

/**
 * Records the claims' own sources, when any was read, as the citations stage: per claim, each
 * source, how it is the claim's own, and what it says. Returns the model reader's calls.
 */
function recordOwnSources(trace: TraceRecorder, run: CheckRun, prices: Prices): number {
  if (run.own.read.size === 0) return 0;
  const read = [...run.own.read.entries()].sort((a, b) => a[0] - b[0]);
  const all = read.flatMap(([, r]) => r);
  const count = (k: string) => all.filter((r) => r.reading === k).length;
  const tokensIn = run.own.readings.reduce((n, r) => n + r.tokensIn, 0);
  const tokensOut = run.own.readings.reduce((n, r) => n + r.tokensOut, 0);
  trace.add('citations', {
    ok: true,
    summary:
      `${all.length} own source${all.length === 1 ? '' : 's'} of ${read.length} claim${read.length === 1 ? '' : 's'} read (never counted as independent): ` +
      `${count('states')} state it, ${count('contradicts')} say otherwise, ${count('silent')} do not state it, ${count('unread')} could not be read` +
      (run.own.readings.length > 0 ? `; model reader: ${run.own.readings.map((r) => r.summary).join('; ')}` : ''),
    detail: read.map(([i, r]) => ({
      claim: i + 1,
      sources: r.map((x) => ({ url: x.url, via: x.via, reading: x.reading, reason: x.reason })),
    })),
    ...(run.own.readings.length > 0 ? { tokensIn, tokensOut, costUsd: cost(prices, tokensIn, tokensOut) } : {}),
  });
  return run.own.readings.length;
}

/** Records the judge stage when the judge was asked. Returns the model calls it made. */
function recordJudge(trace: TraceRecorder, judged: CheckRun['judged'], prices: Prices): number {
  if (judged.length === 0) return 0;
  const sum = (f: (o: CheckRun['judged'][number]) => number) => judged.reduce((n, o) => n + f(o), 0);
  const tokensIn = sum((o) => o.outcome.tokensIn);
  const tokensOut = sum((o) => o.outcome.tokensOut);
  const calls = sum((o) => o.outcome.calls);
  const accepted = sum((o) => [...o.outcome.verdicts.values()].filter((v) => v.length > 0).length);
  const ignored = judged.flatMap((o) => o.outcome.ignored);
  const errors = judged.flatMap((o) => (o.outcome.error ? [o.outcome.error] : []));
  trace.add('judge', {
    ok: errors.length === 0,
    summary: [
      `${sum((o) => o.outcome.verdicts.size)}/${sum((o) => o.asked)} claims judged in ${calls} call${calls === 1 ? '' : 's'}, ${accepted} with a verdict the code accepted`,
      ...(ignored.length ? [`${ignored.length} ignored`] : []),
      ...errors,
    ].join('; '),
    detail: { ignored },
    tokensIn,
    tokensOut,
    costUsd: cost(prices, tokensIn, tokensOut),
  });
  return calls;
}
