/**
 * The Wayback Machine (issue #26): the archived copy of a cited page closest to when Spanlight read
 * it, from the keyless availability API, and the archive's own save page, which the extension opens
 * only when the person asks ("Archive this page"). Base URLs are settings, so tests use a fake archive.
 */
import { z } from 'zod';
import { requestRelease } from '../releases/release-request';
import type { FetchLike } from '../shared/fetch-like';
import { isWebUrl } from './endpoint';

const PROVIDER = 'The Wayback Machine';

/** Where the availability API answers, and where archived copies and the save page are (Settings' defaults). */
import { WAYBACK_WEB_BASE_URL } from '../settings';
export { WAYBACK_API_BASE_URL, WAYBACK_WEB_BASE_URL } from '../settings';

/** The archive's addresses (the defaults above, or a test server's). */
export interface WaybackConfig {
  /** Base of `/wayback/available`. */
  apiBaseUrl: string;
}

/** An archived copy of a page. */
export interface Snapshot {
  /** The copy's address in the archive. */
  url: string;
  /** When the archive took it, as the archive writes it: YYYYMMDDhhmmss (UTC). */
  timestamp: string;
  /** The same moment as ISO 8601. */
  archivedAt: string;
  /** The HTTP status the page answered the archive with ("200"), when the archive says. */
  status?: string;
  /** Whether the archive says the copy can be viewed (always true here: other copies are not returned). */
  available: boolean;
}

// Only what we use of the reply; `archived_snapshots` is {} when the archive holds no copy.
const ReplySchema = z.object({
  archived_snapshots: z.object({ closest: z.unknown().optional() }),
});

const ClosestSchema = z.object({
  url: z.string().refine(isWebUrl),
  timestamp: z.string().regex(/^\d{14}$/),
  status: z.string().optional().catch(undefined),
  available: z.boolean(),
});

/** An ISO date or date-time as the archive's timestamp, YYYYMMDDhhmmss in UTC; null when it is no date. */
export function waybackTimestamp(iso: string): string | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return new Date(t).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** An archive timestamp (YYYYMMDDhhmmss) as ISO 8601. */
function isoOf(timestamp: string): string {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, k) => timestamp.slice(i, k === 0 ? 4 : i + 2));
  return `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
}

/** `{base}/{path}` keeping any path the base has. */
function under(base: string, path: string): string {
  return `${base.trim().replace(/\/+$/, '')}/${path}`;
}

/**
 * The archived copy of `pageUrl` closest to `readAt` (when the page was read, ISO), or null when the
 * archive holds none that can be viewed (none at all, one marked unavailable, one the page answered
 * with an error status, or a reply whose copy is malformed). Failures of the archive itself are
 * ProviderErrors: unreachable, timeout, a status, a reply that is not JSON or not the API's shape.
 */
export async function closestSnapshot(
  pageUrl: string,
  readAt: string,
  config: WaybackConfig,
  options: { fetch: FetchLike; timeoutMs: number },
): Promise<Snapshot | null> {
  if (!isWebUrl(pageUrl)) return null;
  const url = new URL(under(config.apiBaseUrl, 'wayback/available'));
  url.searchParams.set('url', pageUrl);
  const timestamp = waybackTimestamp(readAt);
  if (timestamp) url.searchParams.set('timestamp', timestamp);
  const { body } = await requestRelease(PROVIDER, url.toString(), ReplySchema, { ...options, now: () => new Date() });
  const closest = ClosestSchema.safeParse(body?.archived_snapshots.closest);
  if (!closest.success || !closest.data.available) return null;
  const { status } = closest.data;
  if (status !== undefined && !/^[23]\d\d$/.test(status)) return null;
  return {
    url: closest.data.url,
    timestamp: closest.data.timestamp,
    archivedAt: isoOf(closest.data.timestamp),
    ...(status === undefined ? {} : { status }),
    available: true,
  };
}

/**
 * The archive's copy of `pageUrl` nearest to `at` (ISO) without asking the API: the archive
 * redirects `/web/<timestamp>/<url>` to its nearest copy. Null for a URL that is not http(s) or an `at` that is no date.
 */
export function archivedCopyUrl(pageUrl: string, at: string, webBaseUrl = WAYBACK_WEB_BASE_URL): string | null {
  const timestamp = waybackTimestamp(at);
  return isWebUrl(pageUrl) && timestamp ? under(webBaseUrl, `web/${timestamp}/${pageUrl}`) : null;
}

/**
 * The archive's "save page now" address for `pageUrl` (`{web}/save/<url>`), opened in a tab only at
 * the person's request. Null for a URL that is not http(s).
 */
export function savePageUrl(pageUrl: string, webBaseUrl = WAYBACK_WEB_BASE_URL): string | null {
  return isWebUrl(pageUrl) ? under(webBaseUrl, `save/${pageUrl}`) : null;
}
