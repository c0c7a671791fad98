import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave, startFakeWikipedia } from '../fakes/search-servers';
import { ask, launchExtension, saveOptions, type ExtensionBrowser } from './harness';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Extension pages forbid inline scripts (CSP script-src 'self'), so addScriptTag is blocked;
  // evaluating the source through the DevTools protocol is not subject to the page's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** Checks light and dark: contrast differs between the two themes. */
async function violationsInBothThemes(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    out.push(...(await seriousViolations(page)).map((v) => `[${colorScheme}] ${v}`));
  }
  return out;
}

describe('accessibility: axe-core finds no serious or critical violation', () => {
  let site: FixtureSite;
  let wikipedia: Awaited<ReturnType<typeof startFakeWikipedia>>;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;

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
    brave = await startFakeBrave({ apiKey: 'right-key', results: () => [] });
    browser = await launchExtension();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), wikipedia?.close(), brave?.close()]);
  });

  it('the options page: as loaded, with a model endpoint, test results and field errors shown', async () => {
    const page = await browser.openOptions();
    await page.waitForSelector('form');
    expect(await violationsInBothThemes(page)).toEqual([]);

    await page.locator('select[name=model-preset]').selectOption('ollama');
    await page.locator('input[name=brave-base-url]').fill(brave.baseUrl);
    await page.locator('input[name=brave-key]').fill('wrong-key');
    const section = page.locator('fieldset[data-provider=brave]');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await section.getByText('Key rejected.').waitFor();
    await page.locator('textarea[name=allow-domains]').fill('not a domain');
    await page.locator('input[name=max-pages]').fill('99');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('Not saved').waitFor();
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.close();
  });

  it('the side panel: empty, and showing a cited answer with its sources and trace', async () => {
    const options = await browser.openOptions();
    await saveOptions(options, { wikipediaBaseUrl: wikipedia.baseUrl });
    await options.close();

    const panel = await browser.openSidePanel();
    await panel.locator('textarea#question').waitFor();
    expect(await violationsInBothThemes(panel)).toEqual([]);

    const tab = await browser.context.newPage();
    await tab.goto(site.urlOf('stats-office.test', '/population'));
    await panel.bringToFront();
    expect(await ask(panel, 'How many residents did Exampleville have in 2026?', 'window')).toBe('grounded');
    await panel.locator('details.trace summary').click();
    expect(await violationsInBothThemes(panel)).toEqual([]);
  });

  it('the side panel’s text: lists, paragraphs and controls at the root’s size, whatever Chromium gives extension pages', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(site.urlOf('stats-office.test', '/population'));
    const panel = await browser.openSidePanel();
    await panel.locator('textarea#question').waitFor();
    expect(await ask(panel, 'How many residents did Exampleville have in 2026?', 'window')).toBe('grounded');
    await panel.locator('.history li').first().waitFor();
    const sizes = await panel.evaluate(() => {
      const px = (selector: string) => [...document.querySelectorAll(selector)].map((e) => getComputedStyle(e).fontSize);
      return {
        root: getComputedStyle(document.documentElement).fontSize,
        claims: px('ul.claims li.claim'),
        sources: px('.sources ol li'),
        history: px('.history li'),
        controls: px('textarea#question, select, button[type=submit]'),
        muted: px('.sources .muted').slice(0, 1),
      };
    });
    expect(sizes.root).toBe('14px');
    for (const list of [sizes.claims, sizes.sources, sizes.history, sizes.controls]) {
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list)).toEqual(new Set(['14px']));
    }
    // Muted text stays smaller than the list item it sits in, as the stylesheet means it to.
    expect(sizes.muted).toEqual(['11.9px']);
    await Promise.all([panel.close(), tab.close()]);
  });
});
