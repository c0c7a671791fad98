import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const EXTENSION_DIR = path.resolve('.output/chrome-mv3');
/** The panel's first-run card's storage key (components/panel/welcome-card.tsx). */
export const WELCOME_KEY = 'spanlight:welcome-dismissed';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  profileDir: string;
  /** The side panel, opened as a tab (sidePanel.open needs a user gesture). */
  openSidePanel(): Promise<Page>;
  openOptions(): Promise<Page>;
  close(options?: { keepProfile?: boolean }): Promise<void>;
}

/**
 * Launches Debian's Chromium headless with the built extension and a fresh profile (or a given
 * one, to test a restart), in English unless `locale` names the browser's language. Host names under .test resolve to 127.0.0.1, where the fixture sites run; no other name resolves.
 */
export async function launchExtension(
  options: {
    profileDir?: string;
    /** More --host-resolver-rules entries (public host names sent to a local HTTPS fake, see public-hosts.ts). */
    hostRules?: string[];
    /** The browser's language ("de-DE"); English when absent. */
    locale?: string;
    /** Keep the panel's first-run card (a fresh install shows it); other tests start with it dismissed. */
    welcome?: boolean;
    /**
     * Access to websites, which the extension asks for at first use: granted beforehand as if the
     * person had accepted the browser's prompt (true, the default), or not yet asked (false).
     */
    siteAccess?: boolean;
  } = {},
): Promise<ExtensionBrowser> {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension at ${EXTENSION_DIR}: run "npx wxt build" first (npm run test:e2e does).`);
  }
  const profileDir = options.profileDir ?? (await mkdtemp(path.join(tmpdir(), 'spanlight-profile-')));
  // The build is loaded from a copy in the profile (an unpacked extension's id follows its path),
  // so a profile launched again finds the same extension with what was granted to it.
  const extensionDir = path.join(profileDir, 'extension');
  if (!options.profileDir) {
    await cp(EXTENSION_DIR, extensionDir, { recursive: true });
    if (options.siteAccess !== false) await grantSiteAccess(profileDir, extensionDir);
  }
  const context = await launch(profileDir, extensionDir, options);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  if (!options.welcome && !options.profileDir)
    await worker.evaluate(
      (key) =>
        (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set(
          { [key]: true },
        ),
      WELCOME_KEY,
    );
  const open = async (file: string) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${file}`);
    return page;
  };
  return {
    context,
    extensionId,
    profileDir,
    openSidePanel: () => open('sidepanel.html'),
    openOptions: () => open('options.html'),
    close: async ({ keepProfile = false } = {}) => {
      await context.close();
      if (!keepProfile) await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Grants the optional access to every site as a person accepting the browser's prompt would: the
 * prompt cannot be answered headless, so the profile first runs the build with that access
 * required (granted at install), then the real build, which keeps what was granted.
 */
async function grantSiteAccess(profileDir: string, extensionDir: string): Promise<void> {
  const file = path.join(extensionDir, 'manifest.json');
  const manifest = await readFile(file, 'utf8');
  const parsed = JSON.parse(manifest) as { host_permissions?: string[]; optional_host_permissions?: string[] };
  await writeFile(file, JSON.stringify({ ...parsed, host_permissions: parsed.optional_host_permissions ?? [] }));
  const first = await launch(profileDir, extensionDir, {});
  if (!first.serviceWorkers()[0]) await first.waitForEvent('serviceworker', { timeout: 15_000 });
  await first.close();
  await writeFile(file, manifest);
}

async function launch(
  profileDir: string,
  extensionDir: string,
  options: { locale?: string; hostRules?: string[] },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1000, height: 700 },
    // The browser's language: on Linux Chromium takes its UI language from LANGUAGE (not --lang),
    // and the extension's catalogue follows it.
    ...(options.locale
      ? {
          locale: options.locale,
          env: { ...process.env, LANGUAGE: options.locale.replace('-', '_'), LANG: `${options.locale.replace('-', '_')}.UTF-8` },
        }
      : {}),
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Every other name is not found at once: no test waits on, or reaches, the machine's own DNS (a
      // corpus page's links name real publishers, which a check may fetch).
      `--host-resolver-rules=${['MAP *.test 127.0.0.1', ...(options.hostRules ?? []), 'MAP * ~NOTFOUND', 'EXCLUDE localhost', 'EXCLUDE 127.0.0.1'].join(', ')}`,
      // The local HTTPS fakes for public host names use a self-signed certificate.
      ...(options.hostRules?.length ? ['--ignore-certificate-errors'] : []),
    ],
  });
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
  /** The web archive's address (both its availability API and its copies). */
  waybackBaseUrl?: string;
}

/** Fills and saves the options page. */
export async function saveOptions(page: Page, input: OptionsInput): Promise<void> {
  await page.waitForSelector('form');
  if (input.wikipedia !== undefined) await page.locator('input[name=provider-wikipedia]').setChecked(input.wikipedia);
  if (input.wikipediaBaseUrl) await page.locator('input[name=wikipedia-base-url]').fill(input.wikipediaBaseUrl);
  if (input.brave !== undefined) await page.locator('input[name=provider-brave]').setChecked(input.brave);
  if (input.braveKey) await page.locator('input[name=brave-key]').fill(input.braveKey);
  if (input.braveBaseUrl) await page.locator('input[name=brave-base-url]').fill(input.braveBaseUrl);
  if (input.model)
    await page.locator('select[name=model-preset]').selectOption(input.model === 'openai' ? 'custom' : 'extractive');
  if (input.modelBaseUrl) await page.locator('input[name=model-base-url]').fill(input.modelBaseUrl);
  if (input.modelKey) await page.locator('input[name=model-key]').fill(input.modelKey);
  if (input.modelName) await page.locator('input[name=model-name]').fill(input.modelName);
  if (input.waybackBaseUrl) {
    await page.locator('input[name=wayback-api-base-url]').fill(input.waybackBaseUrl);
    await page.locator('input[name=wayback-web-base-url]').fill(input.waybackBaseUrl);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').waitFor();
}

/** Asks a question in the side panel and waits for the answer card. */
export async function ask(panel: Page, question: string, tabs: 'none' | 'active' | 'window' = 'none'): Promise<string> {
  await panel.locator('select#tabs').selectOption(tabs);
  await panel.locator('textarea#question').fill(question);
  await panel.locator('textarea#question').press('Enter');
  const answer = panel.locator('article.answer');
  await answer.waitFor({ timeout: 30_000 });
  return (await answer.getAttribute('data-mode')) ?? '';
}

/** The text currently in Spanlight's active CSS highlight on a page ('' when none). */
export function highlightedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const h = CSS.highlights.get('spanlight-active');
    if (!h) return '';
    return [...h].map((r) => r.toString()).join('');
  });
}

/** Whitespace-insensitive form for comparing a highlight with a stored passage. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** With SPANLIGHT_SCREENSHOTS=1, saves a screenshot for the README under docs/screenshots/. */
export async function screenshotForDocs(page: Page, name: string, options: { panel?: boolean } = { panel: true }): Promise<void> {
  if (!process.env.SPANLIGHT_SCREENSHOTS) return;
  if (options.panel) await page.setViewportSize({ width: 460, height: 760 });
  await page.screenshot({ path: path.resolve('docs/screenshots', `${name}.png`), fullPage: !!options.panel });
}
