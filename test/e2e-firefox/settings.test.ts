import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startFakeBrave } from '../fakes/search-servers';
import { clickButton, launchFirefox, saveOptions, type FirefoxExtension } from './harness';

const BRAVE_KEY = 'brave-key-firefox-51c9';
const MODEL_KEY = 'sk-model-key-firefox-7d20';

/** What the options page shows of the settings, read from its fields. */
function shown(page: Page) {
  return page.evaluate(() => {
    const value = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
    const checked = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked;
    return {
      wikipedia: checked('provider-wikipedia'),
      brave: checked('provider-brave'),
      braveBaseUrl: value('brave-base-url'),
      braveKey: value('brave-key'),
      modelPreset: value('model-preset'),
      modelBaseUrl: value('model-base-url'),
      modelName: value('model-name'),
      modelKey: value('model-key'),
      maxPages: value('max-pages'),
    };
  });
}

describe('Firefox: settings are saved, kept, and keys never come back to the page', () => {
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let firefox: FirefoxExtension;

  beforeAll(async () => {
    brave = await startFakeBrave({
      apiKey: BRAVE_KEY,
      results: () => [{ url: 'https://one.example/a', title: 'One', description: 'first' }],
    });
    firefox = await launchFirefox();
  });

  afterAll(async () => {
    await firefox?.close();
    await brave?.close();
  });

  it('saved, then shown again in a reopened page; a refused save keeps what was stored', async () => {
    const page = await firefox.openOptions();
    const input = {
      wikipedia: false,
      brave: true,
      braveKey: BRAVE_KEY,
      braveBaseUrl: brave.baseUrl,
      model: 'openai' as const,
      modelBaseUrl: 'http://127.0.0.1:9/v1',
      modelKey: MODEL_KEY,
      modelName: 'fake-model',
      maxPages: 4,
    };
    expect(await saveOptions(page, input)).toBe('Saved.');
    await page.close();

    const expected = {
      wikipedia: false,
      brave: true,
      braveBaseUrl: brave.baseUrl,
      braveKey: '',
      modelPreset: 'custom',
      modelBaseUrl: 'http://127.0.0.1:9/v1',
      modelName: 'fake-model',
      modelKey: '',
      maxPages: '4',
    };
    const reopened = await firefox.openOptions();
    await reopened.waitForSelector('form');
    expect(await shown(reopened)).toEqual(expected);
    const html = await reopened.content();
    expect(html).not.toContain(BRAVE_KEY);
    expect(html).not.toContain(MODEL_KEY);
    expect(await reopened.$eval('fieldset[data-provider=brave]', (e) => e.textContent)).toContain('A key is saved');

    // The stored key is what the background uses: "Test connection" with the key field empty.
    await reopened.$eval('fieldset[data-provider=brave]', (e) => e.scrollIntoView());
    const section = await reopened.$('fieldset[data-provider=brave]');
    const test = await section!.waitForSelector('button ::-p-text(Test connection)');
    await test!.click();
    await reopened.waitForFunction(
      () => /Works \(1 result\)/.test(document.querySelector('fieldset[data-provider=brave]')?.textContent ?? ''),
      { timeout: 15_000 },
    );
    expect(brave.requests.at(-1)?.headers['x-subscription-token']).toBe(BRAVE_KEY);

    // A bad value is refused with the field marked; nothing stored is lost.
    await reopened.locator('input[name=max-pages]').fill('99');
    await clickButton(reopened, 'Save');
    await reopened.waitForFunction(() => document.body.textContent?.includes('Not saved'), { timeout: 15_000 });
    expect(await reopened.$eval('input[name=max-pages]', (e) => e.getAttribute('aria-invalid'))).toBe('true');
    await reopened.close();
    const again = await firefox.openOptions();
    await again.waitForSelector('form');
    expect(await shown(again)).toEqual(expected);
    await again.close();
  });
});
