import type { MessageKey } from '../i18n';
import { pendingFromSelection, type PendingQuestion } from '../messaging/pending-question';

/** Context-menu items on a selection. Another selection feature (e.g. fact-checking) adds an entry here and a case in onMenuClick. */
export const SELECTION_MENU_ITEMS: ReadonlyArray<{ id: string; title: MessageKey }> = [
  { id: 'spanlight-ask', title: 'menuAsk' },
  { id: 'spanlight-fact-check', title: 'menuFactCheck' },
];

/** What registering and handling the menu needs from the browser. */
export interface ContextMenuDeps {
  createMenu(item: { id: string; title: string; contexts: ['selection'] }): void;
  /** The message for a key (lib/i18n.ts `t`). */
  message(key: MessageKey): string;
  /** Opens the side panel (sidebar in Firefox); must be called inside the click's user gesture. */
  openPanel(windowId: number | undefined): Promise<void>;
  leaveQuestion(pending: PendingQuestion): Promise<void>;
  now(): Date;
}

/** Creates the selection menu items (on install and update; Chrome keeps them across worker restarts). */
export function registerSelectionMenus(deps: Pick<ContextMenuDeps, 'createMenu' | 'message'>): void {
  for (const item of SELECTION_MENU_ITEMS)
    deps.createMenu({ id: item.id, title: deps.message(item.title), contexts: ['selection'] });
}

/**
 * "Ask Spanlight" on a selection: opens the panel at once (a user gesture does not survive an
 * await), and leaves the selection for it as the question to ask. Other menu ids are not ours.
 */
export function onMenuClick(
  info: { menuItemId: string | number; selectionText?: string },
  tab: { windowId?: number } | undefined,
  deps: Pick<ContextMenuDeps, 'openPanel' | 'leaveQuestion' | 'now'>,
): Promise<void> | undefined {
  if (info.menuItemId !== 'spanlight-ask') return undefined;
  const pending = pendingFromSelection(info.selectionText, deps.now());
  if (!pending) return undefined;
  const opened = deps.openPanel(tab?.windowId);
  return Promise.all([opened.catch(() => undefined), deps.leaveQuestion(pending)]).then(() => undefined);
}
