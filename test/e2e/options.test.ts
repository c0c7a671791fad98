import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { serveSearxng, serveTavily, startFakeBrave, type ProviderFake } from '../fakes/search-servers';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { launchExtension, saveOptions, type ExtensionBrowser } from './harness';

const BRAVE_KEY = 'brave-key-7f3a91';
const FACT_CHECK_KEY = 'fct-key-never-shown-9f3a';
const TAVILY_KEY = 'tvly-key-5c2e80';
const MODEL_KEY = 'sk-model-key-e41d06';

const fixture = (name: string): unknown => JSON.parse(readFileSync(`test/fixtures/search/${name}.json`, 'utf8'));

/** The "Test connection" result of one provider's settings, once a test has finished. */
async function testProvider(page: Page, provider: string): Promise<string> {
  const section = page.locator(`fieldset[data-provider=${provider}]`);
  return runTest(section, section.getByRole('button', { name: 'Test connection' }));
}

async function runTest(section: Locator, button: Locator, result: Locator = section.locator('.test-result').last()) {
  await button.click();
  await expect
    .poll(async () => (await button.isEnabled()) && !((await result.textContent()) ?? '').includes('Testing'))
    .toBe(true);
  return (await result.textContent()) ?? '';
}

/** A port nothing listens on: a server started and closed again. */
async function closedOrigin(): Promise<string> {
  const server: FakeServer = await startFakeServer(() => undefined);
  await server.close();
  return server.origin;
}

