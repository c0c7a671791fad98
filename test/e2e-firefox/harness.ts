import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

export const FIREFOX_EXTENSION_DIR = path.resolve('.output/firefox-mv3');
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// A fixed internal UUID (extensions.webextensions.uuids), so the extension's pages have a known address.
const UUID = '6f1c2b9e-4d3a-4e8f-9b27-5a0d1c3e7f42';
export const EXTENSION_ORIGIN = `moz-extension://${UUID}`;

export interface FirefoxExtension {
  browser: Browser;
  /** The sidebar page, opened as a tab (sidebarAction.open needs a user gesture). */
  openSidePanel(): Promise<Page>;
  openOptions(): Promise<Page>;
  /** Opens a web page in a new tab and waits for it to load. */
  openPage(url: string): Promise<Page>;
  /** The tab showing `url` (opened by the extension, say), once there is one. */
  waitForTab(url: string): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * Access to websites not yet granted: it is asked for at first use (and allowed then, without a
   * prompt to answer). By default it is granted beforehand, as if the person had accepted once.
   */
  withholdHostAccess?: boolean;
  /** The colour scheme pages see (prefers-color-scheme); light by default. */
  colorScheme?: 'light' | 'dark';
  /** Keep the panel's first-run card (a fresh install shows it); other tests start with it dismissed. */
  welcome?: boolean;
}

/** The panel's first-run card's storage key (components/panel/welcome-card.tsx). */
export const WELCOME_KEY = 'spanlight:welcome-dismissed';

/**
 * Launches Debian's Firefox ESR headless over WebDriver BiDi and installs the Firefox build as a
 * temporary add-on. Every host name resolves to 127.0.0.1, where the fixture sites run.
 */
export async function launchFirefox(options: LaunchOptions = {}): Promise<FirefoxExtension> {
  const manifestFile = path.join(FIREFOX_EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `No Firefox build at ${FIREFOX_EXTENSION_DIR}: run "npx wxt build -b firefox" first (npm run test:firefox does).`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const geckoId = manifest.browser_specific_settings?.gecko?.id;
  if (!geckoId) throw new Error(`${manifestFile} has no browser_specific_settings.gecko.id.`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1000, height: 700 },
    // Without it the remote agent refuses to navigate a tab to moz-extension:// pages.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: UUID }),
      // Firefox's test switch: every name resolves to loopback (Chromium's tests use a host-resolver rule).
      'network.dns.native-is-localhost': true,
      // 0 dark, 1 light: what prefers-color-scheme reports to pages.
      'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1,
      // What the extension asks for (permissions.request, from a click) is allowed without a prompt
      // to answer, as a person accepting it would.
      'extensions.webextOptionalPermissionPrompts': false,
      ...(options.withholdHostAccess ? { 'extensions.originControls.grantByDefault': false } : {}),
    },
  });
  try {
    await browser.installExtension(FIREFOX_EXTENSION_DIR);
  } catch (e) {
    await browser.close();
    throw e;
  }
  const open = async (url: string) => {
    const page = await browser.newPage();
    // An extension page never reports its load event to the remote agent: no lifecycle event to
    // wait for (the notes' waitUntil 'none'), then wait for the document ourselves.
    await page.goto(url, { waitUntil: [] });
    await page.waitForFunction((u) => location.href === u && document.readyState === 'complete', { timeout: 15_000 }, url);
    return page;
  };
  if (!options.withholdHostAccess) await grantSiteAccess(await open(`${EXTENSION_ORIGIN}/options.html`));
  if (!options.welcome) {
    const page = await open(`${EXTENSION_ORIGIN}/options.html`);
    await page.evaluate(
      (key) =>
        (
          globalThis as unknown as { browser: { storage: { local: { set(v: object): Promise<void> } } } }
        ).browser.storage.local.set({ [key]: true }),
      WELCOME_KEY,
    );
    await page.close();
  }
  return {
    browser,
    openSidePanel: () => open(`${EXTENSION_ORIGIN}/sidepanel.html`),
    openOptions: () => open(`${EXTENSION_ORIGIN}/options.html`),
    openPage: open,
    waitForTab: async (url) => {
      const target = await browser.waitForTarget((t) => t.url().split('#')[0] === url, { timeout: 15_000 });
      const page = await target.page();
      if (!page) throw new Error(`The tab at ${url} has no page.`);
      return page;
    },
    close: () => browser.close(),
  };
}

/**
 * Access to every site, which the extension asks for at first use, granted beforehand: a click in
 * one of its pages asks for it, as the panel's first question would, and the pref above accepts.
 */
async function grantSiteAccess(page: Page): Promise<void> {
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'grant-site-access';
    b.textContent = 'grant';
    const api = (globalThis as unknown as { browser: { permissions: { request(p: object): Promise<boolean> } } }).browser;
    b.onclick = () => void api.permissions.request({ origins: ['<all_urls>'] }).then((ok) => (b.dataset.granted = String(ok)));
    document.body.prepend(b);
  });
  await page.locator('#grant-site-access').click();
  const granted = await page.waitForFunction(() => document.querySelector<HTMLElement>('#grant-site-access')?.dataset.granted, {
    timeout: 15_000,
  });
  if ((await granted.jsonValue()) !== 'true') throw new Error('Firefox did not grant access to every site.');
  await page.close();
}

/** Settings a test fills in on the options page, as a person would. */
export interface OptionsInput {
  wikipedia?: boolean;
  wikipediaBaseUrl?: string;
  brave?: boolean;
  braveKey?: string;
  braveBaseUrl?: string;
  /** 'openai' means an OpenAI-compatible endpoint (the "custom" preset, whose base URL the test types). */
  model?: 'extractive' | 'openai';
  modelBaseUrl?: string;
  modelKey?: string;
  modelName?: string;
  maxPages?: number;
  /** The web archive's address (both its availability API and its copies). */
  waybackBaseUrl?: string;
}

