import type { SpanlightDb } from '../db/database';
import type { BackgroundCalls, Received, Value } from '../messaging/protocol';
import { callContent } from '../messaging/client';
import { passageSelector } from '../quotes/passage-selector';
import { storedAnswer } from './stored-answer';
import { ensureContentScript, focusOrOpen, showTextFragment, unreadableReason } from './tabs';
import { archivedCopyOf, openSavePage } from './archived-copy';

/**
 * Jumps to a cited passage: focus its tab, or open the page, find the stored quote in the page as it
 * is now (hinted by where it was) and highlight it, the answer's other passages of that page more
 * quietly. One look: our highlight; the browser's text fragment only where our script cannot run.
 * Not found → says so; the panel then shows the stored passage. A passage written from a JSON API's
 * data (the release sources) is not in any page: its page is only opened. With `archived`, the page
 * opened is the Wayback Machine's copy closest to when the passage was read, highlighted the same way.
 */
export async function openCitation(
  db: SpanlightDb,
  { answerId, spanId, archived }: Received<'openCitation'>,
): Promise<Value<BackgroundCalls, 'openCitation'>> {
  const answer = await storedAnswer(db, answerId);
  const span = answer.result.evidence.find((e) => e.spanId === spanId);
  if (!span) throw new Error(`${spanId} is not in this answer's evidence.`);
  if (span.textFrom === 'api') {
    // Written from the source's JSON, not read from its page: the page is opened, with no highlight to claim.
    await focusOrOpen(span.url, span.tabId);
    return {
      found: false,
      outcome: 'opened',
      message: `Opened “${span.title}”: this passage was written from the source's data (a JSON API), not read from the page, so nothing is highlighted there.`,
    };
  }
  let pageUrl = span.url;
  if (archived) {
    const copy = await archivedCopyOf(db, span);
    if (!copy) return { found: false, outcome: 'no-archive', message: 'The Wayback Machine holds no copy of this page.' };
    pageUrl = copy.url;
  }
  const quote = passageSelector(span);
  const tabId = await focusOrOpen(pageUrl, archived ? undefined : span.tabId, quote);
  try {
    await ensureContentScript(tabId);
  } catch {
    // Our highlight cannot run here: the browser's own text fragment is the fallback (a page
    // known to be closed to scripts was opened with it already).
    if (unreadableReason(pageUrl) === null) await showTextFragment(tabId, pageUrl, quote);
    return {
      found: false,
      outcome: 'not-readable',
      message: 'This page does not allow extensions to read it; the stored passage is shown below.',
    };
  }
  // Passages of one page share its URL string.
  const others = answer.result.evidence
    .filter((e) => e.spanId !== spanId && e.url === span.url && e.text.length <= 20_000)
    .slice(0, 20)
    .map(passageSelector);
  const outcome = await callContent(tabId, 'highlight', { ...quote, others });
  const when = new Date(span.retrievedAt).toLocaleString();
  const where = archived ? 'the archived copy' : 'the page as it is now';
  if (outcome.ok && outcome.value.found) {
    return outcome.value.exact === false
      ? {
          found: true,
          outcome: 'closest',
          message: `Highlighted in “${span.title}”: the closest match, worded slightly differently from the passage retrieved ${when}.`,
        }
      : { found: true, outcome: 'highlighted', message: `Highlighted in “${span.title}”.` };
  }
  return {
    found: false,
    outcome: 'not-found',
    message: `The passage was not found in ${where}; it may have changed since ${when}. The stored passage is shown below.`,
  };
}

/** "Archive this page": the archive's save page for a cited passage's page, in a new tab. */
export async function archivePage(
  db: SpanlightDb,
  { answerId, spanId }: Received<'archivePage'>,
): Promise<Value<BackgroundCalls, 'archivePage'>> {
  const answer = await storedAnswer(db, answerId);
  const span = answer.result.evidence.find((e) => e.spanId === spanId);
  if (!span) throw new Error(`${spanId} is not in this answer's evidence.`);
  return { opened: await openSavePage(db, span) };
}
