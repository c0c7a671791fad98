/**
 * Issue #38 in the built extension: a claim that links to a report saying otherwise shows "Its own
 * source says otherwise" with the report's passage, beside a verdict that never counts it; opening
 * the passage highlights it in the report. The report is slow: the verdict shows first, reading it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { launchExtension, saveOptions, screenshotForDocs, type ExtensionBrowser } from './harness';

const CLAIM = 'The Exampleville tramway carried 4.2 million passengers in 2025, the transit authority reported.';
const REPORT_SENTENCE = 'The Exampleville tramway carried 3.1 million passengers in 2025, down from 3.4 million in 2024.';

describe("a claim's own source (the built extension)", () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'transit.test',
        path: '/annual-report',
        html: articleHtml({ title: 'Transit authority annual report 2025', paragraphs: [REPORT_SENTENCE] }),
        // Slower than the rest of the check: the verdict must not wait for it.
        delayMs: 4_000,
      },
    ]);
    const linked = CLAIM.replace(
      'the transit authority reported',
      `<a href="${site.urlOf('transit.test', '/annual-report')}">the transit authority reported</a>`,
    );
    site.setPage(
      'exampleville-blog.test',
      '/tram',
      articleHtml({
        title: 'Riding the tram',
        paragraphs: [
          ...Array.from({ length: 12 }, () => 'we love the quiet streets and the long walks by the water in the evening.'),
          `Exampleville is a river town. ${linked} We love it here.`,
        ],
        fillerBefore: 0,
      }),
    );
    // The search finds nothing: only the claim's own source can say anything.
    brave = await startFakeBrave({ apiKey: 'k', results: () => [] });
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: brave.baseUrl });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), brave?.close()]);
  });

  it('shows "Its own source says otherwise" with the passage, and opening it highlights the passage', async () => {
    const page = await browser.context.newPage();
    await page.goto(site.urlOf('exampleville-blog.test', '/tram'));
    const panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    // While the report is read, the claim's verdict is shown already, saying its own source is being read.
    const running = panel.locator('.running-fact-check li.verdict', { hasText: '4.2 million passengers' });
    await running.locator('.own-sources-reading').waitFor({ timeout: 20_000 });
    expect(await running.locator('.own-sources-reading').textContent()).toBe('Reading the page’s own source…');
    expect(await running.getAttribute('data-verdict')).toBe('not-found');
    expect(await panel.locator('article.answer-fact-check').count()).toBe(0);
    const view = panel.locator('article.answer-fact-check');
    await view.waitFor({ timeout: 30_000 });
    const item = view.locator('li.verdict', { hasText: '4.2 million passengers' });
    // The verdict never counts it: nothing independent was found.
    expect(await item.getAttribute('data-verdict')).toBe('not-found');
    const own = item.locator('.own-source');
    expect(await own.count()).toBe(1);
    expect(await item.locator('.own-sources-reading').count()).toBe(0);
    expect(await own.getAttribute('data-reading')).toBe('contradicts');
    expect(await own.textContent()).toMatch(
      /^Its own source says otherwise: states 3\.1 million passengers, the claim 4\.2 million passengers/,
    );
    expect(await own.locator('a.own-source-link').getAttribute('href')).toBe(site.urlOf('transit.test', '/annual-report'));
    const passage = own.locator('button.own-source-passage');
    expect(await passage.textContent()).toContain('3.1 million passengers in 2025');
    await screenshotForDocs(panel, 'sidepanel-own-source');

    const opened = browser.context.waitForEvent('page');
    await passage.click();
    const source = await opened;
    await expect.poll(() => item.locator('.citation-status').textContent(), { timeout: 20_000 }).toMatch(/Highlighted in/);
    await expect
      .poll(
        () =>
          source.evaluate(() =>
            [...CSS.highlights.values()].flatMap((h) => [...h].map((r) => r.toString().replace(/\s+/g, ' ').trim())),
          ),
        { timeout: 10_000 },
      )
      .toContainEqual(expect.stringContaining('3.1 million passengers in 2025'));
    await source.close();
  });
});