/** Sets a checkbox to the wanted state by clicking it, as a person would. */
async function setChecked(page: Page, selector: string, checked: boolean): Promise<void> {
  const now = await page.$eval(selector, (e) => (e as HTMLInputElement).checked);
  if (now !== checked) await page.locator(selector).click();
}

/** Fills the options page and clicks Save; resolves to the status line shown after saving. */
export async function saveOptions(page: Page, input: OptionsInput): Promise<string> {
  await page.waitForSelector('form');
  if (input.wikipedia !== undefined) await setChecked(page, 'input[name=provider-wikipedia]', input.wikipedia);
  if (input.wikipediaBaseUrl) await page.locator('input[name=wikipedia-base-url]').fill(input.wikipediaBaseUrl);
  if (input.brave !== undefined) await setChecked(page, 'input[name=provider-brave]', input.brave);
  if (input.braveKey) await page.locator('input[name=brave-key]').fill(input.braveKey);
  if (input.braveBaseUrl) await page.locator('input[name=brave-base-url]').fill(input.braveBaseUrl);
  if (input.model) await page.select('select[name=model-preset]', input.model === 'openai' ? 'custom' : 'extractive');
  if (input.modelBaseUrl) await page.locator('input[name=model-base-url]').fill(input.modelBaseUrl);
  if (input.modelKey) await page.locator('input[name=model-key]').fill(input.modelKey);
  if (input.modelName) await page.locator('input[name=model-name]').fill(input.modelName);
  if (input.maxPages) await page.locator('input[name=max-pages]').fill(String(input.maxPages));
  if (input.waybackBaseUrl) {
    await page.locator('input[name=wayback-api-base-url]').fill(input.waybackBaseUrl);
    await page.locator('input[name=wayback-web-base-url]').fill(input.waybackBaseUrl);
  }
  await clickButton(page, 'Save');
  const status = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role=status], [role=alert]')]
        .map((e) => e.textContent?.trim() ?? '')
        .find((text) => text.startsWith('Saved') || text.startsWith('Not saved')) ?? false,
    { timeout: 15_000 },
  );
  return (await status.jsonValue()) as string;
}

/** Clicks the button whose text is `name`, as a person would. */
export async function clickButton(page: Page, name: string): Promise<void> {
  const handle = await page.waitForFunction(
    (n) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === n) ?? false,
    { timeout: 15_000 },
    name,
  );
  const button = handle.asElement();
  if (!button) throw new Error(`No button "${name}".`);
  await (button as ElementHandle<Element>).click();
}

/** Asks a question in the side panel and waits for the answer card; resolves to its mode. */
export async function ask(panel: Page, question: string, tabs: 'none' | 'active' | 'window' = 'none'): Promise<string> {
  await panel.waitForSelector('textarea#question');
  await panel.select('select#tabs', tabs);
  await panel.locator('textarea#question').fill(question);
  await clickButton(panel, 'Ask');
  const answer = await panel.waitForSelector('article.answer', { timeout: 30_000 });
  return (await answer!.evaluate((e) => e.getAttribute('data-mode'))) ?? '';
}

/** The text in Spanlight's active CSS highlight on a page ('' when none). */
export function highlightedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const h = CSS.highlights.get('spanlight-active');
    return h ? [...h].map((r) => r.toString()).join('') : '';
  });
}

/** Whitespace-insensitive form for comparing a highlight with a stored passage. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated over the remote protocol, which the page's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(): Promise<Result> } }).axe;
    return (await axe.run()).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

/**
 * With SPANLIGHT_SCREENSHOTS=1, saves a screenshot for the README under docs/screenshots/: a panel
 * whole at a sidebar's size, or a web page as it is in view.
 */
export async function screenshotForDocs(page: Page, name: string, options: { panel?: boolean } = { panel: true }): Promise<void> {
  if (!process.env.SPANLIGHT_SCREENSHOTS) return;
  if (options.panel) await page.setViewport({ width: 460, height: 760 });
  await page.screenshot({ path: path.resolve('docs/screenshots', `${name}.png`) as `${string}.png`, fullPage: !!options.panel });
}

/** One range of a named CSS highlight on a page. */
export interface HighlightRange {
  /** The highlight's name (a key of `CSS.highlights`). */
  name: string;
  /** The range's text, whitespace squashed. */
  text: string;
  /** Where the range's top lies in the document: 0 at the top, 1 at the bottom. */
  at: number;
}

/** Every range of the named CSS highlights on a page, in the order of `names`, each with where it lies. */
export function highlightRanges(page: Page, names: string[]): Promise<HighlightRange[]> {
  return page.evaluate((ns) => {
    const height = document.documentElement.scrollHeight;
    return ns.flatMap((name) =>
      [...(CSS.highlights.get(name) ?? [])].map((r) => ({
        name,
        text: r.toString().replace(/\s+/g, ' ').trim(),
        at: ((r as Range).getBoundingClientRect().top + window.scrollY) / height,
      })),
    );
  }, names);
}

/** How many elements match `selector` on a page now. */
export function countOf(page: Page, selector: string): Promise<number> {
  return page.$$eval(selector, (els) => els.length);
}

/** Waits until at least `min` elements match `selector`; resolves to how many there are then. */
export async function waitForCount(page: Page, selector: string, min: number, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    (s, m) => {
      const n = document.querySelectorAll(s).length;
      return n >= m ? n : false;
    },
    { timeout },
    selector,
    min,
  );
  return (await handle.jsonValue()) as number;
}
