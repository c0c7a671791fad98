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
import { concurrencyLimit, priorityLimit } from '../pipeline/concurrency';
import { closestSentence } from '../pipeline/closest-sentence';
import { searchRecord, searchRound, type SearchRound } from '../pipeline/search';
import { judgeClaims, JUDGE_BATCH, type JudgeOutcome } from '../pipeline/judge';
import { cost, TraceRecorder } from '../pipeline/trace';
import { normalizeText } from '../anchor/normalize';
import { checkableSentences, claimsWithModel } from './split-claims';
import { rankClaims, type RankedClaim } from './rank-claims';
import { CLAIM_BUDGET, claimEvidence, excludedFrom, type ClaimEvidence } from './claim-evidence';
import { applyJudge, judgeItems } from './apply-judge';
import { verdictFor, type ClaimVerdict } from './verdict';

export { collapseCopies } from './claim-evidence';
export type { RankedClaim } from './rank-claims';

export interface FactCheckDeps {
  now: () => Date;
  fetch: FetchLike;
  providers: SearchProvider[];
  fetchPage: (url: string) => Promise<FetchOutcome>;
  model: ChatModel | null;
  onProgress: (step: ProgressStep, message: string) => void;
  /** The search cache answering uses (pages are cached inside fetchPage). */
  cache?: PipelineCache;
  /** Called once the claim list is made (or taken as given), before any is searched: the list to keep. */
  onClaims?: (claims: RankedClaim[]) => void;
  /** Called as each claim's verdict is settled, with the spans it names (numbered for the whole check). */
  onSettled?: (settled: SettledClaim) => void;
}

/** The answering settings a fact-check reads too. */
export type FactCheckSettings = Partial<
  Pick<PipelineSettings, 'searchTimeoutMs' | 'fetchConcurrency' | 'denyDomains' | 'prices'>
>;

/** The default budget: claims checked in one pass (Settings → Budgets; the README says why 25). */
export const DEFAULT_CLAIM_BUDGET = 25;

export interface FactCheckInput {
  /** The text checked: a selection, or the page's main content. */
  text: string;
  /** The page it is from: its own registrable domain never counts as evidence for itself. */
  pageUrl: string;
  title: string;
  /** Claims checked in this pass, the highest-ranked first; the rest are listed as not checked. */
  budget?: number;
  /** The claim list kept from an earlier pass: checked as given, the text never split again. */
  claims?: RankedClaim[];
  /** Span ids continue after S{spanOffset} (a pass that continues an earlier one). */
  spanOffset?: number;
  /** The model judge, for claims the code finds no verdict for (when there is a model). */
  judge?: boolean;
  settings?: FactCheckSettings;
  /** Stop: no claim starts after it; the settled ones are kept, the rest listed as not checked. */
  signal?: AbortSignal;
}

/** The passages read nearest a claim that has no verdict, with the sentence of each closest to it. */
export interface ClosestPassage {
  spanId: string;
  sentence: string;
}

export interface CheckedClaim extends RankedClaim, ClaimVerdict {
  /** For a claim without a verdict: the closest passages that were read, so a person can finish the job. */
  closest?: ClosestPassage[];
}

/** A claim as it settles: its verdict and the spans it names (for, against, and the closest). */
export interface SettledClaim {
  claim: CheckedClaim;
  evidence: EvidenceSpan[];
}

export interface FactCheckOutcome {
  /** The claims checked, in rank order. */
  claims: CheckedClaim[];
  /** The claims found and not checked (beyond the budget, or left when stopped), in rank order. */
  notChecked: RankedClaim[];
  /** Checkable claims this pass had: checked + not checked. */
  checkable: number;
  /** Every span of every checked claim: the selected ones and the closest under the floor. */
  evidence: EvidenceSpan[];
  failures: ProviderFailure[];
  warnings: Warning[];
  stages: TraceStage[];
  /** Whether the check was stopped before every claim of its budget settled. */
  stopped: boolean;
  /** What the pass cost: search requests sent (a shared or cached query counts once), pages read, judge calls. */
  counts: { searches: number; pagesRead: number; judgeCalls: number };
}

const NO_PRICES = { inputPerMillion: 0, outputPerMillion: 0, searchPerCall: 0 };
/** Closest passages listed under a claim without a verdict. */
const CLOSEST_SHOWN = 3;
/** Claims searched at once: enough to keep the page reads busy, few enough for a provider's rate limits. */
export const SEARCHES_AT_ONCE = 8;

