/**
 * Fact-check figures (run by bench/run-bench.ts), over the real fact-check (lib/factcheck) and HTTP
 * fakes that wait like the seed's providers, 300 ms per search and per page (issue 22, "Performance"):
 * - eight claims, each with its own three pages on their own sites (nothing shared, the worst case),
 *   or all sharing three sources (one statistics report states them all): factCheckBench;
 * - a whole news article of the corpus, its first 40 claims, whose claims share their
 *   sources as a real article's do, with the judge off and on: wholePageBench;
 * - claim finding's time per character as the text grows (1×, 4×, 16×), in Node and in Chromium:
 *   claimFindingScaling (bench/claim-finding-entry.ts);
 * - the panel's first render of a 200-claim verdict list: firstRenderOf200.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { factCheck, findClaims, SEARCHES_AT_ONCE } from '../lib/factcheck/fact-check';
import { type FactCheckDeps, type FactCheckOutcome } from '../lib/factcheck/deps';
import { isCheckable, type CheckableClaim } from '../lib/factcheck/split-claims';
import { pageClaims } from '../lib/factcheck/page-claims';
import { claimWorth, rankClaims } from '../lib/factcheck/rank-claims';
import { checkworthiness } from '../lib/factcheck/checkworthy';
import { sentenceSpans } from '../lib/text/sentences';
import type { Verdict } from '../lib/verdict/verdict';
import { buildPipeline } from '../lib/answering/build-deps';
import { createOpenAiCompatibleModel } from '../lib/model/openai-compatible';
import { defaultSettings, type Settings } from '../lib/settings';
import type { AnswerRecord, FactCheckState } from '../lib/shared/records';
import type { AnswerResult } from '../lib/shared/types';
import { corpusText as corpusPageText } from '../test/corpus/corpus';
import { CHROMIUM } from '../test/e2e/harness';
import { disposeModelQueries } from '../lib/factcheck/claim-queries';
import { articleHtml, startFixtureSite, viaLoopback, type FixturePage } from '../test/fakes/fixture-site';
import { startFakeBrave } from '../test/fakes/search-servers';
import { isJudgeRequest, judgeItemsInPrompt, startFakeOpenAi } from '../test/fakes/openai-server';
import { claimFindingGrowth, type ClaimFindingGrowth } from './claim-finding-entry';
import { median } from './measure';

/** The waits of the fakes. */
export const FACT_CHECK_LATENCY = { search: 300, page: 300 };
/** The one fetch limit (settings.fetchConcurrency), at its default, passed explicitly. */
export const FETCH_LIMIT = 3;
export { SEARCHES_AT_ONCE };
const CLAIMS = 8;
const PAGES_PER_CLAIM = 3;
const NOW = new Date('2026-11-30T12:00:00Z');

/** The floor the fetch limit sets: every distinct page read, FETCH_LIMIT at a time, after one search. */
export const pageFloorMs = (pages: number) => (pages / FETCH_LIMIT) * FACT_CHECK_LATENCY.page + FACT_CHECK_LATENCY.search;
/** The floor the search limit sets: every search sent, SEARCHES_AT_ONCE at a time (the last claim's verdict waits for its search). */
export const searchFloorMs = (searches: number) => (searches / SEARCHES_AT_ONCE) * FACT_CHECK_LATENCY.search;
/**
 * The floor of a check: the later of the two limits' floors. Pages set it while a check's searches
 * are few; more queries per claim would move it to the searches' (and the ratio would not hide them).
 */
export const floorMs = (pages: number, searches = 0) => Math.max(pageFloorMs(pages), searchFloorMs(searches));
/** One claim's critical path: its search, then its pages (read in parallel). */
export const CRITICAL_MS = FACT_CHECK_LATENCY.search + FACT_CHECK_LATENCY.page;

/** The pipeline as the extension builds it (lib/answering/build-deps.ts), over the fakes, without a cache. */
async function pipelineOver(braveBaseUrl: string, model?: Settings['model']) {
  const defaults = defaultSettings();
  const pipeline = await buildPipeline(
    {
      ...defaults,
      search: { ...defaults.search, providers: ['brave'], brave: { apiKey: 'k', baseUrl: braveBaseUrl } },
      ...(model ? { model } : {}),
    },
    { fetch: viaLoopback(), now: () => NOW, openAiModel: createOpenAiCompatibleModel },
  );
  return {
    settings: { ...pipeline.settings, fetchConcurrency: FETCH_LIMIT },
    deps: { ...pipeline.deps, onProgress: () => undefined } satisfies FactCheckDeps,
  };
}

