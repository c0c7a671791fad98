import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import { JOBS_PORT, JobUpdateSchema } from '@/lib/messaging/protocol';
import { PENDING_QUESTION_KEY, takePendingQuestion, type PendingQuestion } from '@/lib/messaging/pending-question';
import type { AnswerRecord, JobRecord, TabChoice } from '@/lib/shared/records';
import type { TabsPolicy } from '@/lib/settings';
import { AnswerView, ClaimRow, type CitationState } from './answer-view';
import { FactCheckView } from './fact-check-view';
import type { AnswerRecord as StoredAnswer } from '@/lib/shared/records';
import { JobProgress } from './panel/progress';
import { FollowUpForm } from './panel/follow-up-form';
import { HistorySection } from './panel/history-section';

/** Earlier answers of a thread, oldest first, following each follow-up back to the question it follows. */
async function threadBefore(previousAnswerId: string | undefined): Promise<AnswerRecord[]> {
  const out: AnswerRecord[] = [];
  let id = previousAnswerId;
  while (id && out.length < 20) {
    const r = await callBackground('getAnswer', { answerId: id });
    if (!r.ok) break; // deleted since: the thread starts after it
    out.unshift(r.value);
    id = r.value.followUp?.previousAnswerId;
  }
  return out;
}

/**
 * The side panel: ask (also from a selection's context menu), watch the job, read the cited answer,
 * jump to passages, ask follow-ups in the same thread, copy or export, and work with the history.
 * A panel that opens shows the job that is running, or just finished, where it is.
 */
