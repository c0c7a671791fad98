/**
 * The history benchmark (run by bench/run-bench.ts): a history of 10,000 answers built here, imported
 * through the panel of the built extension in Chromium, searched, typed into, exported, and
 * imported back into a fresh profile, with the answers compared by count and content hash.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension } from '../test/e2e/harness';
import { COMMON_WORD, MARKERS, exportText, historyHash, makeHistory, markerOf } from '../test/fakes/history-data';
import { importHistoryFile } from '../lib/history/import-file';
import type { CallBackground } from '../lib/history/history-caller';
import type { AnswerRecord } from '../lib/shared/records';
import { median } from './measure';

export interface HistoryFigures {
  answers: number;
  fileMegabytes: number;
  importMs: number;
  searchMedianMs: number;
  searchCommonMedianMs: number;
  settleMedianMs: number;
  settleMaxMs: number;
  exportMs: number;
  reimportMs: number;
  roundTripCount: number;
  roundTripHashEqual: boolean;
  largestImportMessageChars: number;
}

/**
 * The largest runtime message the panel's import sends for this file: its own chunking code (the
 * one the panel runs), with the background's answers replaced by "ok" (no storage involved).
 */
export async function largestImportMessage(text: string): Promise<number> {
  let largest = 0;
  const call = (async (type: string, payload: unknown) => {
    largest = Math.max(largest, JSON.stringify({ channel: 'spanlight:background', type, payload }).length);
    if (type === 'importBegin') return { ok: true, value: { importId: 'bench' } };
    if (type === 'importCommit') return { ok: true, value: { imported: 0, skipped: 0, rejected: [] } };
    return { ok: true, value: { staged: 0, rejected: 0, cancelled: true } };
  }) as CallBackground;
  const r = await importHistoryFile(new Blob([text]), call);
  if (r.kind !== 'done') throw new Error(`bench: the import chunker failed: ${JSON.stringify(r)}`);
  return largest;
}

async function importThroughPanel(panel: Page, file: string, count: number): Promise<number> {
  const t0 = performance.now();
  await panel.locator('section.history input[type=file]').setInputFiles(file);
  await panel
    .locator('section.history [role=status]')
    .getByText(new RegExp(`Imported ${count} answer`))
    .waitFor({ timeout: 600_000 });
  return performance.now() - t0;
}

async function exportThroughPanel(panel: Page, file: string): Promise<number> {
  const t0 = performance.now();
  const [download] = await Promise.all([
    panel.waitForEvent('download', { timeout: 600_000 }),
    panel.getByRole('button', { name: 'Export all (JSON)' }).click(),
  ]);
  await download.saveAs(file);
  return performance.now() - t0;
}

/** listHistory round trips from the panel page, as the panel sends them. */
async function searchTimes(panel: Page, words: string[]): Promise<{ ms: number; n: number; first?: string }[]> {
  // A string, not a function: tsx would rewrite a function's body (its __name helper is not in the page).
  return panel.evaluate(`(async () => {
    const out = [];
    for (const w of ${JSON.stringify(words)}) {
      const t0 = performance.now();
      const r = await chrome.runtime.sendMessage({ channel: 'spanlight:background', type: 'listHistory', payload: { query: w } });
      out.push({ ms: performance.now() - t0, n: r.ok ? r.value.items.length : -1, first: r.ok ? r.value.items[0]?.answerId : r.error });
    }
    return out;
  })()`);
}

/** Types a word into the panel's search box key by key; returns ms from the last keydown to the list's last change. */
async function settleAfterTyping(panel: Page, word: string, expectedFirst: string): Promise<number> {
  const box = panel.getByRole('searchbox', { name: 'Search history' });
  await box.fill('');
  await panel.waitForTimeout(600);
  await panel.evaluate(`(() => {
    const s = (window.__settle ??= { key: 0, change: 0 });
    if (!s.installed) {
      s.installed = true;
      document.querySelector('#history-search').addEventListener('keydown', () => { s.key = performance.now(); });
      new MutationObserver(() => { s.change = performance.now(); })
        .observe(document.querySelector('section.history'), { childList: true, subtree: true, characterData: true });
    }
    s.key = 0; s.change = 0;
  })()`);
  // About 10 keys a second: a fast typist.
  await box.pressSequentially(word, { delay: 100 });
  await panel.waitForTimeout(1500);
  const first = await panel.locator('section.history li').first().getAttribute('data-answer');
  if (first !== expectedFirst) throw new Error(`bench: typing “${word}” settled on ${first}, expected ${expectedFirst}`);
  const s = (await panel.evaluate('window.__settle')) as { key: number; change: number };
  return s.change - s.key;
}

export async function historyBench(count: number, log: (line: string) => void): Promise<HistoryFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spanlight-history-bench-'));
  const generated = makeHistory(count);
  const expected = historyHash(generated);
  const text = exportText(generated);
  const original = path.join(dir, 'generated.json');
  await writeFile(original, text);
  const largestImportMessageChars = await largestImportMessage(text);
  log(`history bench: ${count} answers, ${(text.length / 1e6).toFixed(1)} MB; importing through the panel…`);
  const first = await launchExtension();
  let second: Awaited<ReturnType<typeof launchExtension>> | undefined;
  try {
    const panel = await first.openSidePanel();
    await panel.locator('section.history').waitFor();
    const importMs = await importThroughPanel(panel, original, count);
    log(`history bench: imported in ${(importMs / 1000).toFixed(1)} s; searching…`);
    // The newest answer carrying each marker is the first of its results (markers are all in claims: equal scores).
    const newestWith = (m: string) => generated.findLast((_, i) => markerOf(i) === m)!.id;
    await searchTimes(panel, MARKERS.slice(90)); // warm-up
    const timed = await searchTimes(panel, MARKERS.slice(0, 40));
    timed.forEach((t, i) => {
      if (t.n !== Math.min(50, count / 100) || t.first !== newestWith(MARKERS[i]!))
        throw new Error(`bench: search for ${MARKERS[i]} gave ${t.n} rows, first ${t.first}`);
    });
    const common = await searchTimes(
      panel,
      Array.from({ length: 10 }, () => COMMON_WORD),
    );
    const settles: number[] = [];
    for (const m of MARKERS.slice(40, 48)) settles.push(await settleAfterTyping(panel, m, newestWith(m)));
    log(`history bench: settle after the last keystroke ${settles.map((s) => Math.round(s)).join(', ')} ms; exporting…`);
    const exported = path.join(dir, 'exported.json');
    const exportMs = await exportThroughPanel(panel, exported);
    await first.close();

    second = await launchExtension();
    const fresh = await second.openSidePanel();
    await fresh.locator('section.history').waitFor();
    const reimportMs = await importThroughPanel(fresh, exported, count);
    const again = path.join(dir, 'again.json');
    await exportThroughPanel(fresh, again);
    const back = historyHash((JSON.parse(await readFile(again, 'utf8')) as { answers: AnswerRecord[] }).answers);
    return {
      answers: count,
      fileMegabytes: text.length / 1e6,
      importMs,
      searchMedianMs: median(timed.map((t) => t.ms)),
      searchCommonMedianMs: median(common.map((t) => t.ms)),
      settleMedianMs: median(settles),
      settleMaxMs: Math.max(...settles),
      exportMs,
      reimportMs,
      roundTripCount: back.count,
      roundTripHashEqual: back.sha256 === expected.sha256 && back.count === expected.count,
      largestImportMessageChars,
    };
  } finally {
    await first.close().catch(() => undefined);
    await second?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
