import { browser } from 'wxt/browser';
import { t } from '../i18n';

/** Spanlight reads whatever pages a search finds, so a question needs access to every site. */
const ALL_SITES = { origins: ['<all_urls>'] };

/**
 * Why a question or a fact-check cannot start, with how to grant what is missing, when the user
 * withheld access to websites (Firefox treats an MV3 extension's host permissions as optional;
 * Chrome lets people restrict site access); null when access is granted or the browser cannot tell.
 */
export async function missingSiteAccess(): Promise<string | null> {
  let granted = true;
  try {
    granted = await browser.permissions.contains(ALL_SITES);
  } catch {
    // The browser cannot tell (no permissions API): let the work run and fail with its own reasons.
  }
  if (granted) return null;
  return t(import.meta.env.FIREFOX ? 'noSiteAccessFirefox' : 'noSiteAccessChrome');
}

/** Refuses to start work that cannot succeed: without access to websites nothing can be searched or read. */
export async function requireSiteAccess(): Promise<void> {
  const missing = await missingSiteAccess();
  if (missing) throw new Error(missing);
}
