import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import type { AnswerRecord, JobRecord } from '@/lib/shared/records';
import type { CitationState } from '../answer-view';
import { threadBefore } from './thread-before';

/** A call to the background that starts a job (ask, follow-up, retry, fact-check). */
export type StartJob = () => ReturnType<typeof callBackground<'ask'>>;

/**
 * What the panel shows (the thread, the job, its answer, the last citation clicked, an error) and
 * the ways it changes: a job started or restored, an answer reopened or deleted, a citation opened.
 */
export function usePanelSession() {
  const [thread, setThread] = useState<AnswerRecord[]>([]);
  const [job, setJob] = useState<JobRecord | null>(null);
  const [answer, setAnswer] = useState<AnswerRecord | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [citation, setCitation] = useState<CitationState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const jobIdRef = useRef<string | null>(null);
  const focusAnswerRef = useRef<string | null>(null);

  const showJob = useCallback((j: JobRecord, a: AnswerRecord | undefined) => {
    if (j.id !== jobIdRef.current) return;
    setJob(j);
    if (a) {
      setAnswer(a);
      setHistoryVersion((v) => v + 1);
    }
  }, []);

  /** Shows a job (and its answer) with the thread it belongs to; a question cut off is handed to `onInterrupted`. */
  const restore = useCallback(async (j: JobRecord, a: AnswerRecord | undefined, onInterrupted: (q: string) => void) => {
    jobIdRef.current = j.id;
    // A question cut off (the worker stopped) is back in its box: it can be read, edited and asked again.
    if (!a && !j.followUp && j.status === 'interrupted') onInterrupted(j.question);
    setThread(await threadBefore((a?.followUp ?? j.followUp)?.previousAnswerId));
    setJob(j);
    setAnswer(a ?? null);
  }, []);

  /** Starts a job; `before` is the thread it continues ([] for a new question). */
  const start = useCallback(
    async (run: StartJob, before: AnswerRecord[]) => {
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

  useEffect(() => {
    // An answer reopened from history: move to it, so the keyboard and the eye are where it is.
    if (!answer || focusAnswerRef.current !== answer.id) return;
    focusAnswerRef.current = null;
    const heading = document.querySelector<HTMLElement>(`[data-answer="${CSS.escape(answer.id)}"] h2`);
    heading?.focus();
    heading?.scrollIntoView({ block: 'start' });
  }, [answer]);

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

  const cite = async (answerId: string, spanId: string, at: string, archived = false) => {
    const base = { answerId, spanId, at, ...(archived ? { archived } : {}) };
    setCitation({ ...base, found: true, message: t(archived ? 'archivedCopyLooking' : 'openingSource') });
    const r = await callBackground('openCitation', { answerId, spanId, ...(archived ? { archived } : {}) });
    const failed = r.ok ? '' : archived ? t('archivedCopyFailed', r.error) : r.error;
    setCitation(r.ok ? { ...base, ...r.value } : { ...base, found: false, message: failed });
  };

  const showClaim = async (answerId: string, index: number) => {
    const r = await callBackground('showClaim', { answerId, index });
    if (!r.ok) setError(r.error);
    else if (!r.value.found) setError(t('claimNotInPage'));
  };

  return {
    thread,
    job,
    answer,
    historyVersion,
    citation,
    error,
    jobIdRef,
    setThread,
    setAnswer,
    setError,
    showJob,
    restore,
    start,
    openAnswer,
    forget,
    cite,
    showClaim,
  };
}

/** The panel's session, as `usePanelSession` returns it. */
export type PanelSession = ReturnType<typeof usePanelSession>;
