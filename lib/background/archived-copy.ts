import { browser } from 'wxt/browser';
import { readSettings, type SpanlightDb } from '../db/database';
import { closestSnapshot, savePageUrl, type Snapshot } from '../search/wayback';
import type { EvidenceSpan } from '../shared/types';

/** How long the archive's availability API is given. */
const ARCHIVE_TIMEOUT_MS = 15_000;

/**
 * The Wayback Machine's copy of a cited passage's page closest to when it was read, from the
 * archive the settings name; null when it holds none. The archive names its copies with http:
 * a copy on the configured web host is opened there as configured (https), so no redirect is waited on.
 */
export async function archivedCopyOf(db: SpanlightDb, span: EvidenceSpan): Promise<Snapshot | null> {
  const { wayback } = await readSettings(db);
  const snapshot = await closestSnapshot(
    span.url,
    span.retrievedAt,
    { apiBaseUrl: wayback.apiBaseUrl },
    { fetch: (input, init) => fetch(input, init), timeoutMs: ARCHIVE_TIMEOUT_MS },
  );
  if (!snapshot) return null;
  const copy = new URL(snapshot.url);
  const web = new URL(wayback.webBaseUrl);
  if (copy.hostname === web.hostname && copy.protocol !== web.protocol) {
    copy.protocol = web.protocol;
    copy.port = web.port;
  }
  return { ...snapshot, url: copy.toString() };
}

/** Opens the archive's save page for the passage's page in a new tab: only ever on the person's click. */
export async function openSavePage(db: SpanlightDb, span: EvidenceSpan): Promise<boolean> {
  const { wayback } = await readSettings(db);
  const url = savePageUrl(span.url, wayback.webBaseUrl);
  if (!url) return false;
  await browser.tabs.create({ url, active: true });
  return true;
}
