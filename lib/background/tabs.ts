import { browser } from 'wxt/browser';
import type { Page, Warning, WarningCode } from '../shared/types';
import { warningOf } from '../shared/failure-text';
import { callContent } from '../messaging/client';
import { extractPage } from '../pages/extract';
import { MAX_PAGE_HTML_CHARS } from '../pages/page-limit';
import { parseHtmlWithLinkedom } from '../pages/parse-html';
import { normalizeUrl } from '../search/dedupe-hits';
import type { TabChoice } from '../shared/records';
import { withTextFragment, type FragmentQuote } from '../quotes/text-fragment';

const CONTENT_SCRIPT = '/content-scripts/content.js';
const MAX_TABS = 10;

/** Pages the extension cannot script (browser pages, stores, the PDF viewer), with why: the warning a skipped tab gets. */
export function unreadableReason(url: string | undefined): WarningCode | null {
  if (!url) return 'tab-no-address';
  if (!/^https?:/.test(url)) return 'tab-browser-page';
  if (/^https:\/\/(chromewebstore\.google\.com|chrome\.google\.com\/webstore|addons\.mozilla\.org)/.test(url))
    return 'tab-extension-store';
  if (/\.pdf($|[?#])/i.test(url)) return 'tab-pdf';
  return null;
}

/**
 * Injects the content script on demand: nothing of Spanlight runs in a page before it is used there.
 * A tab whose script answers already is left as it is (a script left from before an update of the
 * extension cannot answer, and is replaced).
 */
export async function ensureContentScript(tabId: number): Promise<void> {
  const live = await callContent(tabId, 'ping', {});
  if (live.ok) return;
  await browser.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT] });
}

/**
 * Reads the tabs the user chose for this question; unreadable ones are skipped, each with a warning
 * saying why, and a tab read only in part (longer than the size limit) is kept with a warning that says so.
 */
export async function readTabs(
  choice: TabChoice,
  windowId: number | undefined,
  now: () => Date,
  warn: (warning: Warning) => void,
): Promise<Page[]> {
  if (choice === 'none') return [];
  const query =
    choice === 'active'
      ? { active: true, ...(windowId === undefined ? {} : { windowId }) }
      : windowId === undefined
        ? {}
        : { windowId };
  const tabs = (await browser.tabs.query(query)).filter((t) => t.id !== undefined).slice(0, MAX_TABS);
  const pages: Page[] = [];
  for (const tab of tabs) {
    if (!tab.url || tab.url === 'about:blank' || tab.url.startsWith(browser.runtime.getURL('/'))) continue; // empty or our own
    const reason = unreadableReason(tab.url);
    if (reason) {
      warn(warningOf('page', reason, { url: tab.url ?? '' }));
      continue;
    }
    try {
      await ensureContentScript(tab.id!);
    } catch (e) {
      warn(warningOf('page', 'tab-not-scriptable', { url: tab.url ?? '', error: e instanceof Error ? e.message : String(e) }));
      continue;
    }
    const read = await callContent(tab.id!, 'readPage', {});
    if (!read.ok) {
      warn(warningOf('page', 'tab-unreadable', { url: tab.url ?? '', error: read.error }));
      continue;
    }
    const { page } = await extractPage(
      {
        html: read.value.html,
        url: read.value.url,
        lastModified: null,
        retrievedAt: now().toISOString(),
        origin: 'tab',
        tabId: tab.id!,
      },
      parseHtmlWithLinkedom,
    );
    if (page.text.length === 0) continue;
    pages.push({ ...page, title: read.value.title || page.title });
    if (read.value.cut) warn(warningOf('page', 'page-truncated', { url: read.value.url, bytes: MAX_PAGE_HTML_CHARS }));
  }
  return pages;
}

/** The web tab a fact-check reads: the one showing `url`, else the window's most recently used web tab. */
export async function pageTab(windowId: number | undefined, url?: string) {
  const tabs = (await browser.tabs.query(windowId === undefined ? {} : { windowId })).filter(
    (t) => t.id !== undefined && /^https?:/.test(t.url ?? ''),
  );
  const byUrl = url ? tabs.find((t) => t.url === url) : undefined;
  const recent = [...tabs].sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  const tab = byUrl ?? recent;
  if (!tab) throw new Error('Open the page to check in a tab of this window first.');
  return tab;
}

/**
 * Focuses the tab showing `url` (same document, any fragment), or opens it; resolves when its DOM is
 * parsed. A page the content script cannot run in (see `unreadableReason`) is opened with a text
 * fragment for the passage (`#:~:text=…`): the browser's own mark is the fallback for ours.
 */
export async function focusOrOpen(url: string, preferredTabId?: number, passage?: FragmentQuote): Promise<number> {
  const want = normalizeUrl(url);
  let tab = preferredTabId === undefined ? undefined : await browser.tabs.get(preferredTabId).catch(() => undefined);
  if (tab && (!tab.url || normalizeUrl(tab.url) !== want)) tab = undefined;
  if (!tab) tab = (await browser.tabs.query({})).find((t) => t.url && normalizeUrl(t.url) === want);
  if (tab?.id !== undefined) {
    await browser.tabs.update(tab.id, { active: true });
    if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
    return tab.id;
  }
  const fragment = passage && unreadableReason(url) !== null;
  const created = await browser.tabs.create({ url: fragment ? withTextFragment(url, passage) : url, active: true });
  await waitForDocument(created.id!, url);
  return created.id!;
}

/**
 * Resolves when the tab shows `url` with its DOM parsed (readyState interactive or complete). Polls
 * the document itself: a real page's "complete" can wait on slow subresources, and tab events can
 * fire before a listener exists.
 */
export async function waitForDocument(tabId: number, url: string, timeoutMs = 20_000): Promise<void> {
  const want = normalizeUrl(url);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const state = await browser.scripting
      .executeScript({ target: { tabId }, func: () => [location.href, document.readyState] as const })
      .then((r) => r[0]?.result)
      .catch(() => undefined);
    if (state && normalizeUrl(state[0]) === want && state[1] !== 'loading') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Where the content script could not run after all (a page that refuses extensions), the tab is sent
 * to the passage's text fragment, so the browser marks it by itself.
 */
export async function showTextFragment(tabId: number, url: string, passage: FragmentQuote): Promise<void> {
  await browser.tabs.update(tabId, { url: withTextFragment(url, passage) }).catch(() => undefined);
}
