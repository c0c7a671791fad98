import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';
import { JOBS_PORT, JobUpdateSchema, type HistoryItem } from '@/lib/messaging/protocol';
import type { AnswerRecord, JobRecord, TabChoice } from '@/lib/db/records';
import type { TabsPolicy } from '@/lib/settings';
import { AnswerView, ClaimRow, type CitationState } from './answer-view';

/** The side panel: ask, watch the job, read the cited answer, jump to passages, reopen history. */
export function SidePanel() {
  const [question, setQuestion] = useState('');
  const [tabs, setTabs] = useState<TabChoice>('none');
  const [tabsPolicy, setTabsPolicy] = useState<TabsPolicy>('ask');
  const [job, setJob] = useState<JobRecord | null>(null);
  const [answer, setAnswer] = useState<AnswerRecord | null>(null);
  const [history, setHistory] = useState<HistoryItem[]>([]);
  const [citation, setCitation] = useState<CitationState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const jobIdRef = useRef<string | null>(null);
  const windowIdRef = useRef<number | undefined>(undefined);

  const refreshHistory = useCallback(async () => {
    const r = await callBackground('listHistory', {});
    if (r.ok) setHistory(r.value.items);
  }, []);

  const showJob = useCallback(
    (j: JobRecord, a: AnswerRecord | undefined) => {
      if (j.id !== jobIdRef.current) return;
      setJob(j);
      if (a) {
        setAnswer(a);
        void refreshHistory();
      }
    },
    [refreshHistory],
  );

  useEffect(() => {
    // The per-question choice starts from Settings → Privacy; "never" removes it.
    void callBackground('getSettings', {}).then((r) => {
      if (!r.ok) return;
      setTabsPolicy(r.value.tabsPolicy);
      if (r.value.tabsPolicy !== 'ask') setTabs(r.value.tabsPolicy === 'always' ? 'window' : 'none');
    });
  }, []);

  useEffect(() => {
    void refreshHistory();
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
  }, [refreshHistory, showJob]);

  const start = async (run: () => ReturnType<typeof callBackground<'ask'>>) => {
    setError(null);
    setCitation(null);
    setAnswer(null);
    const r = await run();
    if (!r.ok) {
      setError(r.error);
      return;
    }
    jobIdRef.current = r.value.jobId;
    const j = await callBackground('getJob', { jobId: r.value.jobId });
    if (j.ok) showJob(j.value.job, j.value.answer);
  };

  const ask = () => {
    const q = question.trim();
    if (!q) return;
    void start(() =>
      callBackground('ask', {
        question: q,
        tabs,
        ...(windowIdRef.current === undefined ? {} : { windowId: windowIdRef.current }),
      }),
    );
  };

  const retry = () => {
    const id = answer?.jobId ?? job?.id;
    if (id) void start(() => callBackground('retry', { jobId: id }));
  };

  const openAnswer = async (answerId: string) => {
    const r = await callBackground('getAnswer', { answerId });
    if (r.ok) {
      jobIdRef.current = r.value.jobId;
      setJob(null);
      setCitation(null);
      setAnswer(r.value);
    } else setError(r.error);
  };

  const cite = async (spanId: string) => {
    if (!answer) return;
    setCitation({ spanId, found: true, message: 'Opening the source…' });
    const r = await callBackground('openCitation', { answerId: answer.id, spanId });
    setCitation(r.ok ? { spanId, ...r.value } : { spanId, found: false, message: r.error });
  };

  const running = job?.status === 'running' && !answer;
  const lastEvent = job?.events[job.events.length - 1];

  return (
    <main className="panel">
      <header className="panel-header">
        <h1>Spanlight</h1>
        <button type="button" className="link" onClick={() => void browser.runtime.openOptionsPage()}>
          Settings
        </button>
      </header>
      <form
        className="ask"
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <label htmlFor="question">Question</label>
        <textarea
          id="question"
          value={question}
          placeholder="Ask a question; the answer cites passages you can jump to."
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              ask();
            }
          }}
        />
        {tabsPolicy === 'never' ? (
          <p className="muted">Open tabs are never read (Settings → Privacy).</p>
        ) : (
          <>
            <label htmlFor="tabs">Open tabs as evidence</label>
            <select id="tabs" value={tabs} onChange={(e) => setTabs(e.target.value as TabChoice)}>
              <option value="none">Don't read my tabs</option>
              <option value="active">Read the active tab</option>
              <option value="window">Read the tabs in this window</option>
            </select>
          </>
        )}
        <button type="submit" disabled={running || question.trim() === ''}>
          Ask
        </button>
      </form>
      {error && (
        <p className="card error" role="alert">
          {error}
        </p>
      )}
      {running && (
        <p className="progress" role="status">
          {lastEvent?.message ?? 'Working…'}
        </p>
      )}
      {running && job && job.claims.length > 0 && (
        <ul className="claims live" aria-label="Verified so far">
          {job.claims.map((c, i) => (
            <ClaimRow key={i} claim={c} evidence={[]} onCite={() => undefined} />
          ))}
        </ul>
      )}
      {job?.status === 'interrupted' && !answer && (
        <section className="card error" role="alert">
          <p>This question was interrupted when the browser stopped Spanlight's worker.</p>
          <button type="button" onClick={retry}>
            Retry
          </button>
        </section>
      )}
      {answer && <AnswerView answer={answer} citation={citation} onCite={(id) => void cite(id)} onRetry={retry} />}
      <section className="history" aria-label="History">
        <h2>History</h2>
        {history.length === 0 ? (
          <p className="muted">No answers yet.</p>
        ) : (
          <ul>
            {history.map((h) => (
              <li key={h.answerId}>
                <button type="button" className="link" onClick={() => void openAnswer(h.answerId)}>
                  {h.question}
                </button>{' '}
                <span className="muted">
                  {h.mode} · {new Date(h.createdAt).toLocaleString()}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
