import { afterAll, describe, expect, it } from 'vitest';
import {
  EXTENSION_ORIGIN,
  clickButton,
  launchFirefox,
  screenshotForDocs,
  seriousViolations,
  type FirefoxExtension,
} from './harness';

// Each theme in its own browser: Firefox takes the colour scheme from a pref at launch.
describe.each(['light', 'dark'] as const)('Firefox, %s theme: the first-run card', (colorScheme) => {
  let firefox: FirefoxExtension | undefined;
  afterAll(async () => {
    await firefox?.close();
  });

  it('on a fresh profile: the mode and what a key or a model adds, axe clean, a link to Settings; gone once dismissed', async () => {
    firefox = await launchFirefox({ colorScheme, welcome: true });
    const panel = await firefox.openSidePanel();
    await panel.waitForSelector('section.welcome', { timeout: 15_000 });
    const text = await panel.$eval('section.welcome', (e) => e.textContent ?? '');
    expect(text).toContain('Spanlight runs keyless: it searches Wikipedia');
    expect(text).toContain('adds the whole web');
    expect(text).toContain('adds verdicts that read meaning');
    // Firefox has no built-in model: none is offered.
    expect(await panel.$$eval('section.welcome .welcome-builtin', (els) => els.length)).toBe(0);
    expect(await seriousViolations(panel)).toEqual([]);
    // The header: the fact-check button's label on one line at a narrow sidebar's width.
    await panel.setViewport({ width: 320, height: 700 });
    const lines = await panel.$eval('.panel-header .check-page', (b) => {
      const s = getComputedStyle(b);
      const inner = b.getBoundingClientRect().height - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
      return Math.round(inner / (parseFloat(s.lineHeight) || 18));
    });
    expect(lines).toBe(1);
    if (colorScheme === 'light') await screenshotForDocs(panel, 'firefox-sidepanel-first-run');

    await clickButton(panel, 'Add a search key');
    // The options tab, as the extension sees its tabs (puppeteer's BiDi targets miss a tab an extension opens on its own page).
    const optionsTab = `${EXTENSION_ORIGIN}/options.html#options-search`;
    await panel.waitForFunction(
      async (u) => {
        const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ url?: string }>> } } })
          .browser;
        return (await api.tabs.query({})).some((t) => t.url === u);
      },
      { timeout: 15_000 },
      optionsTab,
    );

    await clickButton(panel, 'Got it');
    await panel.waitForFunction(() => !document.querySelector('section.welcome'), { timeout: 5_000 });
    await panel.close();
    const again = await firefox.openSidePanel();
    await again.waitForSelector('main.panel');
    await new Promise((r) => setTimeout(r, 500));
    expect(await again.$$eval('section.welcome', (els) => els.length)).toBe(0);
  }, 90_000);
});