/** The claims of a text, ranked: a model's standalone claims from every part, else (or when it fails) the checkable sentences. */
export async function findClaims(
  text: string,
  title: string,
  model: ChatModel | null,
  warnings: Warning[] = [],
): Promise<{ claims: RankedClaim[]; notes: string[]; modelCalls: number }> {
  const plain = (notes: string[]) => ({ claims: rankClaims(checkableSentences(text)), notes, modelCalls: 0 });
  if (!model) return plain(['no model: the checkable sentences as they are']);
  try {
    const found = await claimsWithModel(model, text, title);
    return {
      claims: rankClaims(found.claims),
      notes: [`${found.chunks} part${found.chunks === 1 ? '' : 's'} read by the model`, ...found.notes],
      modelCalls: found.modelCalls,
    };
  } catch (e) {
    if (e instanceof ProviderError) warnings.push(warningOf('model', 'claims-from-sentences', {}, e.failure));
    return plain([`model unavailable (${e instanceof Error ? e.message : String(e)}): checkable sentences used`]);
  }
}

/** A stop as a value: what a stopped check's queued work is rejected with. */
class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/**
 * Checks a text's claims against independent evidence. The claim list is made once (or taken as
 * given) and ranked; the top `budget` claims are searched (SEARCHES_AT_ONCE at a time, in rank
 * order; a query two claims share is asked once) and their pages read under one fetch limit, the
 * pages of higher-ranked claims first, each page once for the whole check. A claim's evidence is
 * every page its search found that the check reads (its own top pages, and any other of its results
 * read for another claim), the page's own domain excluded, copies collapsed. The code gives each
 * claim its verdict as soon as its pages are read; the model judge, when on, reads the claims the
 * code found no verdict for, in batches of JUDGE_BATCH. Each verdict is reported as it settles.
 */
