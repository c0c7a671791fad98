import { useEffect, useState } from 'react';
import { t, type MessageKey } from '@/lib/i18n';
import type { JobRecord } from '@/lib/shared/records';
import type { ProgressStep } from '@/lib/shared/types';

const STEPS: Array<{ stage: ProgressStep; label: MessageKey }> = [
  { stage: 'planning', label: 'stepPlanning' },
  { stage: 'searching', label: 'stepSearching' },
  { stage: 'reading', label: 'stepReading' },
  { stage: 'composing', label: 'stepComposing' },
  { stage: 'verifying', label: 'stepVerifying' },
];

/** Seconds since a moment, ticking once a second while shown. */
function useElapsed(since: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - Date.parse(since)) / 1000));
}

/** A running job: the stages done and the current one, its latest message (with counts) and the time elapsed. */
export function JobProgress({ job }: { job: JobRecord }) {
  const elapsed = useElapsed(job.createdAt);
  const last = job.events[job.events.length - 1];
  const reached = STEPS.reduce((n, s, i) => (job.events.some((e) => e.stage === s.stage) ? i : n), -1);
  return (
    <div className="job-progress">
      <ol className="steps" aria-label={t('stepsLabel')}>
        {STEPS.map((s, i) => (
          <li
            key={s.stage}
            className={i < reached ? 'done' : i === reached ? 'current' : 'todo'}
            aria-current={i === reached ? 'step' : undefined}
          >
            {t(s.label)}
          </li>
        ))}
      </ol>
      <p className="progress" role="status">
        {last?.message ?? t('working')} <span className="muted">{t('elapsed', String(elapsed))}</span>
      </p>
    </div>
  );
}
