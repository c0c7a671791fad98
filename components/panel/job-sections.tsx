import { t } from '@/lib/i18n';
import type { JobRecord } from '@/lib/shared/records';
import { ClaimRow } from '../answer-view';
import { RunningFactCheck } from '../fact-check-view';
import { JobProgress } from './progress';

/**
 * A job under way: its question (and what a follow-up was searched as), its progress, the claims
 * verified so far; a fact-check's verdicts as they settle, and its Stop.
 */
export function RunningJob({ job, onStop }: { job: JobRecord; onStop?: (() => void) | undefined }) {
  return (
    <section className="running" aria-label={t('runningLabel')}>
      <h2 className="question">{job.followUp ? job.followUp.asked : job.question}</h2>
      {job.followUp && job.followUp.method !== 'unchanged' && (
        <p className="searched-as muted">{t('searchedAs', job.question)}</p>
      )}
      <JobProgress job={job} />
      {job.factCheck && <RunningFactCheck state={job.factCheck} />}
      {(job.factCheck || job.events.some((e) => e.stage === 'claims')) && onStop && (
        <button type="button" className="secondary stop-check" onClick={onStop}>
          {t('stopCheck')}
        </button>
      )}
      {job.claims.length > 0 && (
        <ul className="claims live" aria-label={t('verifiedSoFar')}>
          {job.claims.map((c, i) => (
            <ClaimRow key={i} claim={c} evidence={[]} onCite={() => undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A job cut off by a stopped worker, with a retry. */
export function InterruptedJob({ job, onRetry }: { job: JobRecord; onRetry: () => void }) {
  return (
    <section className="card error interrupted" role="alert">
      <h2 className="question">{job.followUp ? job.followUp.asked : job.question}</h2>
      <p>{t('interrupted')}</p>
      <button type="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </section>
  );
}
