import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, launchFirefox, saveOptions, type FirefoxExtension } from './harness';

const CENSUS = 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.';
const NEWS = 'A city newspaper wrote that Exampleville had 412,000 residents on 1 January 2026, citing the census office.';

/** The origins the extension holds now. */
async function origins(page: Page): Promise<string[]> {
  return page.evaluate(
    async () =>
      (
        await (
          globalThis as unknown as { browser: { permissions: { getAll(): Promise<{ origins?: string[] }> } } }
        ).browser.permissions.getAll()
      ).origins ?? [],
  );
}

describe('Firefox: access to websites is asked for at first use, and can be taken back', () => {
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
    // Saving asks for the provider's host (allowed); every other site stays unasked.
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

  it('nothing is asked at install; the first question asks for every site and, allowed, is answered', async () => {
    expect(await origins(panel)).not.toContain('<all_urls>');
    expect(await ask(panel, 'How many residents does Exampleville have?')).toBe('grounded');
    expect(await origins(panel)).toContain('<all_urls>');
    expect(await panel.$('.card.error')).toBeNull();
    expect(await panel.$('.card.site-access')).toBeNull();
  });

  it('taken back where the help says (about:addons, "Permissions and data"), it is asked for again at the next question', async () => {
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
    await expect.poll(toggle, { timeout: 15_000 }).toEqual({ label: 'Access your data for all websites', pressed: true });
    // The toggle's own button, clicked in the page: puppeteer's input helpers cannot locate
    // elements in this privileged page (its layout boxes read as empty to them).
    await addons.evaluate((s) => document.querySelector(s)!.shadowRoot!.querySelector<HTMLElement>('button')!.click(), allSites);
    await expect.poll(toggle, { timeout: 15_000 }).toEqual({ label: 'Access your data for all websites', pressed: false });
    await addons.close();

    await panel.bringToFront();
    await expect.poll(() => origins(panel), { timeout: 15_000 }).not.toContain('<all_urls>');
    const searches = brave.requests.length;
    expect(await ask(panel, 'Did Exampleville have 412,000 residents?')).toBe('grounded');
    expect(brave.requests.length).toBeGreaterThan(searches);
    expect(await origins(panel)).toContain('<all_urls>');
  });
});
