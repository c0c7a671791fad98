import { browser } from 'wxt/browser';

/** Host match patterns ("https://host/*") for http(s) URLs; ports are not part of a match pattern. */
export function originPatterns(urls: string[]): string[] {
  const patterns = new Set<string>();
  for (const u of urls) {
    try {
      const url = new URL(u.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') patterns.add(`${url.protocol}//${url.hostname}/*`);
    } catch {
      // Not a URL: nothing to ask for.
    }
  }
  return [...patterns];
}

/**
 * Asks for access to the hosts the user typed. Firefox (MV3) lets people withhold host access and
 * Chrome lets them restrict it; where access is already granted this resolves at once, without a
 * prompt. Must be called straight from a click or submit handler, before any await: the browser
 * allows the prompt only during a user action. Resolves to the patterns still not granted.
 */
export async function requestHostAccess(urls: string[]): Promise<string[]> {
  const origins = originPatterns(urls);
  // Every site granted covers these: Chrome would prompt again for a host inside it.
  if (origins.length === 0 || !browser.permissions?.request || allSitesGranted) return [];
  try {
    if (await browser.permissions.request({ origins })) return [];
  } catch {
    // A host the manifest does not cover, or no user action: report below what is missing.
  }
  const missing: string[] = [];
  for (const origin of origins) {
    const granted = await browser.permissions.contains({ origins: [origin] }).catch(() => false);
    if (!granted) missing.push(origin);
  }
  return missing;
}

/**
 * Access to every site: Spanlight reads whatever pages a search finds, the pages an answer cites
 * and the tab being checked. It is an optional host permission (wxt.config.ts), asked for when a
 * question or a fact-check first needs it, never at install.
 */
export const ALL_SITES = { origins: ['<all_urls>'] };

/** Whether access to every site is granted; true when the browser cannot tell (the work then fails with its own reasons). */
export async function hasSiteAccess(): Promise<boolean> {
  try {
    return await browser.permissions.contains(ALL_SITES);
  } catch {
    return true;
  }
}

/**
 * Asks the browser for access to every site; it prompts the person, or answers at once when access
 * is already granted. Must be called straight from a click, before any await: browsers allow the
 * prompt only during a user action. Resolves to whether access is granted.
 */
export async function requestSiteAccess(): Promise<boolean> {
  try {
    return await browser.permissions.request(ALL_SITES);
  } catch {
    // No user action, or no permissions API: granted only if it already was.
    return hasSiteAccess();
  }
}

/** Whether access to every site was granted when last looked at (see `followSiteAccess`). */
let allSitesGranted = false;

/**
 * Keeps track of whether every site is granted, so that a click can know it before any await
 * (a page calls it once as it opens); returns a function that stops following.
 */
export function followSiteAccess(onChange?: (granted: boolean) => void): () => void {
  let alive = true;
  const check = () =>
    void hasSiteAccess().then((granted) => {
      if (!alive) return;
      allSitesGranted = granted;
      onChange?.(granted);
    });
  check();
  browser.permissions?.onAdded?.addListener(check);
  browser.permissions?.onRemoved?.addListener(check);
  return () => {
    alive = false;
    browser.permissions?.onAdded?.removeListener(check);
    browser.permissions?.onRemoved?.removeListener(check);
  };
}
