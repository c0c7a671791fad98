import { browser } from 'wxt/browser';
import type { SpanlightDb } from '../db/database';
import { dexieCache } from '../db/cache';
import type { BackgroundCalls } from '../messaging/protocol';
import type { Handlers } from '../messaging/server';
import { AnswerJobs } from './answer-jobs';
import { extensionHost } from './extension-host';
import { FactCheckJobs } from './fact-check-jobs';
import { HistoryCalls } from './history-calls';
import { Jobs } from './jobs';
import { archivePage, openCitation } from './open-citation';
import { SettingsCalls } from './settings-calls';

/**
 * The background's work over one database, by concern: jobs (lib/background/jobs.ts), questions
 * (answer-jobs.ts), fact-checks (fact-check-jobs.ts), history (history-calls.ts), citations
 * (open-citation.ts) and settings (settings-calls.ts). `handlers` answers every call of the protocol.
 */
export class BackgroundService {
  readonly jobs: Jobs;
  readonly answers: AnswerJobs;
  readonly factChecks: FactCheckJobs;
  readonly history: HistoryCalls;
  readonly settings: SettingsCalls;

  constructor(readonly db: SpanlightDb) {
    const host = extensionHost(dexieCache(db));
    this.jobs = new Jobs(db);
    this.answers = new AnswerJobs(db, this.jobs, host);
    this.factChecks = new FactCheckJobs(db, this.jobs, host);
    this.history = new HistoryCalls(db);
    this.settings = new SettingsCalls(db);
  }

  /** Every background call, each handed its payload as the protocol validated it. */
  readonly handlers: Handlers<BackgroundCalls> = {
    ask: (p) => this.answers.ask(p),
    retry: (p) => this.answers.retry(p),
    followUp: (p) => this.answers.followUp(p),
    getJob: (p) => this.jobs.get(p),
    latestJob: () => this.jobs.latest(),
    factCheck: (p) => this.factChecks.factCheck(p),
    showClaim: (p) => this.factChecks.showClaim(p),
    stopJob: (p) => this.factChecks.stop(p),
    openCitation: (p) => openCitation(this.db, p),
    archivePage: (p) => archivePage(this.db, p),
    listHistory: (p) => this.history.list(p),
    getAnswer: (p) => this.history.get(p),
    deleteAnswer: (p) => this.history.deleteAnswer(p),
    exportHistoryPage: (p) => this.history.exportPage(p),
    importBegin: () => this.history.importBegin(),
    importChunk: (p) => this.history.importChunk(p),
    importCommit: (p) => this.history.importCommit(p),
    importCancel: (p) => this.history.importCancel(p),
    historyStorage: (p) => this.history.storage(p),
    deleteAnswersBefore: (p) => this.history.deleteBefore(p),
    getSettings: () => this.settings.get(),
    saveSettings: (p) => this.settings.save(p),
    testProvider: (p) => this.settings.testProvider(p),
    listModels: (p) => this.settings.listModels(p),
    testModel: (p) => this.settings.testModel(p),
  };
}

/** Whether a message comes from one of our own extension pages (not a content script or a web page). */
export function isOwnExtensionPage(sender: { id?: string; url?: string }): boolean {
  return sender.id === browser.runtime.id && !!sender.url && sender.url.startsWith(browser.runtime.getURL('/'));
}
