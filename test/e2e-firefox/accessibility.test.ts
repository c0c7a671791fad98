import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeWikipedia } from '../fakes/search-servers';
import { ask, clickButton, launchFirefox, saveOptions, seriousViolations, type FirefoxExtension } from './harness';

// Contrast differs between the themes: each is checked in its own browser (Firefox has no
// per-page colour-scheme emulation over WebDriver BiDi; a pref sets it at launch).
describe.each(['light', 'dark'] as const)('Firefox, %s theme: axe-core finds no serious or critical violation', (colorScheme) => {
  let site: FixtureSite;
  let wikipedia: Awaited<ReturnType<typeof startFakeWikipedia>>;
  let firefox: FirefoxExtension;

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats-office.test',
        path: '/population',
        html: articleHtml({
          title: 'Exampleville census 2026',
          published: '2026-02-10T09:00:00Z',
          paragraphs: [
            'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.',
          ],
        }),
      },
    ]);
    wikipedia = await startFakeWikipedia({ results: () => [] });
    firefox = await launchFirefox({ colorScheme });
  });

  afterAll(async () => {
    await firefox?.close();
    await Promise.all([site?.close(), wikipedia?.close()]);
  });

  it('the options page: as loaded, and with field errors shown', async () => {
    const page = await firefox.openOptions();
    await page.waitForSelector('form');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('textarea[name=allow-domains]').fill('not a domain');
    await page.locator('input[name=max-pages]').fill('99');
    await clickButton(page, 'Save');
    await page.waitForFunction(() => document.body.textContent?.includes('Not saved'), { timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('the sidebar page: empty, and showing a cited answer with its sources and trace', async () => {
    const options = await firefox.openOptions();
    expect(await saveOptions(options, { wikipediaBaseUrl: wikipedia.baseUrl })).toBe('Saved.');
    await options.close();

    const panel = await firefox.openSidePanel();
    await panel.setViewport({ width: 460, height: 760 });
    await panel.waitForSelector('textarea#question');
    expect(await seriousViolations(panel)).toEqual([]);

    const tab = await firefox.openPage(site.urlOf('stats-office.test', '/population'));
    await panel.bringToFront();
    expect(await ask(panel, 'How many residents did Exampleville have in 2026?', 'window')).toBe('grounded');
    await panel.locator('details.trace summary').click();
    expect(await seriousViolations(panel)).toEqual([]);

    // axe really runs in this browser: a button planted without a name is reported, then removed.
    await panel.evaluate(() => document.body.append(Object.assign(document.createElement('button'), { id: 'planted' })));
    expect(await seriousViolations(panel)).toEqual([expect.stringMatching(/^critical button-name: .*#planted/)]);
    await panel.evaluate(() => document.getElementById('planted')?.remove());
    await tab.close();
  });
});
