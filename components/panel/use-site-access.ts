import { useEffect, useMemo, useState } from 'react';
import { followSiteAccess, hasSiteAccess, requestSiteAccess } from '@/lib/options/host-access';
import { createSiteAccessFlow, type SiteAccessFlow, type SiteAccessView } from './site-access-flow';

export type SiteAccess = SiteAccessView & Pick<SiteAccessFlow, 'withAccess' | 'allow'>;

/** Access to websites, asked for at first use (./site-access-flow), followed as it is granted or taken back. */
export function useSiteAccess(): SiteAccess {
  const [view, setView] = useState<SiteAccessView>({ state: 'unknown', waiting: false });
  const flow = useMemo(() => createSiteAccessFlow({ has: hasSiteAccess, request: requestSiteAccess }, setView), []);
  useEffect(() => followSiteAccess((granted) => flow.known(granted)), [flow]);
  return { ...view, withAccess: flow.withAccess, allow: flow.allow };
}
