/**
 * Access to websites is asked for when first needed, with its reason, never at install. The
 * browser's own prompt cannot be answered headless, so this suite sees the extension up to it: what
 * the manifest asks, what a fresh install holds, and what the panel says and holds back while the
 * browser asks. The suites that run questions start with access granted (harness.ts), as after a
 * person accepted; Firefox's suite follows the prompt through (e2e-firefox/site-access.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPublicHosts, type PublicHosts } from '../fakes/public-hosts';
import { wikipediaHandler } from '../fakes/wikipedia-site';
import { MOZILLA_HIT, mozillaArticle } from '../fakes/mozilla-case';
import { EXTENSION_DIR, launchExtension, screenshotForDocs, type ExtensionBrowser } from './harness';

/** The extension APIs these pages call (they run in the browser, not here). */
declare const chrome: {
  permissions: { getAll(): Promise<{ origins?: string[] }> };
  storage: { session: { set(items: object): Promise<void> } };
};

describe('Chromium: access to websites, asked for at first use', () => {
  let hosts: PublicHosts;
  let browser: ExtensionBrowser;
  let panel: Page;

  beforeAll(async () => {
    hosts = await startPublicHosts({
      'en.wikipedia.org': wikipediaHandler({ results: () => [MOZILLA_HIT], articles: { Mozilla: mozillaArticle() } }),
    });
    browser = await launchExtension({ hostRules: hosts.hostRules, siteAccess: false });
    panel = await browser.openSidePanel();
  });

  afterAll(async () => {
    await browser?.close();
    await hosts?.close();
  });

  it('the manifest asks for no site at install: every site is optional, and a fresh install holds none', async () => {
    const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
      host_permissions?: string[];
      optional_host_permissions?: string[];
    };
    expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
    expect(manifest.host_permissions ?? []).not.toContain('<all_urls>');
    const held = await panel.evaluate(() => chrome.permissions.getAll());
    expect(held.origins ?? []).toEqual([]);
  });

  it('the first question asks the browser, says why, and searches nothing until it is allowed', async () => {
    await panel.locator('textarea#question').fill('Who develops Firefox?');
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const card = panel.locator('.card.site-access[role=status]');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Your browser is asking whether Spanlight may read websites');
    expect(await card.textContent()).toContain('without your cookies');
    await screenshotForDocs(panel, 'sidepanel-site-access');
    // The prompt stays open: a bounded wait, then nothing has been searched or answered.
    await panel.waitForTimeout(1_500);
    expect(hosts.requests.length).toBe(0);
    expect(await panel.locator('article.answer').count()).toBe(0);
  });

  it('a question handed over by the context menu (no click) waits, with a button that asks', async () => {
    // One panel at a time takes a handed-over question: the first one (and its prompt) closes.
    await panel.close();
    const second = await browser.openSidePanel();
    const question = 'Who founded Mozilla?';
    await second.evaluate(
      (q) => chrome.storage.session.set({ pendingQuestion: { question: q, at: new Date().toISOString() } }),
      question,
    );
    const card = second.locator('.card.site-access[role=alert]');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Spanlight needs access to websites');
    expect(await second.locator('textarea#question').inputValue()).toBe(question);
    await screenshotForDocs(second, 'sidepanel-site-access-waiting');
    await second.getByRole('button', { name: 'Allow access to websites' }).click();
    await second.locator('.card.site-access[role=status]').waitFor({ timeout: 15_000 });
    expect(hosts.requests.length).toBe(0);
    await second.close();
  });
});
