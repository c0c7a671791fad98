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
  if (origins.length === 0 || !browser.permissions?.request) return [];
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
