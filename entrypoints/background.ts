import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { SpanlightDb, readSettings } from '@/lib/db/database';
import { BackgroundService, isOwnExtensionPage } from '@/lib/background/service';
import { JOBS_PORT, backgroundCalls } from '@/lib/messaging/protocol';
import { createMessageListener } from '@/lib/messaging/server';
import {
  endpointForModelTest,
  listModels,
  settingsForProviderTest,
  testModel,
  testSearchProvider,
  type ConnectionTestDeps,
} from '@/lib/background/test-connection';
import { onMenuClick, registerSelectionMenus } from '@/lib/background/context-menu';
import { leavePendingQuestion } from '@/lib/messaging/pending-question';
import { t } from '@/lib/i18n';

export default defineBackground(() => {
  const service = new BackgroundService(new SpanlightDb());
  // A worker that starts finds no job running in it: any "running" job was cut off by a stop.
  void service.recoverInterruptedJobs();

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
      void service.factCheck(tab?.windowId, info.selectionText);
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

  // Connection tests use the settings as typed on the options page, with keys from storage.
  const testDeps: ConnectionTestDeps = { fetch: (input, init) => fetch(input, init) };

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
      handlers: {
        ask: (p) => service.ask(p.question, p.tabs, p.windowId),
        retry: (p) => service.retry(p.jobId),
        getJob: (p) => service.getJob(p.jobId),
        listHistory: (p) => service.listHistory(p.query, p.session),
        getAnswer: (p) => service.getAnswer(p.answerId),
        openCitation: (p) => service.openCitation(p.answerId, p.spanId),
        getSettings: () => service.getSettings(),
        saveSettings: (p) => service.saveSettings(p),
        testProvider: async (p) =>
          testSearchProvider(settingsForProviderTest(await readSettings(service.db), p), p.provider, testDeps),
        listModels: async (p) => listModels(endpointForModelTest(await readSettings(service.db), p), testDeps),
        testModel: async (p) => testModel(endpointForModelTest(await readSettings(service.db), p), p.model, testDeps),
        followUp: (p) => service.followUp(p.answerId, p.text, p.tabs, p.windowId),
        deleteAnswer: (p) => service.deleteAnswer(p.answerId),
        exportHistoryPage: (p) => service.history.exportPage(p.before),
        importBegin: () => service.history.importBegin(),
        importChunk: (p) => service.history.importChunk(p.importId, p.seq, p.first, p.answers),
        importCommit: (p) => service.history.importCommit(p.importId, p.header),
        importCancel: (p) => service.history.importCancel(p.importId),
        historyStorage: (p) => service.history.storage(p.before),
        deleteAnswersBefore: (p) => service.history.deleteBefore(p.before),
        latestJob: () => service.latestJob(),
        factCheck: (p) => service.factCheck(p.windowId, p.selection, p.moreOf),
        showClaim: (p) => service.showClaim(p.answerId, p.index),
      },
    }),
  );

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== JOBS_PORT || !isOwnExtensionPage(port.sender ?? {})) {
      port.disconnect();
      return;
    }
    const unsubscribe = service.subscribe((update) => port.postMessage(update));
    port.onDisconnect.addListener(unsubscribe);
  });
});