/** One checkable sentence per claim: a district's population on a date. */
const residentsOf = (i: number) => (40_000 + i * 1_111).toLocaleString('en');
const claim = (i: number) => `Exampleville district ${i + 1} had ${residentsOf(i)} residents on 1 March 2026.`;

export interface FactCheckBench {
  /** Median wall time of a check of one claim, and of eight. */
  oneMs: number;
  eightMs: number;
  /** The critical path of one claim: its search, then its slowest page. */
  criticalMs: number;
  /** The floor of the eight: their distinct pages FETCH_LIMIT at a time, after one search. */
  floorMs: number;
  /** Requests sent for the eight claims: searches and page fetches. */
  requests: number;
}

/** The host of claim i's j-th source: its own, or one of three shared by all claims. */
const sourceHost = (shared: boolean, i: number, j: number) =>
  shared ? `report${j + 1}.test` : `district${i + 1}-source${j + 1}.test`;

/**
 * Checks one claim and then eight, `runs` times each, on fresh URLs each run (no cache helps); with
 * `shared`, every claim's search finds the same three sources, which state every claim.
 */
export async function factCheckBench(runs: number, shared = false): Promise<FactCheckBench> {
  const statement = (i: number) => `The statistics office said that ${claim(i)}`;
  const hosts = new Set(
    Array.from({ length: CLAIMS }, (_, i) => Array.from({ length: PAGES_PER_CLAIM }, (_, j) => sourceHost(shared, i, j))).flat(),
  );
  const pages = [...hosts].map((host) => {
    const i = Number(/district(\d+)/.exec(host)?.[1] ?? 0) - 1;
    return {
      host,
      path: '/report',
      html: articleHtml({
        title: host,
        paragraphs: shared ? Array.from({ length: CLAIMS }, (_, k) => statement(k)) : [statement(i)],
      }),
      delayMs: FACT_CHECK_LATENCY.page,
    };
  });
  const site = await startFixtureSite(pages);
  const brave = await startFakeBrave({
    apiKey: 'k',
    delayMs: FACT_CHECK_LATENCY.search,
    results: (q) => {
      // A claim's queries carry its figure (each district's own), and the run number.
      const i = Array.from({ length: CLAIMS }, (_, k) => k).find((k) => q.includes(residentsOf(k)));
      if (i === undefined) return [];
      const run = /run(\d+)/.exec(q)?.[1] ?? '0';
      return Array.from({ length: PAGES_PER_CLAIM }, (_, j) => ({
        url: `${site.urlOf(sourceHost(shared, i, j), '/report')}?run=${run}`,
        title: `District ${i + 1}`,
        description: 'report',
      }));
    },
  });
  const { settings, deps } = await pipelineOver(brave.baseUrl);
  const check = async (n: number, run: number) => {
    // The run number rides in the text, so each run's searches and pages are new to the fakes.
    const text = Array.from({ length: n }, (_, i) => `${claim(i).slice(0, -1)} (run${run}).`).join(' ');
    const t0 = performance.now();
    const r = await factCheck(
      { text, pageUrl: 'https://exampleville-blog.test/post', title: 'Districts', settings, budget: n },
      deps,
    );
    if (r.claims.length !== n) throw new Error(`bench: ${r.claims.length} claims checked, expected ${n}`);
    return performance.now() - t0;
  };
  try {
    await check(1, 0); // warm-up: module loading, first connections
    const one: number[] = [];
    const eight: number[] = [];
    let requests = 0;
    for (let run = 1; run <= runs; run++) {
      one.push(await check(1, run * 2 - 1));
      const before = brave.requests.length + site.requests.length;
      eight.push(await check(CLAIMS, run * 2));
      requests = brave.requests.length + site.requests.length - before;
    }
    return {
      oneMs: median(one),
      eightMs: median(eight),
      criticalMs: CRITICAL_MS,
      floorMs: floorMs(hosts.size),
      requests,
    };
  } finally {
    await Promise.all([site.close(), brave.close()]);
  }
}

