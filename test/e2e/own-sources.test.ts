/**
 * Issue #38 in the built extension: a claim that links to a report saying otherwise shows "Its own
 * source says otherwise" with the report's passage, beside a verdict that never counts it; opening
 * the passage highlights it in the report. The report is slow: the verdict shows first, reading it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnSourceWorld, type OwnSourceWorld } from '../fakes/own-source-world';
import { launchExtension, saveOptions, screenshotForDocs, type ExtensionBrowser } from './harness';

describe("a claim's own source (the built extension)", () => {
  let world: OwnSourceWorld;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    world = await startOwnSourceWorld();
    browser = await launchExtension();
    const options = await browser.openOptions();
    await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: world.brave.baseUrl });
    await options.close();
  });

  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('shows "Its own source says otherwise" with the passage, and opening it highlights the passage', async () => {
    const page = await browser.context.newPage();
    await page.goto(world.post);
    const panel = await browser.openSidePanel();
    await panel.getByRole('button', { name: "Fact-check the page I'm reading" }).click();
    // While the report is read, the claim's verdict is shown already, saying its own source is being read.
    const running = panel.locator('.running-fact-check li.verdict', { hasText: '4.2 million passengers' });
    await running.locator('.own-sources-reading').waitFor({ timeout: 20_000 });
    expect(await running.locator('.own-sources-reading').textContent()).toBe('Reading the page’s own source…');
    expect(await running.getAttribute('data-verdict')).toBe('not-found');
    expect(await panel.locator('article.answer-fact-check').count()).toBe(0);
    // Once every verdict is in, the step line says what the check still waits for.
    await expect
      .poll(() => panel.locator('.job-progress .progress').textContent(), { timeout: 10_000 })
      .toMatch(/^Every verdict is in; reading the page’s own sources of 1 claim…/);
    expect(await panel.locator('.running-fact-check .fact-check-count').textContent()).toBe('1 of 1 claim checked so far');
    await screenshotForDocs(panel, 'sidepanel-own-source-reading');
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
    expect(await own.locator('a.own-source-link').getAttribute('href')).toBe(world.report);
    const passage = own.locator('button.own-source-passage');
    expect(await passage.textContent()).toContain('3.1 million passengers in 2025');
    expect(await view.locator('.fact-check-count').textContent()).toMatch(/^1 of 1 checkable claim checked\./);
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
