import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionBrowser } from './harness';
import { MARKERS, exportText, makeHistory } from '../fakes/history-data';

// History of a size people reach: a large import shows its progress and can be cancelled, leaving
// history as it was; Settings shows what is stored and deletes answers older than a date.

let browser: ExtensionBrowser;
let panel: Page;
let dir: string;
let small: string;
let large: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spanlight-history-scale-'));
  const kept = makeHistory(3, 5).map((a, i) => ({
    ...a,
    id: `kept-${i}`,
    question: `Kept question ${i}?`,
    createdAt: i === 0 ? '2024-06-01T00:00:00.000Z' : a.createdAt,
  }));
  small = path.join(dir, 'small.json');
  await writeFile(small, exportText(kept));
  // About 57 MB: long enough to read that the cancel lands while it is being read.
  large = path.join(dir, 'large.json');
  await writeFile(large, exportText(makeHistory(5_000)));
  browser = await launchExtension();
  panel = await browser.openSidePanel();
  await panel.locator('section.history').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('history at scale', () => {
  it('a large import shows progress and can be cancelled: history is as it was', async () => {
    const history = panel.locator('section.history');
    await history.locator('input[type=file]').setInputFiles(small);
    await history.getByText('Imported 3 answer(s); 0 already in history were kept as they are.').waitFor();
    await expect.poll(() => history.locator('li').count()).toBe(3);

    await history.locator('input[type=file]').setInputFiles(large);
    const bar = history.getByRole('progressbar', { name: 'Import progress' });
    await bar.waitFor();
    // Progress moves: some answers are read and sent before the cancel.
    await history
      .getByText(/Importing… [\d.,]+ MB of [\d.,]+ MB read, [1-9][\d,]* answer\(s\) so far/)
      .waitFor({ timeout: 30_000 });
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    expect(await history.locator('li').count()).toBe(3); // nothing is in history before the commit
    await history.getByRole('button', { name: 'Cancel' }).click();
    await history.getByText('Import cancelled; history is as it was.').waitFor();
    await expect(bar.count()).resolves.toBe(0);

    expect(await history.locator('li').count()).toBe(3);
    // The small file carries the first markers; the large one all of them.
    const search = history.getByRole('searchbox', { name: 'Search history' });
    await search.fill(MARKERS[99]!);
    await history.getByText(`No answer mentions “${MARKERS[99]}”.`).waitFor();
    await search.fill('kept');
    await expect.poll(() => history.locator('li').count()).toBe(3);
    await search.fill('');

    const options = await browser.openOptions();
    await options.getByText('3 answer(s) in history').waitFor();
    await options.close();
  });

  it('Settings: the storage figure, and deleting the answers older than a date after a confirmation', async () => {
    const options = await browser.openOptions();
    const storage = options.locator('section.storage');
    await storage.getByText(/3 answer\(s\) in history, the oldest from .*Spanlight uses [\d.,]+ MB of the [\d.,]+ MB/).waitFor();
    await storage.getByLabel('Delete answers older than').fill('2025-01-01');
    await storage.getByRole('button', { name: 'Delete older answers…' }).click();
    await storage.getByText('Delete 1 answer(s) from before 2025-01-01, with their evidence?', { exact: false }).waitFor();
    await storage.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
    await storage.getByText('Deleted 1 answer(s).').waitFor();
    await storage.getByText(/^2 answer\(s\) in history/).waitFor();
    await options.close();
    await panel.reload();
    await expect.poll(() => panel.locator('section.history li').count()).toBe(2);
    expect(await panel.locator('section.history li[data-answer="kept-0"]').count()).toBe(0);
  });
});
