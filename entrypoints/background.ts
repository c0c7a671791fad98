import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { SpanlightDb } from '@/lib/db/database';
import { BackgroundService, isOwnExtensionPage } from '@/lib/background/service';
import { JOBS_PORT, backgroundCalls } from '@/lib/messaging/protocol';
import { createMessageListener } from '@/lib/messaging/server';
import { onMenuClick, registerSelectionMenus } from '@/lib/background/context-menu';
import { leavePendingQuestion } from '@/lib/messaging/pending-question';
import { t } from '@/lib/i18n';

export default defineBackground(() => {
  const service = new BackgroundService(new SpanlightDb());
  // A worker that starts finds no job running in it: any "running" job was cut off by a stop.
  void service.jobs.recoverInterrupted(new Date(), () => service.factChecks.recover());

  if (!import.meta.env.FIREFOX) {
    void browser.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
  } else {
    // Firefox has a sidebar instead of a side panel; the toolbar button toggles it. WXT's browser
    // types follow Chrome's, which has no sidebarAction.
    const firefox = browser as unknown as { sidebarAction?: { toggle(): Promise<void> } };
    browser.action.onClicked.addListener(() => void firefox.sidebarAction?.toggle());
  }
  // "Ask Spanlight" on a selection. Opening the panel from the click is a user gesture, so it is
  // called first, before anything is awaited; the panel takes the question from session storage.
  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus
      .removeAll()
      .then(() => registerSelectionMenus({ createMenu: (item) => browser.contextMenus.create(item), message: t }));
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === 'spanlight-fact-check') {
      // The panel opens inside the click (a user gesture); it finds the running check as the latest job.
      if (import.meta.env.FIREFOX)
        void (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction?.open();
      else if (tab?.windowId !== undefined) void browser.sidePanel.open({ windowId: tab.windowId });
      void service.factChecks.factCheck({ windowId: tab?.windowId, selection: info.selectionText });
      return;
    }
    void onMenuClick(info, tab, {
      now: () => new Date(),
      leaveQuestion: (pending) => leavePendingQuestion(browser.storage.session, pending),
      openPanel: async (windowId) => {
        if (import.meta.env.FIREFOX) {
          await (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction?.open();
        } else if (windowId !== undefined) await browser.sidePanel.open({ windowId });
      },
    });
  });

  const rejected = new Set<string>();
  browser.runtime.onMessage.addListener(
    createMessageListener({
      channel: 'spanlight:background',
      calls: backgroundCalls,
      allowSender: isOwnExtensionPage,
      onReject: (reason, sender) => {
        const key = `${reason}|${sender.url ?? ''}`;
        if (!rejected.has(key)) console.warn(`Spanlight: rejected a message (${reason}) from ${sender.url ?? 'unknown'}`);
        rejected.add(key);
      },
      handlers: service.handlers,
    }),
  );

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== JOBS_PORT || !isOwnExtensionPage(port.sender ?? {})) {
      port.disconnect();
      return;
    }
    const unsubscribe = service.jobs.subscribe((update) => port.postMessage(update));
    port.onDisconnect.addListener(unsubscribe);
  });
});
