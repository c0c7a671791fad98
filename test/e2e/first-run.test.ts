import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, screenshotForDocs, type ExtensionBrowser } from './harness';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations, in light and dark. */
async function violations(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const found = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }>;
          };
        }
      ).axe;
      return (await axe.run()).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        at: JSON.stringify(v.nodes.map((n) => n.target)),
      }));
    });
    out.push(
      ...found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `[${colorScheme}] ${v.id} at ${v.at}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}

/** The header's parts: each one's box, and the fact-check button's line count. */
function headerLayout(panel: Page) {
  return panel.evaluate(() => {
    const box = (sel: string) => {
      const r = document.querySelector(`.panel-header ${sel}`)!.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
    };
    const button = document.querySelector<HTMLElement>('.panel-header .check-page')!;
    const lineHeight = parseFloat(getComputedStyle(button).lineHeight) || 18;
    const style = getComputedStyle(button);
    const inner = button.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return {
      title: box('h1'),
      check: box('.check-page'),
      settings: box('.link'),
      lines: Math.round(inner / lineHeight),
      overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

const overlap = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

describe('the first minute: a card that says what mode the panel runs in and what a key or a model adds', () => {
  let browser: ExtensionBrowser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('on a fresh profile: the card, axe clean, its links to Settings, the header on one line at 320–600 px; gone after dismissing and after a restart', async () => {
    browser = await launchExtension({ welcome: true });
    let panel = await browser.openSidePanel();
    const card = panel.locator('section.welcome');
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator('h2').textContent()).toBe('How Spanlight runs here');
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Spanlight runs keyless: it searches Wikipedia');
    expect(text).toContain('checks claims by their words, numbers, names and dates');
    expect(text).toContain('adds the whole web');
    expect(text).toContain('adds verdicts that read meaning');
    // Debian's Chromium has no built-in model: the card does not offer one.
    expect(await card.locator('.welcome-builtin').count()).toBe(0);
    expect(await violations(panel)).toEqual([]);

    for (const width of [320, 400, 600]) {
      await panel.setViewportSize({ width, height: 700 });
      const h = await headerLayout(panel);
      expect(h.lines, `the fact-check button wraps at ${width} px`).toBe(1);
      expect(h.overflow, `the panel scrolls sideways at ${width} px`).toBe(false);
      expect(
        overlap(h.title, h.check) || overlap(h.title, h.settings) || overlap(h.check, h.settings),
        `header parts overlap at ${width} px`,
      ).toBe(false);
      await screenshotForDocs(panel, `sidepanel-first-run-${width}`, { panel: false });
    }
    await panel.setViewportSize({ width: 400, height: 700 });

    // One click to the right Settings section.
    const opened = browser.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Add a model' }).click();
    const options = await opened;
    await options.waitForLoadState();
    expect(new URL(options.url()).hash).toBe('#options-model');
    await options.locator('#options-model').waitFor();
    await expect
      .poll(() => options.evaluate(() => Math.abs(document.getElementById('options-model')!.getBoundingClientRect().top)))
      .toBeLessThan(50);
    await options.close();

    // Dismissed: gone, in this panel, in a panel opened again, and after the browser restarts.
    await card.getByRole('button', { name: 'Got it' }).click();
    expect(await panel.locator('section.welcome').count()).toBe(0);
    await panel.close();
    panel = await browser.openSidePanel();
    await panel.locator('main.panel').waitFor();
    await panel.waitForTimeout(500);
    expect(await panel.locator('section.welcome').count()).toBe(0);
    const profileDir = browser.profileDir;
    await browser.close({ keepProfile: true });
    browser = await launchExtension({ profileDir, welcome: true });
    panel = await browser.openSidePanel();
    await panel.locator('main.panel').waitFor();
    await panel.waitForTimeout(500);
    expect(await panel.locator('section.welcome').count()).toBe(0);
  }, 120_000);

  it('where the browser offers a built-in model, the card says so and offers to download and use it', async () => {
    await browser?.close();
    browser = await launchExtension({ welcome: true });
    // Chrome's Prompt API as a browser that has the model to download would show it (Debian's Chromium has none).
    await browser.context.addInitScript(() => {
      let state = 'downloadable';
      (globalThis as unknown as { LanguageModel: unknown }).LanguageModel = {
        availability: async () => state,
        create: async () => {
          state = 'available';
          return { destroy() {} };
        },
      };
    });
    const panel = await browser.openSidePanel();
    const offer = panel.locator('section.welcome .welcome-builtin');
    await offer.waitFor({ timeout: 10_000 });
    expect(await offer.textContent()).toContain('This browser offers a built-in model');
    await offer.getByRole('button', { name: 'Download and use it' }).click();
    await expect.poll(() => offer.textContent()).toContain("This browser's built-in model is ready");
    expect(await violations(panel)).toEqual([]);
  }, 60_000);
});
