import { getDomain, getHostname } from 'tldts';

/** Registrable domain of a URL (tldts), falling back to the host name. */
export function registrableDomain(url: string): string {
  return getDomain(url, { allowPrivateDomains: true }) ?? getHostname(url) ?? url;
}

/**
 * Registrable domains that belong to one publisher: independence is counted by who publishes, not by
 * the domain name (Wikipedia and Wikidata are both the Wikimedia Foundation's, edited by one community;
 * a package registry's API and its website are one registry).
 */
const SAME_PUBLISHER: Record<string, string> = {
  'wikipedia.org': 'wikipedia.org',
  'wikidata.org': 'wikipedia.org',
  'wikimedia.org': 'wikipedia.org',
  'wiktionary.org': 'wikipedia.org',
  'wikisource.org': 'wikipedia.org',
  'npmjs.org': 'npmjs.com',
  'npmjs.com': 'npmjs.com',
  'pypi.org': 'pypi.org',
  'pythonhosted.org': 'pypi.org',
  'crates.io': 'crates.io',
  'github.com': 'github.com',
  'githubusercontent.com': 'github.com',
};

/** The publisher a URL is counted as for independence: its registrable domain, grouped by owner. */
export function publisherOf(url: string): string {
  const domain = registrableDomain(url);
  return SAME_PUBLISHER[domain] ?? domain;
}