export async function factCheck(input: FactCheckInput, deps: FactCheckDeps): Promise<FactCheckOutcome> {
  const trace = new TraceRecorder(deps.now);
  const warnings: Warning[] = [];
  const prices = input.settings?.prices ?? NO_PRICES;
  const budget = Math.max(0, input.budget ?? DEFAULT_CLAIM_BUDGET);
  const signal = input.signal;

  let all: RankedClaim[];
  if (input.claims) {
    all = input.claims;
    trace.add('claims', { ok: true, summary: `${all.length} claims kept from the earlier pass (not split again)` });
  } else {
    deps.onProgress('claims', 'Finding the claims…');
    const found = await trace.run(
      'claims',
      () => findClaims(input.text, input.title, deps.model, warnings),
      (f) => ({
        ok: true,
        summary: `${f.claims.length} checkable claims, ${Math.min(budget, f.claims.length)} to check`,
        detail: {
          notes: f.notes,
          modelCalls: f.modelCalls,
          claims: f.claims.map((c) => ({ rank: c.rank, worth: c.worth, text: c.text })),
        },
      }),
    );
    all = found.claims;
  }
  deps.onClaims?.(all);
  const claims = all.slice(0, budget);

  deps.onProgress('searching', `Checking ${claims.length} of ${all.length} claims…`);
  const started = deps.now();
  const t0 = performance.now();
  let searchedAt = t0;
  const fetchLimit = input.settings?.fetchConcurrency ?? 3;
  const pagesLimit = priorityLimit(fetchLimit);
  const searchLimit = concurrencyLimit(SEARCHES_AT_ONCE);
  const reads = new Map<string, Promise<FetchOutcome>>();
  const read = (url: string, priority: number) => {
    let r = reads.get(url);
    if (!r) {
      r = pagesLimit.run(priority, () => deps.fetchPage(url));
      r.catch(() => undefined);
      reads.set(url, r);
    }
    return r;
  };
  const rounds = new Map<string, Promise<SearchRound>>();
  const excluded = excludedFrom(input.pageUrl, onDomains(input.settings?.denyDomains ?? []));
  const search = { fetch: deps.fetch, now: deps.now, cache: deps.cache, timeoutMs: input.settings?.searchTimeoutMs };

  // Settling: spans numbered for the whole check as claims settle, sanitised as the code reads them.
  let spanCount = input.spanOffset ?? 0;
  const renumber = (spans: EvidenceSpan[]) => spans.map((s) => ({ ...s, spanId: `S${++spanCount}` }));
  const settled = new Map<number, SettledClaim>();
  const evidenceOf = new Map<number, { candidates: EvidenceSpan[]; texts: Map<string, string> }>();
  const settle = (i: number, claim: CheckedClaim) => {
    const { candidates, texts } = evidenceOf.get(i)!;
    const withClosest: CheckedClaim =
      claim.verdict === 'not-found' && candidates.length > 0
        ? {
            ...claim,
            closest: candidates.slice(0, CLOSEST_SHOWN).map((s) => ({
              spanId: s.spanId,
              sentence: closestSentence(claim.text, texts.get(s.spanId) ?? s.text),
            })),
          }
        : claim;
    const s = { claim: withClosest, evidence: candidates };
    settled.set(i, s);
    deps.onSettled?.(s);
  };

  // The judge: claims the code could not settle wait in a batch, read when it is full or nothing else can join it.
  const judgeOn = Boolean(input.judge && deps.model);
  const judgeOutcomes: Array<{ outcome: JudgeOutcome; asked: number }> = [];
  let waiting: Array<{ i: number; claim: CheckedClaim }> = [];
  let unsettledByCode = claims.length;
  const judging: Array<Promise<void>> = [];
  const flush = () => {
    if (waiting.length === 0 || !deps.model) return;
    const batch = waiting;
    waiting = [];
    const { open, items } = judgeItems(
      batch.map((b) => b.claim),
      batch.map((b) => evidenceOf.get(b.i)!.candidates),
      (k, s) => evidenceOf.get(batch[k]!.i)!.texts.get(s.spanId) ?? s.text,
    );
    deps.onProgress('verifying', `The model judge reads ${items.length} claim${items.length === 1 ? '' : 's'}…`);
    const model = deps.model;
    judging.push(
      judgeClaims(model, items).then((outcome) => {
        judgeOutcomes.push({ outcome, asked: items.length });
        if (outcome.warning && !warnings.some((w) => w.message === outcome.warning!.message)) warnings.push(outcome.warning);
        if (signal?.aborted) return;
        const judged = applyJudge(
          batch.map((b) => b.claim),
          open,
          outcome,
        );
        judged.forEach((c, k) => settle(batch[k]!.i, c));
      }),
    );
  };
  const codeDone = () => {
    unsettledByCode--;
    if (waiting.length >= JUDGE_BATCH || unsettledByCode === 0) flush();
  };

  const checkOne = async (claim: RankedClaim, i: number): Promise<ClaimEvidence> => {
    const key = normalizeText(claim.text).toLowerCase();
    let round = rounds.get(key);
    if (!round) {
      round = searchLimit(() => {
        if (signal?.aborted) throw new Stopped();
        return claimSearch(claim.text);
      });
      rounds.set(key, round);
    }
    const r = await round;
    searchedAt = Math.max(searchedAt, performance.now());
    if (signal?.aborted) throw new Stopped();
    return claimEvidence(claim.text, r, {
      read: (url) => read(url, i),
      readAlready: (url) => reads.get(url),
      excluded,
      now: deps.now(),
    });
  };
  const claimSearch = (text: string) => searchRound(deps.providers, [text], { ...search, count: CLAIM_BUDGET.results });

  const found: Array<ClaimEvidence | undefined> = new Array(claims.length);
  const removedAll: Array<{ spanId: string }> = [];
  const work = claims.map(async (claim, i) => {
    let f: ClaimEvidence;
    try {
      f = await checkOne(claim, i);
    } catch (e) {
      if (e instanceof Stopped || signal?.aborted) return;
      throw e;
    }
    found[i] = f;
    const selected = renumber(f.selected);
    const candidates = [...selected, ...renumber(f.closest)];
    const { texts, removed } = sanitizeEvidence(candidates);
    removedAll.push(...removed);
    evidenceOf.set(i, { candidates, texts });
    const code: CheckedClaim = { ...claim, ...verdictFor(claim.text, selected, texts) };
    if (judgeOn && code.verdict === 'not-found' && candidates.length > 0) waiting.push({ i, claim: code });
    else settle(i, code);
    codeDone();
  });

  const stoppedNow = new Promise<void>((resolve) => {
    if (!signal) return;
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const everything = (async () => {
    await Promise.all(work);
    // A batch may start after an earlier one finished: wait until no batch is left.
    for (let n = 0; n < judging.length; n++) await judging[n];
  })();
  await Promise.race([everything, stoppedNow]);
  const stopped = Boolean(signal?.aborted) && settled.size < claims.length;
  if (stopped) pagesLimit.clear(new Stopped());

  const done = [...settled.entries()].sort((a, b) => a[0] - b[0]);
  const checked = done.map(([, s]) => s.claim);
  const evidence = done.flatMap(([, s]) => s.evidence);
  const notChecked = [...claims.filter((_, i) => !settled.has(i)), ...all.slice(claims.length)];

  const roundsDone = await Promise.all(
    [...rounds.values()].map((r) =>
      r.then(
        (x) => [x],
        () => [] as SearchRound[],
      ),
    ),
  ).then((x) => x.flat());
  trace.add(
    'search',
    searchRecord(
      roundsDone,
      deps.providers.length,
      claims.map((c) => c.text),
      prices,
    ),
    { startedAt: started, ms: searchedAt - t0 },
  );
  const pages = (
    await Promise.all(
      [...reads.values()].map((p) =>
        p.then(
          (x) => [x],
          () => [] as FetchOutcome[],
        ),
      ),
    )
  ).flat();
  trace.add(
    'fetch',
    {
      ok: true,
      summary: `${pages.filter((p) => p.ok).length}/${pages.length} pages read, each once, at most ${fetchLimit} at a time, the highest-ranked claims' first`,
      detail: pages.map((p) => (p.ok ? { url: p.extraction.page.url, ok: true } : { url: p.url, ok: false, reason: p.reason })),
    },
    { startedAt: started, ms: performance.now() - t0 },
  );

  const failures: ProviderFailure[] = [];
  for (const f of roundsDone.flatMap((r) => r.failures)) if (!failures.some((x) => x.provider === f.provider)) failures.push(f);
  for (const w of roundsDone.flatMap((r) => r.warnings)) if (!warnings.some((x) => x.message === w.message)) warnings.push(w);
  warnings.push(...removedWarnings(removedAll));
  trace.add('select', {
    ok: true,
    summary: `${evidence.length} spans for ${checked.length} claims (the page's own domain, ${registrableDomain(input.pageUrl)}, excluded)`,
    detail: { perClaim: done.map(([, s]) => s.evidence.map((x) => ({ spanId: x.spanId, url: x.url, score: x.score }))) },
  });
  let judgeCalls = 0;
  if (judgeOutcomes.length > 0) {
    const tokensIn = judgeOutcomes.reduce((n, o) => n + o.outcome.tokensIn, 0);
    const tokensOut = judgeOutcomes.reduce((n, o) => n + o.outcome.tokensOut, 0);
    judgeCalls = judgeOutcomes.reduce((n, o) => n + o.outcome.calls, 0);
    const asked = judgeOutcomes.reduce((n, o) => n + o.asked, 0);
    const accepted = judgeOutcomes.reduce(
      (n, o) => n + [...o.outcome.verdicts.values()].filter((v) => v !== 'neither').length,
      0,
    );
    const ignored = judgeOutcomes.flatMap((o) => o.outcome.ignored);
    const errors = judgeOutcomes.flatMap((o) => (o.outcome.error ? [o.outcome.error] : []));
    trace.add('judge', {
      ok: errors.length === 0,
      summary: [
        `${judgeOutcomes.reduce((n, o) => n + o.outcome.verdicts.size, 0)}/${asked} claims judged in ${judgeCalls} call${judgeCalls === 1 ? '' : 's'}, ${accepted} with a verdict the code accepted`,
        ...(ignored.length ? [`${ignored.length} ignored`] : []),
        ...errors,
      ].join('; '),
      detail: { ignored },
      tokensIn,
      tokensOut,
      costUsd: cost(prices, tokensIn, tokensOut),
    });
  }
  trace.add('verdicts', {
    ok: true,
    summary: `${checked.length} of ${all.length} checked${stopped ? ' (stopped)' : ''}: ${checked.map((c) => c.verdict).join(', ')}`,
  });
  return {
    claims: checked,
    notChecked,
    checkable: all.length,
    evidence,
    failures,
    warnings,
    stages: trace.stages,
    stopped,
    counts: { searches: roundsDone.reduce((n, r) => n + r.requests, 0), pagesRead: pages.length, judgeCalls },
  };
}