export function SidePanel() {
  const [question, setQuestion] = useState('');
  const [tabs, setTabs] = useState<TabChoice>('none');
  const [tabsPolicy, setTabsPolicy] = useState<TabsPolicy>('ask');
  const [thread, setThread] = useState<AnswerRecord[]>([]);
  const [job, setJob] = useState<JobRecord | null>(null);
  const [answer, setAnswer] = useState<AnswerRecord | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [citation, setCitation] = useState<CitationState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rewriting, setRewriting] = useState(false);
  const jobIdRef = useRef<string | null>(null);
  const windowIdRef = useRef<number | undefined>(undefined);
  const focusAnswerRef = useRef<string | null>(null);

  const showJob = useCallback((j: JobRecord, a: AnswerRecord | undefined) => {
    if (j.id !== jobIdRef.current) return;
    setJob(j);
    if (a) {
      setAnswer(a);
      setHistoryVersion((v) => v + 1);
    }
  }, []);

  /** Shows a job (and its answer) with the thread it belongs to. */
  const restore = useCallback(async (j: JobRecord, a: AnswerRecord | undefined) => {
    jobIdRef.current = j.id;
    // A question cut off (the worker stopped) is back in its box: it can be read, edited and asked again.
    if (!a && !j.followUp && j.status === 'interrupted') setQuestion(j.question);
    setThread(await threadBefore((a?.followUp ?? j.followUp)?.previousAnswerId));
    setJob(j);
    setAnswer(a ?? null);
  }, []);

  /** Starts a job; `before` is the thread it continues ([] for a new question). */
  const start = useCallback(
    async (run: () => ReturnType<typeof callBackground<'ask'>>, before: AnswerRecord[]) => {
      setError(null);
      setCitation(null);
      setThread(before);
      setAnswer(null);
      setJob(null);
      const r = await run();
      if (!r.ok) {
        setError(r.error);
        return false;
      }
      jobIdRef.current = r.value.jobId;
      const j = await callBackground('getJob', { jobId: r.value.jobId });
      if (j.ok) showJob(j.value.job, j.value.answer);
      return true;
    },
    [showJob],
  );

  const askQuestion = useCallback(
    (q: string, choice: TabChoice) =>
      start(
        () =>
          callBackground('ask', {
            question: q,
            tabs: choice,
            ...(windowIdRef.current === undefined ? {} : { windowId: windowIdRef.current }),
          }),
        [],
      ),
    [start],
  );

  useEffect(() => {
    // Settings → Privacy sets the per-question tab choice; then a question left by the context
    // menu is asked, or else the job a previous panel was showing is shown again.
    let alive = true;
    const handled = new Set<string>();
    let choice: TabChoice = 'none';
    const askPending = (p: PendingQuestion) => {
      if (handled.has(p.at)) return;
      handled.add(p.at);
      setQuestion(p.question);
      void askQuestion(p.question, choice);
    };
    void (async () => {
      const settings = await callBackground('getSettings', {});
      if (settings.ok) {
        setTabsPolicy(settings.value.tabsPolicy);
        choice = settings.value.tabsPolicy === 'always' ? 'window' : 'none';
        setTabs(choice);
      }
      const pending = await takePendingQuestion(browser.storage.session, Date.now()).catch(() => null);
      if (!alive) return;
      if (pending) return askPending(pending);
      const latest = await callBackground('latestJob', {});
      if (alive && latest.ok && latest.value && jobIdRef.current === null) await restore(latest.value.job, latest.value.answer);
    })();
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'session' || changes[PENDING_QUESTION_KEY]?.newValue === undefined) return;
      void takePendingQuestion(browser.storage.session, Date.now()).then((p) => p && askPending(p));
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      alive = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [askQuestion, restore]);

  useEffect(() => {
    void browser.windows.getCurrent().then((w) => (windowIdRef.current = w.id));
    let port: ReturnType<typeof browser.runtime.connect> | null = null;
    let closed = false;
    // The worker may be stopped at any time: reconnect, then re-read the job we are showing.
    const connect = () => {
      port = browser.runtime.connect({ name: JOBS_PORT });
      port.onMessage.addListener((msg: unknown) => {
        const update = JobUpdateSchema.safeParse(msg);
        if (update.success) {
          showJob(update.data.job, update.data.answer);
          if (update.data.error && update.data.job.id === jobIdRef.current) setError(update.data.error);
        }
      });
      port.onDisconnect.addListener(() => {
        if (closed) return;
        setTimeout(() => {
          connect();
          const id = jobIdRef.current;
          if (id) void callBackground('getJob', { jobId: id }).then((r) => r.ok && showJob(r.value.job, r.value.answer));
        }, 500);
      });
    };
    connect();
    return () => {
      closed = true;
      port?.disconnect();
    };
  }, [showJob]);

  useEffect(() => {
    // An answer reopened from history: move to it, so the keyboard and the eye are where it is.
    if (!answer || focusAnswerRef.current !== answer.id) return;
    focusAnswerRef.current = null;
    const heading = document.querySelector<HTMLElement>(`[data-answer="${CSS.escape(answer.id)}"] h2`);
    heading?.focus();
    heading?.scrollIntoView({ block: 'start' });
  }, [answer]);

  const ask = () => {
    const q = question.trim();
    if (q) void askQuestion(q, tabs);
  };

  const followUp = async (text: string): Promise<boolean> => {
    if (!answer) return false;
    const previous = answer;
    const earlier = thread;
    setRewriting(true);
    const started = await start(
      () =>
        callBackground('followUp', {
          answerId: previous.id,
          text,
          tabs,
          ...(windowIdRef.current === undefined ? {} : { windowId: windowIdRef.current }),
        }),
      [...earlier, previous],
    );
    setRewriting(false);
    if (!started) {
      // Nothing was asked: the thread stays as it was, with its follow-up box, and the error above it.
      setThread(earlier);
      setAnswer(previous);
    }
    return started;
  };

  const retry = (jobId: string | undefined) => {
    if (jobId) void start(() => callBackground('retry', { jobId }), thread);
  };

  const openAnswer = async (answerId: string) => {
    const r = await callBackground('getAnswer', { answerId });
    if (!r.ok) return setError(r.error);
    setError(null);
    setCitation(null);
    jobIdRef.current = r.value.jobId;
    focusAnswerRef.current = r.value.id;
    setThread(await threadBefore(r.value.followUp?.previousAnswerId));
    setJob(null);
    setAnswer(r.value);
  };

  const forget = (answerId: string) => {
    setThread((th) => th.filter((a) => a.id !== answerId));
    if (answer?.id === answerId) {
      setAnswer(null);
      setJob(null);
      jobIdRef.current = null;
    }
  };

  const cite = async (answerId: string, spanId: string, at: string) => {
    setCitation({ answerId, spanId, at, found: true, message: t('openingSource') });
    const r = await callBackground('openCitation', { answerId, spanId });
    setCitation(r.ok ? { answerId, spanId, at, ...r.value } : { answerId, spanId, at, found: false, message: r.error });
  };

  const running = job?.status === 'running' && !answer;

  /** Fact-checks the page being read (the window's last-used web tab), or checks more of a checked page. */
  const checkPage = (moreOf?: string) =>
    void start(
      () =>
        callBackground('factCheck', {
          ...(windowIdRef.current === undefined ? {} : { windowId: windowIdRef.current }),
          ...(moreOf ? { moreOf } : {}),
        }),
      [],
    );

  const showClaim = async (answerId: string, index: number) => {
    const r = await callBackground('showClaim', { answerId, index });
    if (!r.ok) setError(r.error);
    else if (!r.value.found) setError(r.value.message);
  };

  const renderAnswer = (a: StoredAnswer) => {
    const r = a.result;
    if (r.mode === 'fact-check')
      return (
        <FactCheckView
          key={a.id}
          answer={{ ...a, result: r }}
          citation={citation}
          onCite={(id, at) => void cite(a.id, id, at)}
          onShowClaim={(i) => void showClaim(a.id, i)}
          onCheckMore={() => checkPage(a.id)}
        />
      );
    return (
      <AnswerView
        key={a.id}
        answer={a}
        citation={citation}
        onCite={(id, at) => void cite(a.id, id, at)}
        onRetry={() => retry(a.jobId)}
      />
    );
  };

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
      <form
        className="ask"
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <label htmlFor="question">{t('questionLabel')}</label>
        <textarea
          id="question"
          value={question}
          placeholder={t('questionPlaceholder')}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              ask();
            }
          }}
        />
        {tabsPolicy === 'never' ? (
          <p className="muted">{t('panelTabsNever')}</p>
        ) : (
          <>
            <label htmlFor="tabs">{t('tabsLabel')}</label>
            <select id="tabs" value={tabs} onChange={(e) => setTabs(e.target.value as TabChoice)}>
              <option value="none">{t('tabsNone')}</option>
              <option value="active">{t('tabsActive')}</option>
              <option value="window">{t('tabsWindow')}</option>
            </select>
          </>
        )}
        <button type="submit" disabled={running || question.trim() === ''}>
          {t('ask')}
        </button>
      </form>
      {error && (
        <p className="card error" role="alert">
          {error}
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
          <section className="running" aria-label={t('runningLabel')}>
            <h2 className="question">{job.followUp ? job.followUp.asked : job.question}</h2>
            {job.followUp && job.followUp.method !== 'unchanged' && (
              <p className="searched-as muted">{t('searchedAs', job.question)}</p>
            )}
            <JobProgress job={job} />
            {job.claims.length > 0 && (
              <ul className="claims live" aria-label={t('verifiedSoFar')}>
                {job.claims.map((c, i) => (
                  <ClaimRow key={i} claim={c} evidence={[]} onCite={() => undefined} />
                ))}
              </ul>
            )}
          </section>
        )}
        {job?.status === 'interrupted' && !answer && (
          <section className="card error interrupted" role="alert">
            <h2 className="question">{job.followUp ? job.followUp.asked : job.question}</h2>
            <p>{t('interrupted')}</p>
            <button type="button" onClick={() => retry(job.id)}>
              {t('retry')}
            </button>
          </section>
        )}
        {answer && renderAnswer(answer)}
        {answer && answer.result.mode !== 'unavailable' && answer.result.mode !== 'fact-check' && (
          <FollowUpForm disabled={rewriting || running} onAsk={followUp} />
        )}
      </div>
      <HistorySection version={historyVersion} onOpen={(id) => void openAnswer(id)} onDeleted={forget} />
    </main>
  );
}
