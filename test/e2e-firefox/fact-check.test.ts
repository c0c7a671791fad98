import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../fakes/fixture-site';
import { CLAIMS, startExamplevilleWorld, type ExamplevilleWorld } from '../fakes/exampleville-blog';
import { clickButton, launchFirefox, saveOptions, screenshotForDocs, type FirefoxExtension } from './harness';

describe('Firefox: fact-check the page being read', () => {
  let world: ExamplevilleWorld;
  let site: FixtureSite;
  let brave: ExamplevilleWorld['brave'];
  let firefox: FirefoxExtension;

  beforeAll(async () => {
    world = await startExamplevilleWorld();
    ({ site, brave } = world);
    firefox = await launchFirefox();
    const options = await firefox.openOptions();
    expect(await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: brave.baseUrl })).toBe(
      'Saved.',
    );
    await options.close();
  });

  afterAll(async () => {
    await firefox?.close();
    await world?.close();
  });

  it('verdicts in the panel, each claim marked in the page in its verdict’s colour; a claim clicked scrolls the page to it', async () => {
    const page = await firefox.openPage(site.urlOf('exampleville-blog.test', '/post'));
    const panel = await firefox.openSidePanel();
    await panel.setViewport({ width: 460, height: 760 });
    await clickButton(panel, "Fact-check the page I'm reading");
    await panel.waitForSelector('article.answer-fact-check li.verdict', { timeout: 30_000 });
    const verdicts = await panel.$$eval('article.answer-fact-check li.verdict', (els) =>
      els.map((e) => [e.querySelector('.claim-link')?.textContent, e.getAttribute('data-verdict')]),
    );
    expect(verdicts).toEqual([
      [CLAIMS[0], 'supported'],
      [CLAIMS[1], 'contradicted'],
      [CLAIMS[2], 'not-found'],
    ]);
    const cited = await panel.$$eval('article.answer-fact-check button.cite', (els) =>
      els.map((e) => e.getAttribute('aria-label') ?? ''),
    );
    expect(cited.length).toBeGreaterThan(0);
    for (const label of cited) expect(label).not.toContain('exampleville-blog.test');

    // The page: each claim in its verdict's colour, through named CSS highlights set by the content script.
    const marks = () =>
      page.evaluate(() =>
        Object.fromEntries(
          ['supported', 'contradicted', 'not-found'].map((v) => [
            v,
            [...(CSS.highlights.get(`spanlight-verdict-${v}`) ?? [])].map((r) => r.toString().replace(/\s+/g, ' ').trim()),
          ]),
        ),
      );
    await expect
      .poll(marks, { timeout: 10_000 })
      .toEqual({ supported: [CLAIMS[0]], contradicted: [CLAIMS[1]], 'not-found': [CLAIMS[2]] });
    await screenshotForDocs(panel, 'firefox-sidepanel-fact-check');

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await panel.bringToFront();
    await panel.locator('article.answer-fact-check li.verdict:nth-child(2) .claim-link').click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
