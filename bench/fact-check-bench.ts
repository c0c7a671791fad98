/**
 * Fact-check wall time against the critical path of one claim (run by bench/run-bench.ts): the real
 * fact-check (lib/factcheck) over HTTP fakes that wait like the seed's providers, 300 ms per search
 * and per page. Two cases: each claim with its own three pages on their own sites (nothing shared,
 * the worst case), and a page's claims sharing their three sources (one statistics report states
 * them all, as the sources of one article's claims often do: each page is then read once).
 */
import { factCheck } from '../lib/factcheck/fact-check';
import { buildPipeline } from '../lib/pipeline/build-deps';
import { createOpenAiCompatibleModel } from '../lib/model/openai-compatible';
import { defaultSettings } from '../lib/settings';
import { articleHtml, startFixtureSite, viaLoopback } from '../test/fakes/fixture-site';
import { startFakeBrave } from '../test/fakes/search-servers';

/** The waits of the fakes. */
export const FACT_CHECK_LATENCY = { search: 300, page: 300 };
const CLAIMS = 8;
const PAGES_PER_CLAIM = 3;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** One checkable sentence per claim: a district's population on a date. */
const claim = (i: number) =>
  `Exampleville district ${i + 1} had ${(40_000 + i * 1_111).toLocaleString('en')} residents on 1 March 2026.`;

export interface FactCheckBench {
  /** Median wall time of a check of one claim, and of eight. */
  oneMs: number;
  eightMs: number;
  /** The critical path of one claim: its search, then its slowest page. */
  criticalMs: number;
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
      const i = Number(/district (\d+)/.exec(q)?.[1] ?? 1) - 1;
      const run = /run(\d+)/.exec(q)?.[1] ?? '0';
      return Array.from({ length: PAGES_PER_CLAIM }, (_, j) => ({
        url: `${site.urlOf(sourceHost(shared, i, j), '/report')}?run=${run}`,
        title: `District ${i + 1}`,
        description: 'report',
      }));
    },
  });
  const defaults = defaultSettings();
  // The pipeline as the extension builds it (lib/pipeline/build-deps.ts), over the fakes, without a cache.
  const pipeline = await buildPipeline(
    { ...defaults, search: { ...defaults.search, providers: ['brave'], brave: { apiKey: 'k', baseUrl: brave.baseUrl } } },
    { fetch: viaLoopback(), now: () => new Date('2026-11-30T12:00:00Z'), openAiModel: createOpenAiCompatibleModel },
  );
  const settings = pipeline.settings;
  const deps = { ...pipeline.deps, onProgress: () => undefined };
  const check = async (n: number, run: number) => {
    // The run number rides in the text, so each run's searches and pages are new to the fakes.
    const text = Array.from({ length: n }, (_, i) => `${claim(i).slice(0, -1)} (run${run}).`).join(' ');
    const t0 = performance.now();
    const r = await factCheck({ text, pageUrl: 'https://exampleville-blog.test/post', title: 'Districts', settings }, deps);
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
      criticalMs: FACT_CHECK_LATENCY.search + FACT_CHECK_LATENCY.page,
      requests,
    };
  } finally {
    await Promise.all([site.close(), brave.close()]);
  }
}
