import { archivedCopyUrl } from '../lib/search/wayback';

/** One page read, and the archive's address for its copy closest to when it was read. */
export interface ArchivedLink {
  url: string;
  retrievedAt: string;
  /** `{web}/web/<YYYYMMDDhhmmss>/<url>`: the Wayback Machine answers it with its snapshot closest to that time. */
  archived: string;
}

/**
 * The archived links of the pages the evidence came from, one per page, in order of first use. No
 * request is made: the archive resolves the time to its closest snapshot when the link is opened
 * (the extension asks its availability API first, to say whether there is one).
 */
export function archivedLinks(evidence: ReadonlyArray<{ url: string; retrievedAt: string }>): ArchivedLink[] {
  const seen = new Set<string>();
  const out: ArchivedLink[] = [];
  for (const e of evidence) {
    if (seen.has(e.url)) continue;
    seen.add(e.url);
    const archived = archivedCopyUrl(e.url, e.retrievedAt);
    if (archived) out.push({ url: e.url, retrievedAt: e.retrievedAt, archived });
  }
  return out;
}
