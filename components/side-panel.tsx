import { useCallback, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import type { AnswerRecord, TabChoice } from '@/lib/shared/records';
import type { TabsPolicy } from '@/lib/settings';
import { AskForm } from './panel/ask-form';
import { FollowUpForm } from './panel/follow-up-form';
import { HistorySection } from './panel/history-section';
import { InterruptedJob, RunningJob } from './panel/job-sections';
import { ThreadAnswer } from './panel/thread-answer';
import { SiteAccessCard } from './panel/site-access-card';
import { WelcomeCard } from './panel/welcome-card';
import { useJobUpdates } from './panel/use-job-updates';
import { usePanelSession } from './panel/use-panel-session';
import { usePanelStart } from './panel/use-panel-start';
import { useSiteAccess } from './panel/use-site-access';
import { useFollowUp } from './panel/use-follow-up';

/** The window a call is about, when the panel knows it. */
const windowOf = (windowId: number | undefined) => (windowId === undefined ? {} : { windowId });

/**
 * The side panel: ask (also from a selection's context menu), watch the job, read the cited answer,
 * jump to passages, ask follow-ups in the same thread, copy or export, and work with the history.
 * A panel that opens shows the job that is running, or just finished, where it is.
 */
export function SidePanel() {
  const [question, setQuestion] = useState('');
  const [tabs, setTabs] = useState<TabChoice>('none');
  const [tabsPolicy, setTabsPolicy] = useState<TabsPolicy>('ask');
  const windowIdRef = useRef<number | undefined>(undefined);
  const session = usePanelSession();
  const access = useSiteAccess(); // asked for at the first click that needs it
  const { withAccess } = access;
  const { thread, job, answer, citation, start } = session;
  const inWindow = () => windowOf(windowIdRef.current);

  const askQuestion = useCallback(
    (q: string, choice: TabChoice, fromClick = true) =>
      withAccess(
        () => void start(() => callBackground('ask', { question: q, tabs: choice, ...windowOf(windowIdRef.current) }), []),
        fromClick,
      ),
    [start, withAccess],
  );
  // A question left by the context menu comes without a click: it waits for access if it must.
  const askPending = useCallback((q: string, choice: TabChoice) => askQuestion(q, choice, false), [askQuestion]);
  usePanelStart({
    askQuestion: askPending,
    restore: session.restore,
    jobIdRef: session.jobIdRef,
    setQuestion,
    setTabs,
    setTabsPolicy,
  });
  useJobUpdates(session, windowIdRef);

  const ask = () => {
    const q = question.trim();
    if (q) askQuestion(q, tabs);
  };

  const { rewriting, followUp: followUpNow } = useFollowUp(session, tabs, () => windowIdRef.current);
  const followUp = (text: string): Promise<boolean> =>
    new Promise((resolve) => withAccess(() => void followUpNow(text).then(resolve)));

  const retry = (jobId: string | undefined) => {
    if (jobId) withAccess(() => void start(() => callBackground('retry', { jobId }), thread));
  };

  const running = job?.status === 'running' && !answer;

  /** Fact-checks the page being read (the window's last-used web tab), or checks more of a checked page. */
  const checkPage = (moreOf?: string, unchecked?: boolean) =>
    withAccess(
      () =>
        void start(
          () =>
            callBackground('factCheck', { ...inWindow(), ...(moreOf ? { moreOf } : {}), ...(unchecked ? { unchecked } : {}) }),
          [],
        ),
    );

  const renderAnswer = (a: AnswerRecord) => (
    <ThreadAnswer
      key={a.id}
      answer={a}
      citation={citation}
      onCite={(id, at, archived) => void session.cite(a.id, id, at, archived)}
      onShowClaim={(i) => void session.showClaim(a.id, i)}
      onCheckMore={() => checkPage(a.id)}
      onRetryUnchecked={() => checkPage(a.id, true)}
      onRetry={() => retry(a.jobId)}
    />
  );

  return (
    <main className="panel">
      <header className="panel-header">
        <h1>Spanlight</h1>
        <button type="button" className="secondary check-page" disabled={running} onClick={() => checkPage()}>
          {t('factCheckPage')}
        </button>
        <button type="button" className="link" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('settingsLink')}
        </button>
      </header>
      <WelcomeCard />
      <AskForm {...{ question, tabs, tabsPolicy, running }} onQuestion={setQuestion} onTabs={setTabs} onAsk={ask} />
      <SiteAccessCard access={access} error={Boolean(session.error)} />
      {session.error && (
        <p className="card error" role="alert">
          {session.error}
        </p>
      )}
      <div className="thread">
        {thread.map((a) => renderAnswer(a))}
        {rewriting && !job && (
          <p className="progress" role="status">
            {t('rewritingFollowUp')}
          </p>
        )}
        {running && job && (
          <RunningJob
            job={job}
            onStop={() => void callBackground('stopJob', { jobId: job.id }).then((r) => !r.ok && session.setError(r.error))}
          />
        )}
        {job?.status === 'interrupted' && !answer && <InterruptedJob job={job} onRetry={() => retry(job.id)} />}
        {answer && renderAnswer(answer)}
        {answer && answer.result.mode !== 'unavailable' && answer.result.mode !== 'fact-check' && (
          <FollowUpForm disabled={rewriting || running} onAsk={followUp} />
        )}
      </div>
      <HistorySection version={session.historyVersion} onOpen={(id) => void session.openAnswer(id)} onDeleted={session.forget} />
    </main>
  );
}
