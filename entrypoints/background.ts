import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { SpanlightDb, markInterruptedJobs } from '@/lib/db/database';
import { BackgroundService, isOwnExtensionPage } from '@/lib/background/service';
import { JOBS_PORT, backgroundCalls } from '@/lib/messaging/protocol';
import { createMessageListener } from '@/lib/messaging/server';

export default defineBackground(() => {
  const service = new BackgroundService(new SpanlightDb());
  // A worker that starts finds no job running in it: any "running" job was cut off by a stop.
  void markInterruptedJobs(service.db, new Date().toISOString());

  if (!import.meta.env.FIREFOX) {
    void browser.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
  }

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
        listHistory: () => service.listHistory(),
        getAnswer: (p) => service.getAnswer(p.answerId),
        openCitation: (p) => service.openCitation(p.answerId, p.spanId),
        getSettings: () => service.getSettings(),
        saveSettings: (p) => service.saveSettings(p),
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
