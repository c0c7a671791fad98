import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SpanlightDb, writeSettings } from '@/lib/db/database';
import { defaultSettings } from '@/lib/settings';
import { archivedCopyOf } from '@/lib/background/archived-copy';
import { BackgroundService } from '@/lib/background/service';
import { startFakeArchive, type FakeArchive } from '../../fakes/archive-server';
import { span } from '../spans';

const PAGE = 'https://s1.example.org/page';
let archive: FakeArchive;
let db: SpanlightDb;
let n = 0;

beforeAll(async () => {
  archive = await startFakeArchive([
    { url: PAGE, timestamp: '20200101000000', html: '<html><body><p>old</p></body></html>' },
    { url: PAGE, timestamp: '20261129000000', html: '<html><body><p>near</p></body></html>' },
  ]);
});
afterAll(() => archive.close());
beforeEach(async () => {
  fakeBrowser.reset();
  db = new SpanlightDb(`archived-copy-${++n}`);
  await writeSettings(db, { ...defaultSettings(), wayback: { apiBaseUrl: archive.origin, webBaseUrl: archive.origin } });
});
afterEach(() => db.delete());

describe('archived copies through the background (issue #26)', () => {
  it('the copy nearest to when the passage was read, asked with its page and time', async () => {
    const copy = await archivedCopyOf(db, span('S1', 'A passage.'));
    expect(copy?.url).toBe(`${archive.origin}/web/20261129000000/${PAGE}`);
    const asked = new URL(archive.requests.at(-1)!.url, archive.origin).searchParams;
    expect([asked.get('url'), asked.get('timestamp')]).toEqual([PAGE, '20261130100000']);
  });

  it('a copy the archive names with http on the configured web host is opened as configured', async () => {
    const port = new URL(archive.origin).port;
    await writeSettings(db, {
      ...defaultSettings(),
      wayback: { apiBaseUrl: archive.origin, webBaseUrl: `https://127.0.0.1:${Number(port) + 1}` },
    });
    const copy = await archivedCopyOf(db, span('S1', 'A passage.'));
    expect(copy?.url).toBe(`https://127.0.0.1:${Number(port) + 1}/web/20261129000000/${PAGE}`);
  });

  it('none held: null; a page never archived is not invented', async () => {
    expect(await archivedCopyOf(db, span('S2', 'Elsewhere.'))).toBeNull();
  });

  it('"Archive this page" opens the archive’s save page for the cited page in a tab, and nothing else', async () => {
    const service = new BackgroundService(db);
    await db.answers.put({
      id: 'a1',
      jobId: 'j1',
      question: 'Q?',
      createdAt: '2026-11-30T12:00:00Z',
      result: {
        mode: 'nothing-found',
        question: 'Q?',
        trace: { stages: [] },
        evidence: [span('S1', 'A passage.')],
        searched: [],
        warnings: [],
        conflicts: [],
        reason: 'r',
      },
    });
    const before = archive.requests.length;
    expect(await service.handlers.archivePage({ answerId: 'a1', spanId: 'S1' }, {})).toEqual({ opened: true });
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain(`${archive.origin}/save/${PAGE}`);
    // The save page is only opened in a tab, never requested by the extension itself.
    expect(archive.requests.length).toBe(before);
    await expect(service.handlers.archivePage({ answerId: 'a1', spanId: 'S9' }, {})).rejects.toThrow(/S9 is not in this answer/);
  });
});
