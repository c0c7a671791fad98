import { t } from '../i18n';
import { hasSiteAccess } from '../options/host-access';

/**
 * Why a question or a fact-check cannot start, with how to grant what is missing, when access to
 * websites is not granted (it is asked for at first use; people can also withhold or restrict it
 * later); null when access is granted or the browser cannot tell.
 */
export async function missingSiteAccess(): Promise<string | null> {
  if (await hasSiteAccess()) return null;
  return t(import.meta.env.FIREFOX ? 'noSiteAccessFirefox' : 'noSiteAccessChrome');
}

/** Refuses to start work that cannot succeed: without access to websites nothing can be searched or read. */
export async function requireSiteAccess(): Promise<void> {
  const missing = await missingSiteAccess();
  if (missing) throw new Error(missing);
}
