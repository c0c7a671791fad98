import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { spansInPrompt, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, highlightedText, launchFirefox, saveOptions, screenshotForDocs, squash, type FirefoxExtension } from './harness';

const CENSUS =
  'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.';
const GROWTH = 'City planners said the number of Exampleville residents grew by 3.4 percent in 2025, driven by new arrivals.';

describe('Firefox: a cited answer, and a citation that jumps to its passage', () => {
  let site: FixtureSite;
  let model: FakeOpenAi;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let firefox: FirefoxExtension;
  let panel: Page;
  let onePublisher = false;

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats-office.test',
        path: '/population',
        html: articleHtml({ title: 'Exampleville census 2026', published: '2026-02-10T09:00:00Z', paragraphs: [CENSUS] }),
      },
      {
        host: 'city-news.test',
        path: '/growth',
        html: articleHtml({ title: 'Exampleville keeps growing', paragraphs: [GROWTH] }),
      },
    ]);
    model = await startFakeOpenAi({
      apiKey: 'mk',
      reply: (body) => {
        const spans = spansInPrompt(body);
        const census = spans.find((s) => s.text.includes('412,000'));
        const growth = spans.find((s) => s.text.includes('3.4 percent'));
        if (!census || !growth) return 'INSUFFICIENT';
        return `Exampleville had 412,000 residents on 1 January 2026 [${census.id}]. The number of its residents grew by 3.4 percent in 2025 [${growth.id}].`;
      },
    });
    brave = await startFakeBrave({
      apiKey: 'bk',
      results: () =>
        [
          { url: site.urlOf('stats-office.test', '/population'), title: 'Exampleville census 2026', description: 'census' },
          { url: site.urlOf('city-news.test', '/growth'), title: 'Exampleville keeps growing', description: 'growth' },
        ].filter((r) => !onePublisher || r.url.includes('stats-office.test')),
    });
    firefox = await launchFirefox();
    const options = await firefox.openOptions();
    expect(
      await saveOptions(options, {
        wikipedia: false,
        brave: true,
        braveKey: 'bk',
        braveBaseUrl: brave.baseUrl,
        model: 'openai',
        modelBaseUrl: model.baseUrl,
        modelKey: 'mk',
        modelName: 'fake',
      }),
    ).toBe('Saved.');
    await options.close();
    panel = await firefox.openSidePanel();
    await panel.setViewport({ width: 460, height: 760 });
  });

  afterAll(async () => {
    await firefox?.close();
    await Promise.all([site?.close(), model?.close(), brave?.close()]);
  });

  it('answers with citations attached in code; [S#] opens its page, scrolled to the highlighted passage', async () => {
    expect(await ask(panel, 'What is the population of Exampleville?')).toBe('grounded');
    const claims = await panel.$$eval('article.answer li.claim', (els) => els.map((e) => e.textContent ?? ''));
    expect(claims).toEqual([expect.stringContaining('412,000 residents'), expect.stringContaining('3.4 percent')]);
    // The providers were reached from Firefox's background with the user's keys, in their protocols.
    expect(brave.requests.at(-1)?.headers['x-subscription-token']).toBe('bk');
    expect(model.requests.at(-1)?.headers.authorization).toBe('Bearer mk');
    const sources = await panel.$$eval('article.answer section.sources li', (els) => els.map((e) => e.textContent ?? ''));
    expect(sources.join(' ')).toContain('stats-office.test');
    expect(sources.join(' ')).toContain('city-news.test');

    const census = spansInPrompt(model.chats.at(-1)!).find((s) => s.text.includes('412,000'))!;
    const chip = await panel.waitForSelector(`article.answer li.claim button.cite[aria-label^="Source ${census.id}:"]`);
    const url = site.urlOf('stats-office.test', '/population');
    const opened = firefox.waitForTab(url);
    await chip!.click();
    const source = await opened;
    await expect.poll(() => highlightedText(source), { timeout: 15_000 }).not.toBe('');
    expect(squash(await highlightedText(source))).toBe(squash(census.text));
    expect(await source.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await panel.waitForFunction(() => /Highlighted in/.test(document.querySelector('.citation-status')?.textContent ?? ''), {
      timeout: 15_000,
    });
    await screenshotForDocs(panel, 'firefox-sidepanel-answer');
    await screenshotForDocs(source, 'firefox-source-highlight', { panel: false });
  });

  it('refuses with one publisher found, listing the best passages; a jump lands on its passage', async () => {
    onePublisher = true;
    const refusal = await firefox.openSidePanel();
    await refusal.setViewport({ width: 460, height: 760 });
    expect(await ask(refusal, 'What was the population of Exampleville on 1 January 2026?')).toBe('abstained');
    const condition = await refusal.waitForSelector('article.answer .card.refusal [data-condition="independent-domains"]');
    expect(squash((await condition!.evaluate((e) => e.textContent)) ?? '')).toContain('Only 1 independent source');
    const jump = await refusal.waitForSelector('article.answer .card.refusal .refusal-best button.closest-jump');
    const sentence = ((await jump!.evaluate((e) => e.textContent)) ?? '').replace(/^“|”$/g, '');
    expect(squash(sentence)).toBe(squash(CENSUS));
    const opened = firefox.waitForTab(site.urlOf('stats-office.test', '/population'));
    await jump!.click();
    const source = await opened;
    await expect.poll(() => highlightedText(source), { timeout: 15_000 }).not.toBe('');
    expect(squash(await highlightedText(source))).toContain(squash(sentence));
    await refusal.waitForFunction(
      () => /Highlighted in/.test(document.querySelector('.citation-status[data-at="refusal-best"]')?.textContent ?? ''),
      { timeout: 15_000 },
    );
    await screenshotForDocs(refusal, 'firefox-sidepanel-refusal');
  });
});
