import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, clickButton, launchFirefox, saveOptions, screenshotForDocs, type FirefoxExtension } from './harness';

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const NEWS = 'A city newspaper wrote that Exampleville had 412,000 residents on 1 January 2026, citing the census office.';

/** The panel's error card, once one is shown. */
async function errorCard(panel: Page): Promise<string> {
  const card = await panel.waitForSelector('.card.error[role=alert]', { timeout: 15_000 });
  return (await card!.evaluate((e) => e.textContent)) ?? '';
}

describe('Firefox: a user who withheld access to websites is told how to grant it', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let firefox: FirefoxExtension;
  let panel: Page;

  beforeAll(async () => {
    site = await startFixtureSite([
      { host: 'stats-office.test', path: '/census', html: articleHtml({ title: 'Census 2026', paragraphs: [CENSUS] }) },
      { host: 'city-news.test', path: '/census', html: articleHtml({ title: 'The census is out', paragraphs: [NEWS] }) },
    ]);
    brave = await startFakeBrave({
      apiKey: 'bk',
      results: () => [
        { url: site.urlOf('stats-office.test', '/census'), title: 'Census 2026', description: 'census' },
        { url: site.urlOf('city-news.test', '/census'), title: 'The census is out', description: 'news' },
      ],
    });
    firefox = await launchFirefox({ withholdHostAccess: true });
    // Saving asks for the provider's host (the user allows it); every other site stays withheld.
    const options = await firefox.openOptions();
    expect(await saveOptions(options, { wikipedia: false, brave: true, braveKey: 'bk', braveBaseUrl: brave.baseUrl })).toBe(
      'Saved.',
    );
    await options.close();
    panel = await firefox.openSidePanel();
  });

  afterAll(async () => {
    await firefox?.close();
    await Promise.all([site?.close(), brave?.close()]);
  });

  it('asking and fact-checking say that access is missing and where to turn it on; nothing is searched', async () => {
    const searches = brave.requests.length;
    await panel.locator('textarea#question').fill('How many residents does Exampleville have?');
    await clickButton(panel, 'Ask');
    const message = await errorCard(panel);
    expect(message).toContain('Spanlight has no access to websites');
    expect(message).toContain('about:addons');
    expect(message).toContain('"Permissions and data"');
    expect(message).toContain('"Access your data for all websites"');
    expect(await panel.$('article.answer')).toBeNull();
    expect(brave.requests.length).toBe(searches);
    await screenshotForDocs(panel, 'firefox-sidepanel-no-site-access');

    const page = await firefox.openPage(site.urlOf('stats-office.test', '/census'));
    const second = await firefox.openSidePanel();
    await clickButton(second, "Fact-check the page I'm reading");
    expect(await errorCard(second)).toContain('Spanlight has no access to websites');
    expect(brave.requests.length).toBe(searches);
    await Promise.all([second.close(), page.close()]);
  });

  it('turned on where the message says, the same question is answered', async () => {
    const addons = await firefox.browser.newPage();
    await addons.goto('about:addons', { waitUntil: [] });
    // about:addons is a privileged page: puppeteer's waitFor* helpers cannot run in it, evaluate can.
    await expect.poll(() => addons.evaluate(() => 'gViewController' in window), { timeout: 15_000 }).toBe(true);
    // The route the add-on's "Permissions and data" tab opens.
    await addons.evaluate(() =>
      (window as unknown as { gViewController: { loadView(v: string): void } }).gViewController.loadView(
        'addons://detail/spanlight%40spanlight.dev/permissions',
      ),
    );
    const allSites = 'moz-toggle[permission-key="<all_urls>"]';
    const toggle = async () =>
      addons.evaluate((s) => {
        const e = document.querySelector(s);
        return e ? { label: e.getAttribute('label'), pressed: e.hasAttribute('pressed') } : null;
      }, allSites);
    await expect.poll(toggle, { timeout: 15_000 }).toEqual({ label: 'Access your data for all websites', pressed: false });
    // The toggle's own button, clicked in the page: puppeteer's input helpers cannot locate
    // elements in this privileged page (its layout boxes read as empty to them).
    await addons.evaluate((s) => document.querySelector(s)!.shadowRoot!.querySelector<HTMLElement>('button')!.click(), allSites);
    await expect.poll(toggle, { timeout: 15_000 }).toEqual({ label: 'Access your data for all websites', pressed: true });
    await addons.close();

    await panel.bringToFront();
    expect(await ask(panel, 'How many residents does Exampleville have?')).toBe('grounded');
    expect(await panel.$('.card.error')).toBeNull();
  });
});
