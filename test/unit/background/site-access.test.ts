import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { missingSiteAccess } from '@/lib/background/site-access';

/** Makes permissions.contains answer `granted` (its typings also describe a callback form that returns void). */
function grant(granted: boolean | Error) {
  return vi
    .spyOn(browser.permissions, 'contains')
    .mockImplementation((() => (granted instanceof Error ? Promise.reject(granted) : Promise.resolve(granted))) as never);
}

describe('missingSiteAccess', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks the browser about every site: null when granted, the way to grant it when withheld', async () => {
    const contains = grant(true);
    expect(await missingSiteAccess()).toBeNull();
    expect(contains).toHaveBeenCalledWith({ origins: ['<all_urls>'] });
    grant(false);
    vi.spyOn(browser.i18n, 'getMessage').mockImplementation((key: string) => `catalogue: ${key}`);
    // This build is Chrome's (import.meta.env.FIREFOX is false): Chrome's way to grant access.
    expect(await missingSiteAccess()).toBe('catalogue: noSiteAccessChrome');
  });

  it('lets the work run when the browser cannot tell', async () => {
    grant(new Error('not implemented'));
    expect(await missingSiteAccess()).toBeNull();
  });
});
