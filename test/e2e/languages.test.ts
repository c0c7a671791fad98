/**
 * The browser's language chooses the catalogue: the same profile in German shows the panel and
 * the options page in German, with dates and numbers written the German way (Intl).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { articleHtml, startFixtureSite, type FixtureSite } from '../fakes/fixture-site';
import { startFakeBrave } from '../fakes/search-servers';
import { ask, launchExtension, saveOptions, type ExtensionBrowser } from './harness';

const CENSUS =
  'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.';
const GROWTH = 'City planners said the number of Exampleville residents grew by 3.4 percent in 2025, driven by new arrivals.';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const out: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const found = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } })
        .axe;
      return (await axe.run()).violations.map((v) => `${v.impact} ${v.id}`);
    });
    out.push(...found.filter((v) => v.startsWith('serious') || v.startsWith('critical')).map((v) => `[${colorScheme}] ${v}`));
  }
  return out;
}

describe('the browser in German', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let browser: ExtensionBrowser;
  let onlyCensus = false;

  beforeAll(async () => {
    site = await startFixtureSite([
      {
        host: 'stats-office.test',
        path: '/population',
        html: articleHtml({ title: 'Exampleville census 2026', published: '2026-02-10T09:00:00Z', paragraphs: [CENSUS] }),
      },
      {
        host: 'city-news.test',
        path: '/growth',
        html: articleHtml({ title: 'Exampleville keeps growing', paragraphs: [GROWTH] }),
      },
    ]);
    brave = await startFakeBrave({
      apiKey: 'bk',
      results: () => [
        { url: site.urlOf('stats-office.test', '/population'), title: 'Exampleville census 2026', description: 'census' },
        ...(onlyCensus
          ? []
          : [{ url: site.urlOf('city-news.test', '/growth'), title: 'Exampleville keeps growing', description: 'growth' }]),
      ],
    });
    // Set up in English, then the same profile opened by a German browser.
    const english = await launchExtension();
    const options = await english.openOptions();
    await saveOptions(options, {
      wikipedia: false,
      brave: true,
      braveKey: 'bk',
      braveBaseUrl: brave.baseUrl,
      model: 'extractive',
    });
    await english.close({ keepProfile: true });
    browser = await launchExtension({ profileDir: english.profileDir, locale: 'de-DE' });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), brave?.close()]);
  });

  it('the panel speaks German, and dates read the German way', async () => {
    const panel = await browser.openSidePanel();
    await panel.locator('textarea#question').waitFor();
    expect(await panel.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await panel.locator('label[for=question]').textContent()).toBe('Frage');
    expect(await panel.getByRole('button', { name: 'Fragen', exact: true }).count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Die Seite prüfen, die ich lese' }).count()).toBe(1);

    expect(await ask(panel, 'How many residents did Exampleville have on 1 January 2026?')).toBe('grounded');
    const census = panel.locator('section.sources li', { hasText: 'Exampleville census 2026' });
    expect(await census.textContent()).toContain('10.02.2026 (meta)');
    await panel.locator('article.answer button.cite').first().focus();
    expect(await panel.getByRole('tooltip').textContent()).toContain(
      'Veröffentlicht am 10.02.2026, laut den Meta-Tags der Seite',
    );
    expect(await panel.locator('section.history h2').textContent()).toBe('Verlauf');
    expect(await seriousViolations(panel)).toEqual([]);
  });

  it('a refusal says the condition that failed in German, with the best passages found', async () => {
    onlyCensus = true;
    const panel = await browser.openSidePanel();
    expect(await ask(panel, 'What did the census office report about Exampleville residents?')).toBe('abstained');
    const card = panel.locator('.card.refusal');
    expect(await card.locator('[data-condition="independent-domains"]').textContent()).toBe(
      'Nur 1 unabhängige Quelle (stats-office.test); mindestens 2 sind erforderlich.',
    );
    const best = card.getByRole('group', { name: 'Die besten gefundenen Stellen' });
    expect(await best.locator('.closest-jump').first().textContent()).toBe(`“${CENSUS}”`);
    expect(await best.locator('.closest-source').first().textContent()).toContain('10.02.2026 (meta)');
    expect(await seriousViolations(panel)).toEqual([]);
    await panel.close();
    onlyCensus = false;
  });

  it('the options page too: its sections and Save', async () => {
    const options = await browser.openOptions();
    await options.waitForSelector('form');
    expect(await options.locator('h1').textContent()).toBe('Spanlight-Einstellungen');
    expect(await options.getByRole('navigation', { name: 'Abschnitte' }).getByRole('link').allTextContents()).toEqual([
      'Suchanbieter',
      'Modell',
      'Quellen',
      'Budgets und Kosten',
      'Datenschutz',
      'Speicher',
    ]);
    expect(await options.getByRole('button', { name: 'Speichern', exact: true }).count()).toBe(1);
    expect(await seriousViolations(options)).toEqual([]);
  });
});