describe('options page: "Test connection", the model list, write-only keys', () => {
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let tavily: ProviderFake;
  let searxngNoJson: ProviderFake;
  let model: FakeOpenAi;
  let ollama: FakeServer;
  let browser: ExtensionBrowser;
  let page: Page;

  beforeAll(async () => {
    brave = await startFakeBrave({
      apiKey: BRAVE_KEY,
      results: () => [
        { url: 'https://one.example/a', title: 'One', description: 'first' },
        { url: 'https://two.example/b', title: 'Two', description: 'second' },
        { url: 'https://three.example/c', title: 'Three', description: 'third' },
      ],
    });
    tavily = await serveTavily({ apiKey: TAVILY_KEY, body: fixture('tavily') });
    // An instance whose settings.yml lists only html: SearXNG answers format=json with 403.
    searxngNoJson = await serveSearxng({ body: fixture('searxng'), formats: ['html'] });
    model = await startFakeOpenAi({ apiKey: MODEL_KEY, reply: () => '{"ok": true}' });
    // What Ollama does for an origin not in OLLAMA_ORIGINS: 403 with an empty body.
    ollama = await startFakeServer((_req, res) => {
      res.writeHead(403);
      res.end();
    });
    browser = await launchExtension();
    page = await browser.openOptions();
    await page.waitForSelector('form');
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([brave?.close(), tavily?.close(), searxngNoJson?.close(), model?.close(), ollama?.close()]);
  });

  it('Brave: works with N results, key rejected with a wrong key, unreachable on a closed port', async () => {
    await page.locator('input[name=brave-base-url]').fill(brave.baseUrl);
    await page.locator('input[name=brave-key]').fill(BRAVE_KEY);
    expect(await testProvider(page, 'brave')).toContain('Works (3 results).');
    // The real adapter spoke Brave's protocol with the typed (unsaved) key.
    expect(brave.requests.at(-1)?.headers['x-subscription-token']).toBe(BRAVE_KEY);

    await page.locator('input[name=brave-key]').fill('wrong-key');
    const rejected = await testProvider(page, 'brave');
    expect(rejected).toContain('Key rejected.');
    expect(rejected).toContain('Brave Search rejected the key (401)');

    const dead = await closedOrigin();
    await page.locator('input[name=brave-base-url]').fill(`${dead}/res/v1/web/search`);
    await page.locator('input[name=brave-key]').fill(BRAVE_KEY);
    const unreachable = await testProvider(page, 'brave');
    expect(unreachable).toContain('Unreachable.');
    expect(unreachable).toContain(`Brave Search is unreachable at ${dead}`);
  });

  it('Tavily works; a SearXNG instance without JSON output says "JSON format disabled" and how to fix it', async () => {
    await page.locator('input[name=tavily-base-url]').fill(tavily.baseUrl);
    await page.locator('input[name=tavily-key]').fill(TAVILY_KEY);
    expect(await testProvider(page, 'tavily')).toMatch(/Works \(\d+ results?\)\./);
    expect(tavily.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TAVILY_KEY}`);

    await page.locator('input[name=searxng-base-url]').fill(searxngNoJson.baseUrl);
    const searxng = await testProvider(page, 'searxng');
    expect(searxng).toContain('JSON format disabled.');
    expect(searxng).toContain('settings.yml');
  });

  it('a saved key is never in the page again, and tests use it from storage', async () => {
    await page.locator('input[name=provider-brave]').setChecked(true);
    await page.locator('input[name=brave-base-url]').fill(brave.baseUrl);
    await page.locator('input[name=brave-key]').fill(BRAVE_KEY);
    await page.locator('select[name=model-preset]').selectOption('custom');
    await page.locator('input[name=model-base-url]').fill(model.baseUrl);
    await page.locator('input[name=model-key]').fill(MODEL_KEY);
    await page.locator('input[name=model-name]').fill('fake-model');
    // Google Fact Check Tools (Settings → Sources): stored like the providers' keys (issue #26).
    await expect
      .poll(() => page.locator('fieldset[data-source=fact-check-tools]').getByText('No key saved yet.').count())
      .toBe(1);
    await page.locator('input[name=fact-check-tools-base-url]').fill(brave.baseUrl);
    await page.locator('input[name=fact-check-tools-key]').fill(FACT_CHECK_KEY);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();

    const checkNoKeys = async (p: Page) => {
      const html = await p.content();
      expect(html).not.toContain(BRAVE_KEY);
      expect(html).not.toContain(MODEL_KEY);
      expect(html).not.toContain(FACT_CHECK_KEY);
      expect(await p.locator('input[name=fact-check-tools-key]').inputValue()).toBe('');
      expect(await p.locator('input[name=fact-check-tools-key]').getAttribute('type')).toBe('password');
      await p.locator('fieldset[data-source=fact-check-tools]').getByText('A key is saved').waitFor();
      expect(await p.locator('input[name=brave-key]').inputValue()).toBe('');
      expect(await p.locator('input[name=model-key]').inputValue()).toBe('');
      expect(await p.locator('input[name=model-key]').getAttribute('type')).toBe('password');
      await p.locator('fieldset[data-provider=brave]').getByText('A key is saved').waitFor();
      await p.locator('fieldset[data-section=model]').getByText('A key is saved').waitFor();
    };
    await checkNoKeys(page);

    const reopened = await browser.openOptions();
    await reopened.waitForSelector('form');
    await checkNoKeys(reopened);
    // No key typed: the background uses the stored one.
    expect(await testProvider(reopened, 'brave')).toContain('Works (3 results).');
    expect(brave.requests.at(-1)?.headers['x-subscription-token']).toBe(BRAVE_KEY);
    await checkNoKeys(reopened);
    await reopened.close();
  });

  it('model: the list fetched from the endpoint is selectable; test connection works, and a wrong key is rejected', async () => {
    const section = page.locator('fieldset[data-section=model]');
    await page.locator('select[name=model-preset]').selectOption('custom');
    await page.locator('input[name=model-base-url]').fill(model.baseUrl);
    await page.locator('input[name=model-name]').fill('');

    const listed = await runTest(
      section,
      section.getByRole('button', { name: 'Load the model list' }),
      section.getByRole('status', { name: 'Model list result' }),
    );
    expect(listed).toContain('Works (1 model).');
    const list = page.locator('select[name=model-list]');
    expect(await list.locator('option').allTextContents()).toContain('fake-model');
    await list.selectOption('fake-model');
    expect(await page.locator('input[name=model-name]').inputValue()).toBe('fake-model');

    const chatsBefore = model.chats.length;
    const works = await runTest(section, section.getByRole('button', { name: 'Test connection' }));
    expect(works).toContain('Works.');
    expect(works).toContain('answered in');
    expect(model.chats.length).toBe(chatsBefore + 1);
    expect(model.chats.at(-1)?.model).toBe('fake-model');
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${MODEL_KEY}`); // the stored key

    await page.locator('input[name=model-key]').fill('sk-wrong');
    const rejected = await runTest(section, section.getByRole('button', { name: 'Test connection' }));
    expect(rejected).toContain('Key rejected.');
    expect(rejected).toContain('rejected the key (401)');
    await page.locator('input[name=model-key]').fill('');
  });

  it('Ollama: the preset fills its base URL, and a 403 shows the OLLAMA_ORIGINS fix', async () => {
    const section = page.locator('fieldset[data-section=model]');
    await page.locator('select[name=model-preset]').selectOption('ollama');
    expect(await page.locator('input[name=model-base-url]').inputValue()).toBe('http://localhost:11434/v1');
    await page.locator('input[name=model-base-url]').fill(`${ollama.origin}/v1`);
    await page.locator('input[name=model-name]').fill('llama3.2');
    const refused = await runTest(section, section.getByRole('button', { name: 'Test connection' }));
    expect(refused).toContain('Refused.');
    expect(refused).toContain('OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*');
    // Ollama sees the extension's origin: that is what it refuses.
    expect(ollama.requests.at(-1)?.headers.origin).toMatch(/^chrome-extension:\/\//);
  });

  it('domain lists are validated line by line, saved normalised, and the rest of the settings round-trip', async () => {
    const fresh = await browser.openOptions();
    await fresh.waitForSelector('form');
    await fresh.locator('textarea[name=deny-domains]').fill('spam.example\nnot a domain\n');
    await fresh.getByRole('button', { name: 'Save' }).click();
    await fresh.getByRole('alert').getByText('Not saved').waitFor();
    const deny = fresh.locator('textarea[name=deny-domains]');
    expect(await deny.getAttribute('aria-invalid')).toBe('true');
    expect(await fresh.locator('.field-error').first().textContent()).toContain('not a domain');

    await deny.fill('spam.example\nhttps://www.Content-Farm.example/page\n*.ads.example\n');
    await fresh.locator('textarea[name=allow-domains]').fill('census.example');
    await fresh.locator('input[name=require-primary]').setChecked(true);
    await fresh.locator('input[name=min-domains]').fill('3');
    await fresh.locator('select[name=freshness]').selectOption('days');
    await fresh.locator('input[name=freshness-days]').fill('90');
    await fresh.locator('input[name=max-pages]').fill('6');
    await fresh.locator('input[name=max-spans]').fill('4');
    await fresh.locator('input[name=price-input]').fill('0.15');
    await fresh.locator('input[name=price-output]').fill('0.6');
    await fresh.locator('input[name=price-search]').fill('0.005');
    expect(await fresh.locator('input[name=judge]').isChecked()).toBe(true); // on by default
    await fresh.locator('input[name=judge]').setChecked(false);
    await fresh.getByRole('radio', { name: /Never read my tabs/ }).check();
    await fresh.locator('select[name=model-structured]').selectOption('json_object');
    await fresh.locator('select[name=model-temperature]').selectOption('no');
    await fresh.getByRole('button', { name: 'Save' }).click();
    await fresh.getByText('Saved.').waitFor();
    await fresh.close();

    const again = await browser.openOptions();
    await again.waitForSelector('form');
    expect(await again.locator('textarea[name=deny-domains]').inputValue()).toBe(
      'spam.example\nwww.content-farm.example\nads.example',
    );
    expect(await again.locator('textarea[name=allow-domains]').inputValue()).toBe('census.example');
    expect(await again.locator('input[name=require-primary]').isChecked()).toBe(true);
    expect(await again.locator('input[name=min-domains]').inputValue()).toBe('3');
    expect(await again.locator('input[name=freshness-days]').inputValue()).toBe('90');
    expect(await again.locator('input[name=max-pages]').inputValue()).toBe('6');
    expect(await again.locator('input[name=max-spans]').inputValue()).toBe('4');
    expect(await again.locator('input[name=price-search]').inputValue()).toBe('0.005');
    expect(await again.locator('input[name=judge]').isChecked()).toBe(false);
    expect(await again.getByRole('radio', { name: /Never read my tabs/ }).isChecked()).toBe(true);
    expect(await again.locator('select[name=model-structured]').inputValue()).toBe('json_object');
    expect(await again.locator('select[name=model-temperature]').inputValue()).toBe('no');
    await again.close();

    // "Never": the side panel offers no tab choice at all.
    const panel = await browser.openSidePanel();
    await panel.getByText('Open tabs are never read').waitFor();
    expect(await panel.locator('select#tabs').count()).toBe(0);
    await panel.close();

    // "Always": the panel's choice starts at the tabs of this window.
    const last = await browser.openOptions();
    await last.getByRole('radio', { name: /Read the tabs in the current window/ }).check();
    await saveOptions(last, {});
    await last.close();
    const panel2 = await browser.openSidePanel();
    await expect.poll(() => panel2.locator('select#tabs').inputValue()).toBe('window');
    await panel2.close();
  });

  it('release sources: a checkbox each, all on in a fresh profile, an unticked one stays off after saving', async () => {
    const fresh = await browser.openOptions();
    await fresh.waitForSelector('form');
    const group = fresh.getByRole('group', { name: 'Release sources (keyless)' });
    const boxes = group.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
    await group.getByRole('checkbox', { name: /npm registry/ }).setChecked(false);
    await group.getByRole('checkbox', { name: /GitHub releases/ }).setChecked(false);
    await saveOptions(fresh, {});
    await fresh.close();

    const again = await browser.openOptions();
    await again.waitForSelector('form');
    const saved = again.getByRole('group', { name: 'Release sources (keyless)' });
    const state = await Promise.all(
      (await saved.getByRole('checkbox').all()).map(async (b) => [await b.getAttribute('name'), await b.isChecked()]),
    );
    expect(state).toEqual([
      ['release-endoflife', true],
      ['release-npm', false],
      ['release-pypi', true],
      ['release-crates', true],
      ['release-github', false],
    ]);
    await saved.getByRole('checkbox', { name: /npm registry/ }).setChecked(true);
    await saved.getByRole('checkbox', { name: /GitHub releases/ }).setChecked(true);
    await saveOptions(again, {});
    await again.close();
  });

  it('sections with a table of contents; Save, and whether there is something to save, always in view', async () => {
    const fresh = await browser.openOptions();
    await fresh.waitForSelector('form');
    const toc = fresh.getByRole('navigation', { name: 'Sections' });
    expect(await toc.getByRole('link').allTextContents()).toEqual([
      'Search providers',
      'Model',
      'Sources',
      'Budgets and cost',
      'Privacy',
      'Storage',
    ]);
    const save = fresh.getByRole('button', { name: 'Save', exact: true });
    const inView = (l: Locator) =>
      l.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
      });
    const height = await fresh.evaluate(() => document.documentElement.scrollHeight);
    const viewport = await fresh.evaluate(() => window.innerHeight);
    console.log(`options page: ${height} px tall in a ${viewport} px window`);
    expect(height).toBeGreaterThan(viewport * 2); // long enough that where Save sits matters
    expect(await inView(save)).toBe(true);

    // A link goes to its section; Save is still in view there, and says a change is not saved yet.
    await toc.getByRole('link', { name: 'Budgets and cost' }).click();
    const budgets = fresh.locator('#options-budgets');
    await expect.poll(() => budgets.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(60);
    expect(await inView(toc)).toBe(true);
    expect(await inView(save)).toBe(true);
    // A value other than the saved one (an earlier test saved 6).
    const maxPages = fresh.locator('input[name=max-pages]');
    await maxPages.fill((await maxPages.inputValue()) === '6' ? '7' : '6');
    await expect.poll(() => fresh.locator('.save-row').textContent()).toContain('Changes not saved yet.');
    await save.click();
    await fresh.getByText('Saved.').waitFor();
    expect(await inView(fresh.getByText('Saved.'))).toBe(true);

    // "Test connection" is still beside each provider.
    for (const fieldset of await fresh.locator('fieldset[data-provider]').all())
      expect(await fieldset.getByRole('button', { name: 'Test connection' }).count()).toBe(1);
    expect(await fresh.locator('fieldset[data-provider]').count()).toBe(6);
    await fresh.close();
  });
});
