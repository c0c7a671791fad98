/**
 * Citations that land on their passage in the live page, end to end with the built extension: the
 * highlight leaves the page's DOM as it was, follows the page when it re-renders, goes when the page
 * is left; a page opened for a citation gets our highlight, never a text fragment as well; a page that changed since it was read
 * says so and shows the stored passage with its date. And, in a plain page with lib/anchor bundled:
 * open shadow roots, the wrapper-element fallback, and re-anchoring after a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { spansInPrompt, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, highlightedText, launchExtension, saveOptions, squash, type ExtensionBrowser } from './harness';
import { anchorBundle, plainChromium } from './anchor-corpus';
import { extractPage } from '../../lib/pages/extract';
import { parseHtmlWithLinkedom } from '../../lib/pages/parse-html';
import { splitPassages } from '../../lib/pages/passages';
import { passageSelector } from '../../lib/quotes/passage-selector';
import type { QuoteSelector } from '../../lib/quotes/find-quote';

const CENSUS =
  'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.';
const AREA = 'Exampleville covers 84 square kilometres on both banks of the Example river, the census office added.';
const HARBOUR =
  'The harbour authority said that Exampleville handled 2.1 million tonnes of cargo in 2025, a record for the port.';
const HARBOUR_NOW =
  'This page was rewritten: the harbour authority now publishes its cargo figures in a quarterly bulletin instead.';

const QUESTION = 'How many residents, square kilometres and tonnes of cargo does Exampleville have?';

// The extension's own API, inside page.evaluate on an extension page.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const chrome: { runtime: { sendMessage(message: object): Promise<any> } };

const cited = (page: Page) =>
  page.evaluate(() => {
    const h = CSS.highlights.get('spanlight-cited');
    return h ? [...h].map((r) => (r as Range).toString()) : [];
  });

describe('citations in the live page (the built extension)', () => {
  let site: FixtureSite;
  let model: FakeOpenAi;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;
  let panel: Page;

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats-office.test',
        path: '/population',
        html: articleHtml({ title: 'Exampleville census 2026', paragraphs: [CENSUS, 'Some other remark.', AREA] }),
      },
      {
        host: 'port-news.test',
        path: '/cargo',
        html: articleHtml({ title: 'A record year for the port', paragraphs: [HARBOUR, 'Figures are provisional.'] }),
      },
      { host: 'stats-office.test', path: '/elsewhere', html: articleHtml({ title: 'Elsewhere', paragraphs: ['Nothing here.'] }) },
    ]);
    model = await startFakeOpenAi({
      apiKey: 'mk',
      reply: (body) => {
        const spans = spansInPrompt(body);
        const id = (needle: string) => spans.find((s) => s.text.includes(needle))?.id;
        const claims = [
          [id('412,000'), 'Exampleville had 412,000 residents'],
          [id('84 square'), 'It covers 84 square kilometres'],
          [id('2.1 million'), 'Its port handled 2.1 million tonnes of cargo in 2025'],
        ].filter(([span]) => span);
        return claims.length === 0 ? 'INSUFFICIENT' : claims.map(([span, text]) => `${text} [${span}].`).join(' ');
      },
    });
    brave = await startFakeBrave({
      apiKey: 'bk',
      results: () => [
        { url: site.urlOf('stats-office.test', '/population'), title: 'Exampleville census 2026', description: 'Census.' },
        { url: site.urlOf('port-news.test', '/cargo'), title: 'A record year for the port', description: 'Cargo.' },
      ],
    });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'bk',
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: 'mk',
      modelName: 'fake',
    });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), model?.close(), brave?.close()]);
  });

  it('highlights in an open page without changing its DOM, follows a re-render, clears when the page is left', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(site.urlOf('stats-office.test', '/population'));
    const before = await tab.evaluate(() => document.documentElement.outerHTML);

    panel = await browser.openSidePanel();
    expect(await ask(panel, QUESTION)).toBe('grounded');
    await panel.locator('article.answer li.claim', { hasText: '412,000' }).locator('button.cite').first().click();
    await panel.getByText(/Highlighted in/).waitFor();
    await expect.poll(() => highlightedText(tab), { timeout: 15_000 }).not.toBe('');
    expect(squash(await highlightedText(tab))).toContain(CENSUS);
    // The answer's other passage in this page is shown too, in the quieter style.
    expect((await cited(tab)).map(squash)).toEqual([expect.stringContaining(AREA)]);
    // A CSS highlight: the page's DOM is exactly as it was.
    expect(await tab.evaluate(() => document.documentElement.outerHTML)).toBe(before);

    // The page re-renders the paragraph (new nodes, as a framework would): the highlight follows.
    await tab.evaluate(() => {
      const p = [...document.querySelectorAll('p')].find((x) => x.textContent!.includes('412,000'))!;
      p.replaceWith(p.cloneNode(true));
    });
    await expect
      .poll(
        () =>
          tab.evaluate(() => {
            const h = CSS.highlights.get('spanlight-active');
            const r = h ? ([...h][0] as Range | undefined) : undefined;
            return r && r.startContainer.isConnected ? r.toString() : '';
          }),
        { timeout: 5_000 },
      )
      .toContain('412,000 residents');

    // Leaving the page clears it; coming back (from the back/forward cache, if used) shows nothing.
    await tab.goto(site.urlOf('stats-office.test', '/elsewhere'));
    await tab.goBack();
    await tab.waitForLoadState('domcontentloaded');
    expect(await tab.evaluate(() => CSS.highlights.size)).toBe(0);
    await tab.close();
  });

  it('a source that is not open is opened without a text fragment; a page that changed shows the stored passage and its date', async () => {
    panel ??= await browser.openSidePanel();
    await panel.bringToFront();
    expect(await ask(panel, QUESTION)).toBe('grounded');
    // Since the answer, the page was rewritten: the cited passage is gone.
    site.setPage(
      'port-news.test',
      '/cargo',
      articleHtml({ title: 'A record year for the port', paragraphs: [HARBOUR_NOW, 'Figures are provisional.'] }),
    );
    const opened = browser.context.waitForEvent('page');
    await panel.locator('article.answer li.claim', { hasText: '2.1 million' }).locator('button.cite').first().click();
    const source = await opened;
    // Our highlight runs in such a page, so the browser's own mark (a text fragment) is not used.
    expect(decodeURIComponent(source.url())).not.toContain(':~:text=');
    const status = panel.locator('.citation-status.missing');
    await status.waitFor({ timeout: 20_000 });
    expect(await status.textContent()).toMatch(/not found.*changed since/);
    const stored = panel.locator('blockquote.stored-passage');
    expect(squash((await stored.textContent()) ?? '')).toContain(HARBOUR);
    expect(await stored.locator('footer').textContent()).toMatch(/retrieved \S/);
    expect(await highlightedText(source)).toBe('');
  });
});

describe('lib/anchor in a plain page: shadow roots, wrapper elements, re-anchoring', () => {
  let chromium: { browser: Browser; context: BrowserContext };
  let page: Page;
  let bundle: string;

  beforeAll(async () => {
    [bundle, chromium] = await Promise.all([anchorBundle(), plainChromium()]);
    page = await chromium.context.newPage();
  });

  afterAll(async () => {
    await chromium?.browser.close();
  });

  const load = async (html: string) => {
    await page.setContent(html);
    await page.evaluate(bundle);
  };

  it('finds and highlights a passage inside an open shadow root, slotted text in its place', async () => {
    await load(`<!doctype html><body><p>Before the card.</p><info-card><span>slotted words</span></info-card>
      <script>
        customElements.define('info-card', class extends HTMLElement {
          constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p>Shadow text says hello <slot></slot> and goodbye.</p>'; }
        });
      </script></body>`);
    const result = await page.evaluate(() => {
      const A = window.SpanlightAnchor;
      const text = A.readPageText(document).map.text;
      const outcome = A.highlightQuote(document, { exact: 'says hello slotted words and goodbye' });
      const h = CSS.highlights.get('spanlight-active');
      const ranges = h ? ([...h] as Range[]) : [];
      return {
        text,
        outcome,
        inShadow: ranges.some((r) => r.startContainer.getRootNode() instanceof ShadowRoot),
        ranges: ranges.length,
      };
    });
    expect(result.text).toBe('Before the card.\nShadow text says hello slotted words and goodbye.');
    expect(result.outcome.found).toBe(true);
    expect(result.inShadow).toBe(true);
    expect(result.ranges).toBe(3); // shadow text, the slotted light text, shadow text again
  });

  it('with wrapper elements: marks while shown, re-anchored after a change, removed without a trace', async () => {
    await load(
      `<!doctype html><body><main><p>Alpha beta gamma.</p><p id="x">The quick brown fox jumps over the lazy dog.</p><p>Omega.</p></main></body>`,
    );
    const r = await page.evaluate(async () => {
      const A = window.SpanlightAnchor;
      const before = A.domFingerprint();
      const found = A.highlightQuote(document, { exact: 'brown fox jumps over the lazy' }, { wrappers: true }).found;
      const marks = () => [...document.querySelectorAll('spanlight-mark')].map((m) => m.textContent).join('|');
      const shown = marks();
      // The page replaces the paragraph (and the marks in it): after the debounce, marks again.
      const p = document.getElementById('x')!;
      const fresh = document.createElement('p');
      fresh.textContent = 'The quick brown fox jumps over the lazy dog.';
      p.replaceWith(fresh);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const after = marks();
      A.clearHighlights(document);
      fresh.replaceWith(p); // the page back as it was, with the original node
      return {
        found,
        shown,
        after,
        restored: A.domFingerprint() === before,
        left: document.querySelectorAll('spanlight-mark').length,
      };
    });
    expect(r).toEqual({
      found: true,
      shown: 'brown fox jumps over the lazy',
      after: 'brown fox jumps over the lazy',
      restored: true,
      left: 0,
    });
  });

  it('a CSS highlight whose text the page removes is dropped, not moved to something else; pagehide clears', async () => {
    await load(
      `<!doctype html><body><p id="x">A sentence that will be removed from the page soon.</p><p>Another one stays.</p></body>`,
    );
    const r = await page.evaluate(async () => {
      const A = window.SpanlightAnchor;
      A.highlightQuote(document, { exact: 'A sentence that will be removed from the page soon.' });
      const size = () => CSS.highlights.get('spanlight-active')?.size ?? 0;
      const shown = size();
      document.getElementById('x')!.remove();
      await new Promise((resolve) => setTimeout(resolve, 600));
      const afterRemoval = size();
      A.highlightQuote(document, { exact: 'Another one stays.' });
      const again = size();
      window.dispatchEvent(new Event('pagehide'));
      return { shown, afterRemoval, again, afterPagehide: size() };
    });
    expect(r).toEqual({ shown: 1, afterRemoval: 0, again: 1, afterPagehide: 0 });
  });
});

/** A page that repeats itself: twenty readings, worded alike, the day cycling through three. */
function repeatedReadingsHtml(): string {
  const days = ['Monday', 'Tuesday', 'Wednesday'];
  const copies = Array.from(
    { length: 20 },
    (_, i) =>
      `<p id="copy-${i + 1}">The river gauge at the old stone bridge was read again on ${days[i % 3]} morning: the water stood at 3.2 metres, the same as at the reading before, and the crews walked the levees from the mill to the ferry landing without finding any new seepage.</p>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>River gauge log</title></head>
<body><header><nav><a href="/">Home</a></nav></header><main><article><h1>River gauge log</h1>
<p>The flood office keeps this log of the readings taken at the old stone bridge during the high-water weeks of the spring.</p>
${copies.join('\n')}
</article></main><footer><p>© Flood office</p></footer></body></html>`;
}

describe('a page that repeats itself: the passage’s position picks the right copy', () => {
  let chromium: { browser: Browser; context: BrowserContext };
  let page: Page;
  let bundle: string;

  beforeAll(async () => {
    [bundle, chromium] = await Promise.all([anchorBundle(), plainChromium()]);
    page = await chromium.context.newPage();
  });

  afterAll(async () => {
    await chromium?.browser.close();
  });

  it('each of the 20 stored copies, looked for with and without its position as the hint', async () => {
    const html = repeatedReadingsHtml();
    const { page: extracted } = await extractPage(
      { html, url: 'https://river-log.test/log', lastModified: null, retrievedAt: '2026-11-30T00:00:00Z', origin: 'web' },
      parseHtmlWithLinkedom,
    );
    const copies = splitPassages(extracted).filter((p) => p.text.startsWith('The river gauge'));
    expect(copies).toHaveLength(20);
    await page.setContent(html);
    await page.evaluate(bundle);
    const landed = (selectors: QuoteSelector[]) =>
      page.evaluate((list) => {
        const A = window.SpanlightAnchor;
        return list.map((s) => {
          A.highlightQuote(document, s);
          const r = [...(CSS.highlights.get('spanlight-active') ?? [])][0] as Range | undefined;
          return r?.startContainer.parentElement?.closest('p')?.id ?? '';
        });
      }, selectors);
    const withHint = await landed(copies.map((p) => passageSelector(p)));
    const withoutHint = await landed(copies.map((p) => passageSelector({ ...p, position: undefined })));
    const right = (ids: string[]) => ids.filter((id, i) => id === `copy-${i + 1}`).length;
    // The same page edited since it was read (a unit respelled in every copy): found fuzzily.
    await page.setContent(html.replaceAll('3.2 metres', '3.2 meters'));
    await page.evaluate(bundle);
    const fuzzyWithHint = await landed(copies.map((p) => passageSelector(p)));
    const fuzzyWithoutHint = await landed(copies.map((p) => passageSelector({ ...p, position: undefined })));
    console.log(
      `repeated page, right copy of 20: exact ${right(withHint)} with the hint, ${right(withoutHint)} without; ` +
        `edited since (fuzzy) ${right(fuzzyWithHint)} with, ${right(fuzzyWithoutHint)} without`,
    );
    expect(right(withHint)).toBe(20);
    expect(right(fuzzyWithHint)).toBe(20);
    expect(right(withoutHint)).toBeLessThan(20);
  });
});

describe('a click on a citation of a page that repeats itself (the built extension)', () => {
  let site: FixtureSite;
  let model: FakeOpenAi;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;
  const REPORT = 'The flood office said the water at the old stone bridge stood at 3.2 metres on Wednesday morning.';

  beforeAll(async () => {
    site = await startFixtureSite([
      { host: 'river-log.test', path: '/log', html: repeatedReadingsHtml() },
      { host: 'flood-news.test', path: '/report', html: articleHtml({ title: 'Flood report', paragraphs: [REPORT] }) },
    ]);
    model = await startFakeOpenAi({
      apiKey: 'mk',
      reply: (body) => {
        const spans = spansInPrompt(body);
        const log = spans.filter((s) => s.text.includes('Wednesday morning: the water')).map((s) => `[${s.id}]`);
        const report = spans.find((s) => s.text.includes('The flood office said'));
        if (log.length === 0 || !report) return 'INSUFFICIENT';
        return `On Wednesday morning the water at the old stone bridge stood at 3.2 metres ${log.join('')}. The flood office said so [${report.id}].`;
      },
    });
    brave = await startFakeBrave({
      apiKey: 'bk',
      results: () => [
        { url: site.urlOf('river-log.test', '/log'), title: 'River gauge log', description: 'Readings.' },
        { url: site.urlOf('flood-news.test', '/report'), title: 'Flood report', description: 'Report.' },
      ],
    });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'bk',
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: 'mk',
      modelName: 'fake',
    });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), model?.close(), brave?.close()]);
  });

  it('opens the page without a text fragment, highlights with our own mark, on the copy each citation was read from', async () => {
    const panel = await browser.openSidePanel();
    expect(await ask(panel, 'What did the river gauge at the old stone bridge show on Wednesday morning?')).toBe('grounded');
    // Which copy each cited span was read from: its start in the page's text, as the extension split it.
    const { page: extracted } = await extractPage(
      {
        html: repeatedReadingsHtml(),
        url: site.urlOf('river-log.test', '/log'),
        lastModified: null,
        retrievedAt: '2026-11-30T00:00:00Z',
        origin: 'web',
      },
      parseHtmlWithLinkedom,
    );
    const copyAt = new Map(
      splitPassages(extracted)
        .filter((p) => p.text.startsWith('The river gauge'))
        .map((p, i) => [p.start, `copy-${i + 1}`]),
    );
    const evidence = await panel.evaluate(async () => {
      const list = await chrome.runtime.sendMessage({ channel: 'spanlight:background', type: 'listHistory', payload: {} });
      const r = await chrome.runtime.sendMessage({
        channel: 'spanlight:background',
        type: 'getAnswer',
        payload: { answerId: list.value.items[0].answerId },
      });
      return (r.value.result.evidence as Array<{ spanId: string; url: string; start: number; position?: number }>).map(
        ({ spanId, url, start, position }) => ({ spanId, url, start, position }),
      );
    });
    const logSpans = evidence.filter((e) => e.url.includes('river-log.test'));
    expect(logSpans.length).toBeGreaterThan(1);
    for (const s of logSpans) expect(s.position).toBeCloseTo(s.start / extracted.text.length, 6);
    // Copies 1–3 are the first of their wording; a later one is told apart by its position alone.
    expect(logSpans.some((s) => Number(copyAt.get(s.start)?.slice('copy-'.length)) > 3)).toBe(true);

    let source: Page | undefined;
    const landed: string[] = [];
    for (const s of logSpans) {
      const opened = source ? null : browser.context.waitForEvent('page');
      await panel.bringToFront();
      await panel.locator(`article.answer button.cite[data-span="${s.spanId}"]`).first().click();
      source ??= await opened!;
      await expect.poll(() => highlightedText(source!), { timeout: 15_000 }).toContain('Wednesday morning');
      await expect
        .poll(() =>
          source!.evaluate(() => {
            const r = [...(CSS.highlights.get('spanlight-active') ?? [])][0] as Range | undefined;
            return r?.startContainer.parentElement?.closest('p')?.id ?? '';
          }),
        )
        .toBe(copyAt.get(s.start));
      landed.push(copyAt.get(s.start)!);
    }
    console.log(`clicked citations of the repeated page landed on ${landed.join(', ')}`);
    // One look: the browser's text fragment is not used where our highlight runs.
    expect(decodeURIComponent(source!.url())).not.toContain(':~:text=');
  });
});