/** The corpus's long news article the whole-page bench checks (Seattle Times, about 50 claims). */
export const BENCH_ARTICLE = 'seattletimes-1';
/** Its claims checked: the first 40, in page order. */
export const BENCH_CLAIMS = 40;
/** Consecutive sentences about one subject (one source report each). */
const SENTENCES_PER_SUBJECT = 4;
/** Every third sentence is stated by no source (its subject's pages speak of its neighbours only). */
const UNSTATED_EVERY = 3;

/** A corpus page's main text as the extension reads a tab (test/corpus/corpus.ts). */
export const corpusText = (name: string) => corpusPageText(name, NOW);

/** A corpus page's main text cut after its `claims`-th checkable sentence, and those sentences. */
export async function benchArticle(
  name = BENCH_ARTICLE,
  claims = BENCH_CLAIMS,
): Promise<Awaited<ReturnType<typeof corpusText>> & { claims: CheckableClaim[] }> {
  const page = await corpusText(name);
  // The claims as the check finds them: with the page's title, date and markup roles (the standalone forms use them).
  const claimsOf = (text: string) => pageClaims({ ...page, text }).claims;
  const all = claimsOf(page.text);
  if (all.length < claims) throw new Error(`bench: ${name} has ${all.length} checkable sentences, not ${claims}`);
  const text = page.text.slice(0, all[claims - 1]!.end);
  const found = claimsOf(text);
  if (found.length !== claims) throw new Error(`bench: ${name} cut gives ${found.length} checkable sentences, not ${claims}`);
  return { ...page, text, claims: found };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The article's sources, shared as a real article's are: its sentences in subjects of
 * SENTENCES_PER_SUBJECT consecutive ones; each subject has its report (stating the subject's
 * sentences) and a coverage page that also states the next subject's. A claim's search finds its
 * subject's report, its subject's coverage and the previous subject's (2 or 3 pages). Every
 * UNSTATED_EVERY-th sentence is on no page: its search finds pages about its neighbours only, so the
 * code has no verdict for it (the judge's share).
 */
function sourcePool(claims: CheckableClaim[]): {
  pages: FixturePage[];
  hostsOf: (claim: number) => string[];
  ownSourceOf: (claim: number) => string | null;
} {
  const subjectOf = (i: number) => Math.floor(i / SENTENCES_PER_SUBJECT);
  const subjects = subjectOf(claims.length - 1) + 1;
  const stated = (of: number[]) =>
    claims
      .filter((_, i) => of.includes(subjectOf(i)) && i % UNSTATED_EVERY !== UNSTATED_EVERY - 1)
      .map((c) => escapeHtml(c.text));
  const page = (host: string, title: string, paragraphs: string[]): FixturePage => ({
    host,
    path: '/story',
    html: articleHtml({ title, paragraphs }),
    delayMs: FACT_CHECK_LATENCY.page,
  });
  const report = (g: number) => `report${g + 1}.test`;
  const own = (g: number) => `source${g + 1}.test`;
  const coverage = (g: number) => `coverage${g + 1}.test`;
  const pages: FixturePage[] = [];
  for (let g = 0; g < subjects; g++) {
    pages.push(page(report(g), `Report ${g + 1}`, stated([g])));
    // The source the subject's first sentence links to (its own source, issue #38): a page of its own.
    pages.push(page(own(g), `Source ${g + 1}`, stated([g])));
    if (g + 1 < subjects) pages.push(page(coverage(g), `Coverage ${g + 1}`, stated([g, g + 1])));
  }
  return {
    pages,
    hostsOf: (i) => {
      const g = subjectOf(i);
      return [report(g), ...(g + 1 < subjects ? [coverage(g)] : []), ...(g > 0 ? [coverage(g - 1)] : [])];
    },
    ownSourceOf: (i) => (i % SENTENCES_PER_SUBJECT === 0 ? own(subjectOf(i)) : null),
  };
}

/** One check of the whole article, as the outcome and the fakes saw it. */
export interface WholePageRun {
  /** Own sources the claims' links named and the check read (issue #38). */
  ownSources: number;
  /** Wall time of the check, and time to its first settled verdict (first onSettled). */
  allMs: number;
  firstMs: number;
  /** The floor of this run's distinct pages and searches (floorMs), and each limit's own. */
  floorMs: number;
  pageFloorMs: number;
  searchFloorMs: number;
  claims: number;
  /** outcome.counts. */
  searches: number;
  pagesRead: number;
  judgeCalls: number;
  verdicts: Record<Verdict, number>;
  /** Claims without a code verdict that had passages read for them (what the judge is asked). */
  open: number;
  /** Claims without a code verdict and without any passage (the judge is not asked). */
  noPassage: number;
  /** At the fakes: search and page requests, model calls, judge items read, repair retries. */
  searchRequests: number;
  pageRequests: number;
  modelCalls: number;
  judgeItems: number;
  repairs: number;
}

export interface WholePageBench {
  article: { name: string; title: string; chars: number; claims: number; sourcePages: number };
  /** Checks with the judge off (the first one after a warm-up when asked). */
  runs: WholePageRun[];
  /** One check with the judge on, a fake model answering "neither" for every item. */
  judged: WholePageRun;
}

/** The repair retry's prompt says this (lib/verdict/judge.ts). */
const REPAIR = 'Your previous reply could not be read';

/**
 * The whole-page fact-check of BENCH_ARTICLE's first BENCH_CLAIMS checkable sentences, budget
 * BENCH_CLAIMS: `runs` times with the judge off (after one unmeasured warm-up when `warmUp`), then
 * once with the judge on, on the claim list the keyless check finds (checked as given).
 */
export async function wholePageBench(runs: number, warmUp: boolean): Promise<WholePageBench> {
  const article = await benchArticle();
  const pool = sourcePool(article.claims);
  const site = await startFixtureSite(pool.pages);
  // Each query the claims plan, to the first claim planning it (a query two claims plan is asked once).
  const indexOf = new Map<string, number>();
  article.claims.forEach((c, i) => {
    for (const q of disposeModelQueries(c, c.queries, article).any) if (!indexOf.has(q)) indexOf.set(q, i);
  });
  const unknown: string[] = [];
  const brave = await startFakeBrave({
    apiKey: 'k',
    delayMs: FACT_CHECK_LATENCY.search,
    results: (q) => {
      const i = indexOf.get(q);
      if (i === undefined) {
        unknown.push(q);
        return [];
      }
      return pool.hostsOf(i).map((host) => ({ url: site.urlOf(host, '/story'), title: host, description: 'story' }));
    },
  });
  const model = await startFakeOpenAi({
    apiKey: 'k',
    reply: () => 'not used',
    judge: (b) => JSON.stringify({ verdicts: judgeItemsInPrompt(b).map((it) => ({ item: it.item, verdict: 'neither' })) }),
  });
  const keyless = await pipelineOver(brave.baseUrl);
  const withModel = await pipelineOver(brave.baseUrl, { kind: 'openai', baseUrl: model.baseUrl, apiKey: 'k', model: 'fake' });
  // Each subject's first sentence links to its own source (a page no search finds): read, they count in the floor.
  const links = article.claims.flatMap((c, i) => {
    const host = pool.ownSourceOf(i);
    return host ? [{ start: c.start, end: c.end, url: site.urlOf(host, '/story') }] : [];
  });
  const input = {
    text: article.text,
    pageUrl: article.url,
    title: article.title,
    budget: BENCH_CLAIMS,
    published: article.published,
    roles: article.roles,
  };

  const check = async (judge: boolean): Promise<WholePageRun> => {
    const before = { search: brave.requests.length, page: site.requests.length, chats: model.chats.length };
    const { settings, deps } = judge ? withModel : keyless;
    // With the judge, the keyless claim list is checked as given: the same 40 claims, the model only judges.
    const claims = judge ? (await findClaims(article, null)).claims : undefined;
    let firstAt: number | undefined;
    const t0 = performance.now();
    // The judge's run measures its batches alone: its claims' own sources are not read there.
    const r: FactCheckOutcome = await factCheck(
      { ...input, settings, judge, ...(claims ? { claims } : { links }) },
      { ...deps, onSettled: () => (firstAt ??= performance.now()) },
    );
    const allMs = performance.now() - t0;
    if (r.claims.length !== BENCH_CLAIMS) throw new Error(`bench: ${r.claims.length} claims checked, expected ${BENCH_CLAIMS}`);
    if (unknown.length) throw new Error(`bench: searches for no claim of the article: ${unknown.slice(0, 2).join(' | ')}`);
    const chats = model.chats.slice(before.chats);
    const judgeChats = chats.filter(isJudgeRequest);
    const verdicts = { supported: 0, contradicted: 0, 'not-found': 0, mixed: 0, unchecked: 0 };
    for (const c of r.claims) verdicts[c.verdict]++;
    return {
      allMs,
      firstMs: (firstAt ?? Number.NaN) - t0,
      floorMs: floorMs(r.counts.pagesRead, r.counts.searches),
      pageFloorMs: pageFloorMs(r.counts.pagesRead),
      searchFloorMs: searchFloorMs(r.counts.searches),
      claims: r.claims.length,
      ownSources: r.claims.reduce((n, c) => n + (c.ownSources?.length ?? 0), 0),
      ...r.counts,
      verdicts,
      open: r.claims.filter((c) => c.verdict === 'not-found' && (c.closest?.length ?? 0) > 0).length,
      noPassage: r.claims.filter((c) => c.verdict === 'not-found' && !c.closest?.length).length,
      searchRequests: brave.requests.length - before.search,
      pageRequests: site.requests.length - before.page,
      modelCalls: chats.length,
      judgeItems: judgeChats.reduce((n, b) => n + judgeItemsInPrompt(b).length, 0),
      repairs: judgeChats.filter((b) => b.messages.some((m) => m.content.includes(REPAIR))).length,
    };
  };
  try {
    if (warmUp) await check(false); // module loading, first connections, the extractor's code compiled
    const measured: WholePageRun[] = [];
    for (let run = 0; run < runs; run++) measured.push(await check(false));
    const judged = await check(true);
    return {
      article: {
        name: article.name,
        title: article.title,
        chars: article.text.length,
        claims: article.claims.length,
        sourcePages: pool.pages.length,
      },
      runs: measured,
      judged,
    };
  } finally {
    await Promise.all([site.close(), brave.close(), model.close()]);
  }
}

/** Medians of the runs' timing ratios. */
export function wholePageRatios(runs: WholePageRun[]): { allOverFloor: number; firstOverCritical: number } {
  return {
    allOverFloor: median(runs.map((r) => r.allMs / r.floorMs)),
    firstOverCritical: median(runs.map((r) => r.firstMs / CRITICAL_MS)),
  };
}

/** The corpus page with 200 checkable sentences and more (the New Zealand article, 384): the panel's 200-claim check. */
export const LONG_PAGE = 'wikipedia-2';
const LONG_PAGE_CLAIMS = 200;

export interface ClaimFindingCost {
  chars: number;
  sentences: number;
  claims: number;
  /** The claim finder as the extension runs it without a model: left-out rules, scoring, standalone forms, ranking. */
  ms: number;
  /** The earlier rule on the same text: the sentences with a number, a date or a name, ranked by the hand score. */
  earlierMs: number;
  /** The check-worthiness model alone, per sentence of the page. */
  scoreMsPerSentence: number;
}

/**
 * Claim finding on LONG_PAGE (the longest corpus page), the claim finder against the earlier rule,
 * side by side in one run (the median of `runs` each, after a warm-up), and the model's scoring alone.
 */
export async function claimFindingCost(runs: number): Promise<ClaimFindingCost> {
  const page = await corpusText(LONG_PAGE);
  const spans = sentenceSpans(page.text);
  const sentences = spans.map(([s, e]) => page.text.slice(s, e));
  const earlier = () =>
    sentences
      .filter(isCheckable)
      .map((text) => ({ text, worth: claimWorth(text) }))
      .sort((a, b) => b.worth - a.worth);
  const finder = () => rankClaims(pageClaims(page).claims, page.title);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const time = (f: () => unknown) => {
    f();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      f();
      ms.push(performance.now() - t0);
    }
    return median(ms);
  };
  // The earlier rule's cost includes the segmenting it needs, as the finder's does.
  const earlierMs = time(() => {
    sentenceSpans(page.text);
    return earlier();
  });
  const ms = time(finder);
  const scoreMs = time(() => sentences.map(checkworthiness));
  return {
    chars: page.text.length,
    sentences: sentences.length,
    claims: finder().length,
    ms,
    earlierMs,
    scoreMsPerSentence: scoreMs / sentences.length,
  };
}

export interface ScalingFigures {
  chars: number;
  claims: number;
  node: ClaimFindingGrowth;
  /** In headless Chromium (the extension's V8), when it could be launched. */
  chromium?: ClaimFindingGrowth;
}

/**
 * Claim finding on the bench article's text (BENCH_ARTICLE's first BENCH_CLAIMS checkable sentences)
 * repeated to 1×, 4× and 16× its length (bench/claim-finding-entry.ts), in Node and, with
 * `inChromium`, in a headless Chromium page (the code bundled with esbuild, as bench/browser-bench.ts
 * does; said and left out when Chromium cannot be launched).
 */
export async function claimFindingScaling(samples: number, inChromium: boolean): Promise<ScalingFigures> {
  const article = await benchArticle();
  const figures: ScalingFigures = {
    chars: article.text.length,
    claims: article.claims.length,
    node: claimFindingGrowth(article.text, samples),
  };
  if (!inChromium) return figures;
  const bundle = await build({
    entryPoints: [path.resolve('bench/claim-finding-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'SpanlightClaims',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const browser = await chromium
    .launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    .catch((e: unknown) => {
      console.log(`bench: no Chromium for the claim-finding figures (${e instanceof Error ? e.message.split('\n')[0] : e})`);
      return null;
    });
  if (!browser) return figures;
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    // The loop runs inside the bundle: functions defined here would be rewritten by tsx (__name).
    figures.chromium = await page.evaluate(
      ({ text, n }) =>
        (
          window as unknown as { SpanlightClaims: { claimFindingGrowth(t: string, n: number): ClaimFindingGrowth } }
        ).SpanlightClaims.claimFindingGrowth(text, n),
      { text: article.text, n: samples },
    );
    return figures;
  } finally {
    await browser.close();
  }
}

/** The verdict items of the first render of the panel's lists of a 200-claim check, against 200. */
export interface FirstRender {
  claims: number;
  /** components/fact-check-view.tsx: the running check's list, and the finished check's. */
  running: number;
  finished: number;
}

/**
 * The real panel components rendered once to markup (react-dom/server: the first render, no effect
 * runs, so no later slice is added) for 200 settled claims of LONG_PAGE: the verdict items in it.
 * The browser's i18n is stood in for by an empty catalogue (the panel then shows message keys).
 */
export async function firstRenderOf200(): Promise<FirstRender> {
  const g = globalThis as { chrome?: unknown };
  const had = 'chrome' in g;
  const before = g.chrome;
  g.chrome = { i18n: { getMessage: () => '' }, runtime: {} };
  try {
    const { FactCheckView, RunningFactCheck } = await import('../components/fact-check-view');
    const page = await corpusText(LONG_PAGE);
    const found = (await findClaims(page, null)).claims.slice(0, LONG_PAGE_CLAIMS);
    const checked = found.map((c) => ({ ...c, verdict: 'not-found' as const, for: [], against: [], reasons: ['none'] }));
    const state: FactCheckState = {
      pageUrl: page.url,
      pageTitle: page.title,
      found,
      budget: found.length,
      settled: checked.map((claim) => ({ claim, evidence: [] })),
    };
    const result: Extract<AnswerResult, { mode: 'fact-check' }> = {
      mode: 'fact-check',
      question: page.title,
      trace: { stages: [] },
      evidence: [],
      searched: [],
      warnings: [],
      conflicts: [],
      pageUrl: page.url,
      pageTitle: page.title,
      claims: checked,
      more: 0,
      notChecked: [],
      checkable: checked.length,
      skipped: 0,
      failures: [],
    };
    const answer: AnswerRecord & { result: typeof result } = {
      id: 'a1',
      jobId: 'j1',
      question: page.title,
      createdAt: NOW.toISOString(),
      result,
    };
    const items = (html: string) => html.match(/<li class="verdict /g)?.length ?? 0;
    const noop = () => undefined;
    return {
      claims: found.length,
      running: items(renderToStaticMarkup(createElement(RunningFactCheck, { state }))),
      finished: items(
        renderToStaticMarkup(
          createElement(FactCheckView, { answer, citation: null, onCite: noop, onShowClaim: noop, onCheckMore: noop }),
        ),
      ),
    };
  } finally {
    if (had) g.chrome = before;
    else delete g.chrome;
  }
}
