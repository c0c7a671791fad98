import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { spansInPrompt, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { startFakeBrave, startFakeWikipedia } from '../fakes/search-servers';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { ask, highlightedText, launchExtension, saveOptions, screenshotForDocs, squash, type ExtensionBrowser } from './harness';

const CENSUS =
  'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.';
const GROWTH =
  'City planners said the population of Exampleville grew by 3.4 percent in 2025, driven mostly by new arrivals from the countryside.';

function sitePages() {
  return [
    {
      host: 'stats-office.test',
      path: '/population',
      html: articleHtml({
        title: 'Exampleville census 2026',
        published: '2026-02-10T09:00:00Z',
        paragraphs: [CENSUS, 'Figures are provisional until the final count.'],
      }),
    },
    {
      host: 'city-news.test',
      path: '/growth',
      html: articleHtml({
        title: 'Exampleville keeps growing',
        published: '2026-03-01T08:00:00Z',
        paragraphs: [GROWTH, 'Housing permits rose as well.'],
      }),
    },
  ];
}

/** The fake model writes what a good model would: one sentence per span, cited by the ids it was shown. */
function scriptedModel(apiKey: string) {
  return startFakeOpenAi({
    apiKey,
    reply: (body) => {
      const spans = spansInPrompt(body);
      const census = spans.find((s) => s.text.includes('412,000'));
      const growth = spans.find((s) => s.text.includes('3.4 percent'));
      if (!census || !growth) return 'INSUFFICIENT';
      return `Exampleville had 412,000 residents on 1 January 2026 [${census.id}]. Its population grew by 3.4 percent in 2025 [${growth.id}].`;
    },
  });
}

describe('first vertical slice: options → ask → cited answer → jump to the highlighted passage', () => {
  let site: FixtureSite;
  let model: FakeOpenAi;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;
  let panel: Page;
  let wikipediaDown: FakeServer;

  beforeAll(async () => {
    site = await startFixtureSite(sitePages());
    model = await scriptedModel('sk-test-model');
    // A second provider that fails: the answer must still come, with the failure in the trace.
    wikipediaDown = await startFakeServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('maintenance');
    });
    brave = await startFakeBrave({
      apiKey: 'brave-test-key',
      results: () => [
        {
          url: site.urlOf('city-news.test', '/growth'),
          title: 'Exampleville keeps <strong>growing</strong>',
          description: 'Planners said…',
          page_age: '2026-03-01T08:00:00',
        },
        {
          url: site.urlOf('stats-office.test', '/population'),
          title: 'Exampleville census 2026',
          description: 'The census office reported…',
          page_age: '2026-02-10T09:00:00',
        },
      ],
    });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, {
      wikipedia: true,
      wikipediaBaseUrl: `${wikipediaDown.origin}/w/api.php`,
      brave: true,
      braveKey: 'brave-test-key',
      braveBaseUrl: brave.baseUrl,
      model: 'openai',
      modelBaseUrl: model.baseUrl,
      modelKey: 'sk-test-model',
      modelName: 'fake-model',
    });
    await options.close();
    panel = await browser.openSidePanel();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), model?.close(), brave?.close(), wikipediaDown?.close()]);
  });

  it('answers with [S1] [S2] attached in code, and [S1] highlights the passage in its page', async () => {
    const mode = await ask(panel, 'What is the population of Exampleville?');
    expect(mode).toBe('grounded');
    // Two providers configured, one failing: the answer came, and the failure is shown and traced.
    expect(await panel.locator('article.answer').textContent()).toContain('Wikipedia had a server error (503)');
    await panel.locator('article.answer details.trace summary').first().click();
    expect(await panel.locator('article.answer details.trace').first().textContent()).toMatch(/from 1\/2 providers/);

    // The providers saw the user's keys, in their own protocols.
    expect(brave.requests.at(-1)?.headers['x-subscription-token']).toBe('brave-test-key');
    expect(model.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test-model');
    const prompt = model.chats.at(-1)!;
    expect(prompt.stream).toBe(true);
    expect(prompt.messages[1]!.content).not.toContain('http://'); // span ids, never URLs

    const chips = panel.locator('article.answer button.cite');
    expect(await chips.allTextContents()).toEqual(expect.arrayContaining(['S1', 'S2']));
    const sources = panel.locator('section.sources li');
    await expect.poll(() => sources.count()).toBe(2);
    const sourceText = (await sources.allTextContents()).join(' ');
    expect(sourceText).toContain('stats-office.test');
    expect(sourceText).toContain('city-news.test');

    // Click [S1]: its page opens (it was not open), scrolls, and the passage is highlighted.
    const s1 = spansInPrompt(prompt).find((s) => s.id === 'S1')!;
    const opened = browser.context.waitForEvent('page');
    await chips.filter({ hasText: 'S1' }).first().click();
    const sourcePage = await opened;
    await expect.poll(() => highlightedText(sourcePage), { timeout: 15_000 }).not.toBe('');
    expect(squash(await highlightedText(sourcePage))).toBe(squash(s1.text));
    expect(await sourcePage.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await panel.getByText(/Highlighted in/).waitFor();
    await screenshotForDocs(sourcePage, 'source-highlight', { panel: false });

    // Clicking again focuses the same tab rather than opening another one.
    const pagesBefore = browser.context.pages().length;
    await panel.bringToFront();
    await chips.filter({ hasText: 'S1' }).first().click();
    await panel.getByText(/Highlighted in/).waitFor();
    expect(browser.context.pages().length).toBe(pagesBefore);
  });

  it('a wrong key names the provider that rejected it, and history keeps what it had', async () => {
    const options = await browser.openOptions();
    await saveOptions(options, { braveKey: 'wrong-key' });
    await options.close();
    await panel.bringToFront();
    const mode = await ask(panel, 'How many residents does Exampleville have?');
    expect(mode).toBe('unavailable');
    await expect
      .poll(async () => (await panel.locator('article.answer .failure').allTextContents()).join(' '))
      .toContain('Brave Search rejected the key (401)');
    await expect.poll(() => panel.locator('section.history li').count()).toBe(2);
    expect(await panel.locator('section.history').textContent()).toContain('What is the population of Exampleville?');
  });

  it('an unreachable model shows "Model unavailable" with a retry, and history keeps what it had', async () => {
    const closed: FakeServer = await startFakeServer(() => undefined);
    const deadUrl = `${closed.origin}/v1`;
    await closed.close();
    const options = await browser.openOptions();
    await saveOptions(options, { braveKey: 'brave-test-key', modelBaseUrl: deadUrl });
    await options.close();
    await panel.bringToFront();
    const mode = await ask(panel, 'What is the population of Exampleville?');
    expect(mode).toBe('unavailable');
    await panel.getByRole('heading', { name: 'Model unavailable' }).waitFor();
    // The question is single-hop, planned in code: the search ran (Wikipedia's 503 is listed too) and the composer could not reach the model.
    expect(await panel.locator('article.answer .failure').allTextContents()).toContainEqual(
      expect.stringContaining('could not reach'),
    );

    // Fix the setting, press Retry: the same question is answered.
    const fix = await browser.openOptions();
    await saveOptions(fix, { modelBaseUrl: model.baseUrl });
    await fix.close();
    await panel.bringToFront();
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => panel.locator('article.answer').getAttribute('data-mode'), { timeout: 30_000 }).toBe('grounded');
    await expect.poll(() => panel.locator('section.history li').count()).toBe(4);
  });
});

