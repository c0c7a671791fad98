import { registrableDomain } from '../pages/publisher';

/** Whether a URL is on one of these registrable domains or a subdomain of one (primary sources, the allow and deny lists). */
export function onDomains(domains: string[]): (url: string) => boolean {
  const set = new Set(domains.map((d) => d.toLowerCase()));
  return (url) => {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      return false;
    }
    if (set.has(registrableDomain(url))) return true;
    for (const d of set) if (host === d || host.endsWith(`.${d}`)) return true;
    return false;
  };
}
