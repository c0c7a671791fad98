import { useEffect, type RefObject } from 'react';
import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';
import { JOBS_PORT, JobUpdateSchema } from '@/lib/messaging/protocol';
import type { PanelSession } from './use-panel-session';

/**
 * Follows the jobs port: each update of the job shown is shown. The worker may be stopped at any
 * time: the port is reconnected, then the job shown is read again. Also notes the panel's window.
 */
export function useJobUpdates(
  { showJob, jobIdRef, setError }: Pick<PanelSession, 'showJob' | 'jobIdRef' | 'setError'>,
  windowIdRef: RefObject<number | undefined>,
) {
  useEffect(() => {
    void browser.windows.getCurrent().then((w) => (windowIdRef.current = w.id));
    let port: ReturnType<typeof browser.runtime.connect> | null = null;
    let closed = false;
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
  }, [showJob, jobIdRef, setError, windowIdRef]);
}
