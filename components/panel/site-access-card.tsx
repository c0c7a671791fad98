import { t } from '@/lib/i18n';
import type { SiteAccess } from './use-site-access';

/**
 * Why Spanlight asks for access to websites: while the browser asks, when work waits for it, or
 * beside an error while access is missing (a fact-check the context menu started without it).
 */
export function SiteAccessCard({ access, error }: { access: SiteAccess; error: boolean }) {
  if (access.state === 'asking')
    return (
      <p className="card site-access" role="status">
        {t('siteAccessAsking')}
      </p>
    );
  if (access.state !== 'missing' || !(access.waiting || error)) return null;
  return (
    <div className="card site-access" role="alert">
      <p>{t('siteAccessNeeded')}</p>
      <button type="button" onClick={access.allow}>
        {t('allowSiteAccess')}
      </button>
    </div>
  );
}
