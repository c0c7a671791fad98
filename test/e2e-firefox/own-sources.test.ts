/**
 * A claim's own source in Firefox: the verdict shows first while the slow report is read, then "Its
 * own source says otherwise" with the report's passage, never counted in the verdict; opening the
 * passage opens the report with the passage highlighted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import {
  clickButton,
  highlightedText,
  launchFirefox,
  saveOptions,
  screenshotForDocs,
  squash,
  type FirefoxExtension,
} from './harness';

const CLAIM = 'The Exampleville tramway carried 4.2 million passengers in 2025, the transit authority reported.';
const REPORT_SENTENCE = 'The Exampleville tramway carried 3.1 million passengers in 2025, down from 3.4 million in 2024.';
const ITEM = 'li.verdict[data-rank="1"]';

describe("Firefox: a claim's own source", () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let firefox: FirefoxExtension;
  let report: string;

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
    report = site.urlOf('transit.test', '/annual-report');
    const linked = CLAIM.replace('the transit authority reported', `<a href="${report}">the transit authority reported</a>`);
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
    firefox = await launchFirefox();
    const options = await firefox.openOptions();
    expect(await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: brave.baseUrl })).toBe(
      'Saved.',
    );
    await options.close();
  });

  afterAll(async () => {
    await firefox?.close();
    await Promise.all([site?.close(), brave?.close()]);
  });

  it('the verdict first, reading its own source; then "says otherwise" with the passage, which opens highlighted', async () => {
    await firefox.openPage(site.urlOf('exampleville-blog.test', '/tram'));
    const panel = await firefox.openSidePanel();
    await clickButton(panel, "Fact-check the page I'm reading");
    await panel.waitForSelector(`.running-fact-check ${ITEM} .own-sources-reading`, { timeout: 20_000 });
    expect(await panel.$eval(`.running-fact-check ${ITEM}`, (e) => e.getAttribute('data-verdict'))).toBe('not-found');
    expect(await panel.$eval(`.running-fact-check ${ITEM} .own-sources-reading`, (e) => e.textContent)).toBe(
      'Reading the page’s own source…',
    );

    await panel.waitForSelector(`article.answer-fact-check ${ITEM} .own-source`, { timeout: 30_000 });
    const item = `article.answer-fact-check ${ITEM}`;
    expect(await panel.$eval(item, (e) => e.getAttribute('data-verdict'))).toBe('not-found');
    expect(await panel.$eval(`${item} .own-source`, (e) => e.getAttribute('data-reading'))).toBe('contradicts');
    expect(await panel.$eval(`${item} .own-source`, (e) => e.textContent)).toMatch(
      /^Its own source says otherwise: states 3\.1 million passengers, the claim 4\.2 million passengers/,
    );
    expect(await panel.$eval(`${item} a.own-source-link`, (a) => a.getAttribute('href'))).toBe(report);
    expect(await panel.$$eval(`${item} .own-sources-reading`, (els) => els.length)).toBe(0);
    await screenshotForDocs(panel, 'firefox-sidepanel-own-source');

    const opened = firefox.waitForTab(report);
    await panel.locator(`${item} button.own-source-passage`).click();
    const source = await opened;
    await expect
      .poll(async () => squash(await highlightedText(source)), { timeout: 20_000 })
      .toContain('3.1 million passengers in 2025');
    await source.close();
  });
});
