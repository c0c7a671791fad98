/**
 * A claim's own source in Firefox: the verdict shows first while the slow report is read, then "Its
 * own source says otherwise" with the report's passage, never counted in the verdict; opening the
 * passage opens the report with the passage highlighted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnSourceWorld, type OwnSourceWorld } from '../fakes/own-source-world';
import {
  clickButton,
  highlightedText,
  launchFirefox,
  saveOptions,
  screenshotForDocs,
  squash,
  type FirefoxExtension,
} from './harness';

const ITEM = 'li.verdict[data-rank="1"]';

describe("Firefox: a claim's own source", () => {
  let world: OwnSourceWorld;
  let firefox: FirefoxExtension;

  beforeAll(async () => {
    world = await startOwnSourceWorld();
    firefox = await launchFirefox();
    const options = await firefox.openOptions();
    const brave = { wikipedia: false, brave: true, braveKey: 'k', braveBaseUrl: world.brave.baseUrl };
    expect(await saveOptions(options, brave)).toBe('Saved.');
    await options.close();
  });

  afterAll(async () => {
    await firefox?.close();
    await world?.close();
  });

  it('the verdict first, reading its own source; then "says otherwise" with the passage, which opens highlighted', async () => {
    await firefox.openPage(world.post);
    const panel = await firefox.openSidePanel();
    await clickButton(panel, "Fact-check the page I'm reading");
    await panel.waitForSelector(`.running-fact-check ${ITEM} .own-sources-reading`, { timeout: 20_000 });
    expect(await panel.$eval(`.running-fact-check ${ITEM}`, (e) => e.getAttribute('data-verdict'))).toBe('not-found');
    expect(await panel.$eval(`.running-fact-check ${ITEM} .own-sources-reading`, (e) => e.textContent)).toBe(
      'Reading the page’s own source…',
    );
    // Once every verdict is in, the step line says what the check still waits for.
    await panel.waitForFunction(
      () =>
        /^Every verdict is in; reading the page’s own sources/.test(
          document.querySelector('.job-progress .progress')?.textContent ?? '',
        ),
      { timeout: 10_000 },
    );
    expect(await panel.$eval('.running-fact-check .fact-check-count', (e) => e.textContent)).toBe('1 of 1 claim checked so far');
    await screenshotForDocs(panel, 'firefox-sidepanel-own-source-reading');

    await panel.waitForSelector(`article.answer-fact-check ${ITEM} .own-source`, { timeout: 30_000 });
    const item = `article.answer-fact-check ${ITEM}`;
    expect(await panel.$eval(item, (e) => e.getAttribute('data-verdict'))).toBe('not-found');
    expect(await panel.$eval(`${item} .own-source`, (e) => e.getAttribute('data-reading'))).toBe('contradicts');
    expect(await panel.$eval(`${item} .own-source`, (e) => e.textContent)).toMatch(
      /^Its own source says otherwise: states 3\.1 million passengers, the claim 4\.2 million passengers/,
    );
    expect(await panel.$eval(`${item} a.own-source-link`, (a) => a.getAttribute('href'))).toBe(world.report);
    expect(await panel.$$eval(`${item} .own-sources-reading`, (els) => els.length)).toBe(0);
    expect(await panel.$eval('article.answer-fact-check .fact-check-count', (e) => e.textContent)).toMatch(
      /^1 of 1 checkable claim checked\./,
    );
    await screenshotForDocs(panel, 'firefox-sidepanel-own-source');

    const opened = firefox.waitForTab(world.report);
    await panel.locator(`${item} button.own-source-passage`).click();
    const source = await opened;
    await expect
      .poll(async () => squash(await highlightedText(source)), { timeout: 20_000 })
      .toContain('3.1 million passengers in 2025');
    await source.close();
  });
});
