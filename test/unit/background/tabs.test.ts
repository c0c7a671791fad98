import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { readTabs } from '@/lib/background/tabs';
import type { Warning } from '@/lib/shared/types';

const ARTICLE = `<html><head><title>Harbour report</title></head><body><article>${'<p>The harbour handled 4,100 ships in 2024, more than in any year before it. </p>'.repeat(12)}</article></body></html>`;

/** One web tab whose content script answers `readPage` with the page's HTML, `cut` as given. */
function oneTab(cut: boolean | undefined) {
  vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ id: 7, url: 'https://news.example/harbour', windowId: 1 }] as never);
  vi.spyOn(browser.tabs, 'sendMessage').mockImplementation((async (_tab: number, envelope: { type: string }) => {
    if (envelope.type === 'ping') return { ok: true, value: { ready: true } };
    const value = { url: 'https://news.example/harbour', title: 'Harbour report', html: ARTICLE };
    return { ok: true, value: cut === undefined ? value : { ...value, cut } };
  }) as never);
}

describe('readTabs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a tab longer than the size limit is read in part and says so: its page is kept, with a warning', async () => {
    oneTab(true);
    const warnings: Warning[] = [];
    const pages = await readTabs(
      'active',
      1,
      () => new Date('2026-12-01T00:00:00Z'),
      (w) => warnings.push(w),
    );
    expect(pages.map((p) => p.url)).toEqual(['https://news.example/harbour']);
    expect(pages[0]!.text).toContain('4,100 ships');
    expect(warnings.map((w) => w.code)).toEqual(['page-truncated']);
    expect(JSON.stringify(warnings[0])).toContain('https://news.example/harbour');
  });

  it('a tab read whole gives no warning', async () => {
    oneTab(undefined);
    const warnings: Warning[] = [];
    const pages = await readTabs(
      'active',
      1,
      () => new Date('2026-12-01T00:00:00Z'),
      (w) => warnings.push(w),
    );
    expect(pages).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});
