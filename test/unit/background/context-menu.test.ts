import { describe, expect, it } from 'vitest';
import { onMenuClick, registerSelectionMenus, SELECTION_MENU_ITEMS } from '@/lib/background/context-menu';
import {
  PENDING_QUESTION_KEY,
  PENDING_TTL_MS,
  leavePendingQuestion,
  takePendingQuestion,
  type PendingQuestion,
  type StorageAreaLike,
} from '@/lib/messaging/pending-question';

function memoryArea(): StorageAreaLike & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  return {
    data,
    get: async (key) => (key in data ? { [key]: data[key] } : {}),
    set: async (items) => void Object.assign(data, items),
    remove: async (key) => void delete data[key],
  };
}

const NOW = new Date('2026-11-30T10:00:00Z');

describe('"Ask Spanlight" on a selection', () => {
  it('registers one item per selection feature, titled from the message catalogue', () => {
    const created: unknown[] = [];
    registerSelectionMenus({ createMenu: (item) => created.push(item), message: (key) => `<${key}>` });
    expect(created).toEqual([
      { id: 'spanlight-ask', title: '<menuAsk>', contexts: ['selection'] },
      { id: 'spanlight-fact-check', title: '<menuFactCheck>', contexts: ['selection'] },
    ]);
    expect(SELECTION_MENU_ITEMS).toHaveLength(2);
  });

  it('opens the panel before anything is awaited (the user gesture), and leaves the selection as the question', async () => {
    const calls: string[] = [];
    const left: PendingQuestion[] = [];
    const done = onMenuClick(
      { menuItemId: 'spanlight-ask', selectionText: '  Exampleville has\n 412,000   residents ' },
      { windowId: 7 },
      {
        now: () => NOW,
        openPanel: async (windowId) => void calls.push(`open ${windowId}`),
        leaveQuestion: async (p) => {
          calls.push('leave');
          left.push(p);
        },
      },
    );
    expect(calls[0]).toBe('open 7'); // synchronously, inside the click
    await done;
    expect(left).toEqual([{ question: 'Exampleville has 412,000 residents', at: NOW.toISOString() }]);
  });

  it('a panel that cannot open still gets the question; other menus and empty selections are ignored', async () => {
    const left: PendingQuestion[] = [];
    const deps = {
      now: () => NOW,
      openPanel: () => Promise.reject(new Error('no user gesture')),
      leaveQuestion: async (p: PendingQuestion) => void left.push(p),
    };
    await onMenuClick({ menuItemId: 'spanlight-ask', selectionText: 'Q' }, undefined, deps);
    expect(left).toHaveLength(1);
    expect(onMenuClick({ menuItemId: 'someone-else', selectionText: 'Q' }, undefined, deps)).toBeUndefined();
    expect(onMenuClick({ menuItemId: 'spanlight-ask', selectionText: '   ' }, undefined, deps)).toBeUndefined();
  });

  it('the panel takes a pending question once; a stale or malformed one is dropped, not asked', async () => {
    const area = memoryArea();
    await leavePendingQuestion(area, { question: 'Q?', at: NOW.toISOString() });
    expect(await takePendingQuestion(area, NOW.getTime() + 1000)).toEqual({ question: 'Q?', at: NOW.toISOString() });
    expect(await takePendingQuestion(area, NOW.getTime() + 1000)).toBeNull();

    await leavePendingQuestion(area, { question: 'Old?', at: NOW.toISOString() });
    expect(await takePendingQuestion(area, NOW.getTime() + PENDING_TTL_MS + 1)).toBeNull();
    expect(area.data[PENDING_QUESTION_KEY]).toBeUndefined();

    area.data[PENDING_QUESTION_KEY] = { question: 42 };
    expect(await takePendingQuestion(area, NOW.getTime())).toBeNull();
    expect(area.data[PENDING_QUESTION_KEY]).toBeUndefined();
  });
});
