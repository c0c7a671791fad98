/**
 * The benchmark's real-browser half (run by bench/run-bench.ts): local work per answer in Chromium,
 * and end-to-end time against the critical path of the seed's latencies, with the built extension
 * and local fakes that wait as real providers do.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM, launchExtension, saveOptions } from '../test/e2e/harness';
import { articleHtml, startFixtureSite } from '../test/fakes/fixture-site';
import { isPlanRequest, spansInPrompt, startFakeOpenAi } from '../test/fakes/openai-server';
import { startFakeBrave } from '../test/fakes/search-servers';
import { startFakeServer } from '../test/fakes/http-server';
import { median } from './measure';

/** Local work / Readability alone in a Chromium page, on the given pages' HTML. */
export async function localWorkInChromium(pages: string[], iterations: number): Promise<{ ratio: number; nativeRatio: number }> {
  const bundle = await build({
    entryPoints: [path.resolve('bench/local-work-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'SpanlightBench',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const blank = await startFakeServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>bench</title>');
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    // A page on 127.0.0.1 is a secure context: crypto.subtle (the content hash) is there, as in the extension.
    await page.goto(blank.origin);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    // The loop runs inside the bundle: functions defined here would be rewritten by tsx (__name).
    const r = await page.evaluate(
      ({ htmls, n }) =>
        (
          window as unknown as {
            SpanlightBench: { runAll(h: string[], n: number): Promise<{ ratio: number; nativeRatio: number }> };
          }
        ).SpanlightBench.runAll(htmls, n),
      { htmls: pages, n: iterations },
    );
    return r;
  } finally {
    await browser.close();
    await blank.close();
  }
}

/** The seed's latencies (seed 000, "Cost and latency"). */
const LATENCY = { plan: 400, search: 500, fetch: [300, 800, 1500], firstToken: 500, chunk: 40 };

/**
 * Wall time from "Enter" to the answer, and to the first verified claim, over the critical path of
 * the fakes' latencies (the physical limit): planning when the model plans (the bench question is
 * single-hop, planned in code), one search round, the slowest fetch, the model's first token and its
 * stream.
 */
export async function endToEnd(
  runs: number,
): Promise<{ wallOverCritical: number; firstClaimOverCritical: number; firstClaimExtraMs: number }> {
  const para = (i: number) => [
    `Report ${i}: the census office said that Exampleville had 412,000 residents on 1 January 2026, up from 398,500.`,
    `Planners in report ${i} expect Exampleville to grow by 3.4 percent in 2026 as new housing opens.`,
  ];
  const hosts = ['stats-office.test', 'city-news.test', 'region-daily.test'];
  const site = await startFixtureSite(
    hosts.map((host, i) => ({
      host,
      path: '/a',
      html: articleHtml({ title: `Exampleville ${i}`, published: '2026-11-01T00:00:00Z', paragraphs: para(i) }),
      delayMs: LATENCY.fetch[i],
    })),
  );
  // Each run's question gets its own page URLs, so no run is served from the page cache.
  const brave = await startFakeBrave({
    apiKey: 'k',
    delayMs: LATENCY.search,
    results: (q) =>
      hosts.map((h) => ({ url: `${site.urlOf(h, '/a')}?run=${/run (\d+)/.exec(q)?.[1] ?? 0}`, title: h, description: h })),
  });
  let lastReply = '';
  const model = await startFakeOpenAi({
    apiKey: 'k',
    planDelayMs: LATENCY.plan,
    delayMs: () => LATENCY.firstToken,
    chunkDelayMs: LATENCY.chunk,
    reply: (b) => {
      const spans = spansInPrompt(b);
      const census = spans.find((s) => s.text.includes('412,000')) ?? spans[0]!;
      const growth = spans.find((s) => s.text.includes('3.4 percent')) ?? spans[1] ?? census;
      lastReply = `Exampleville had 412,000 residents on 1 January 2026 [${census.id}]. The town is expected to grow by 3.4 percent in 2026 [${growth.id}].`;
      return lastReply;
    },
  });
  const browser = await launchExtension();
  try {
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'k',
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: 'k',
      modelName: 'fake',
    });
    await options.close();
    const panel = await browser.openSidePanel();
    const walls: number[] = [];
    const firsts: number[] = [];
    let critical = 0;
    let firstCritical = 0;
    for (let i = 0; i < runs; i++) {
      const chatsBefore = model.chats.length;
      await panel.locator('textarea#question').fill(`How many residents does Exampleville have? (run ${i + 1})`);
      const t = await panel.evaluate(
        () =>
          new Promise<{ first: number; done: number }>((resolve) => {
            const t0 = performance.now();
            let first = -1;
            const obs = new MutationObserver(() => {
              if (first < 0 && document.querySelector('ul.claims.live li, article.answer li.claim'))
                first = performance.now() - t0;
              if (document.querySelector('article.answer')) {
                obs.disconnect();
                resolve({ first, done: performance.now() - t0 });
              }
            });
            obs.observe(document.body, { childList: true, subtree: true });
            (document.querySelector('textarea#question') as HTMLTextAreaElement).dispatchEvent(
              new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }),
            );
          }),
      );
      const chunks = Math.ceil(lastReply.length / 24);
      const firstSentenceChunks = Math.ceil((lastReply.indexOf('. ') + 3) / 24);
      // Planning is on the path only when the model planned (a single-hop question is planned in code).
      const planned = model.chats.slice(chatsBefore).some(isPlanRequest);
      const before = (planned ? LATENCY.plan : 0) + LATENCY.search + Math.max(...LATENCY.fetch) + LATENCY.firstToken;
      critical = before + chunks * LATENCY.chunk;
      firstCritical = before + firstSentenceChunks * LATENCY.chunk;
      walls.push(t.done);
      firsts.push(t.first);
    }
    return {
      wallOverCritical: median(walls) / critical,
      firstClaimOverCritical: median(firsts) / firstCritical,
      firstClaimExtraMs: median(firsts) - firstCritical,
    };
  } finally {
    await browser.close();
    await Promise.all([site.close(), brave.close(), model.close()]);
  }
}