describe('keyless default: no keys at all, a question about an open tab', () => {
  let site: FixtureSite;
  let wikipedia: Awaited<ReturnType<typeof startFakeWikipedia>>;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    site = await startFixtureSite(sitePages());
    wikipedia = await startFakeWikipedia({ results: () => [] });
    browser = await launchExtension();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), wikipedia?.close()]);
  });

  it('answers extractively from the open tab and jumps to the passage in it', async () => {
    // Keyless is the default; only the Wikipedia endpoint is pointed at a local fake (no network here).
    const options = await browser.openOptions();
    await expect.poll(() => options.locator('select[name=model-preset]').inputValue()).toBe('extractive');
    await saveOptions(options, { wikipediaBaseUrl: wikipedia.baseUrl });
    await options.close();

    const tab = await browser.context.newPage();
    await tab.goto(site.urlOf('stats-office.test', '/population'));
    const panel = await browser.openSidePanel();
    const mode = await ask(panel, 'How many residents did Exampleville have in 2026?', 'window');
    expect(mode).toBe('grounded');
    expect(wikipedia.requests.length).toBeGreaterThan(0);
    const claim = (await panel.locator('article.answer li.claim').first().textContent()) ?? '';
    expect(claim).toContain('412,000');
    expect(await panel.locator('section.sources').textContent()).toContain('open tab');

    await panel.locator('article.answer button.cite').first().click();
    await expect.poll(() => highlightedText(tab), { timeout: 15_000 }).not.toBe('');
    expect(squash(await highlightedText(tab))).toContain(CENSUS);
  });
});
