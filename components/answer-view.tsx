import { useId, useState, type KeyboardEvent } from 'react';
import type { AnswerRecord } from '@/lib/shared/records';
import { t } from '@/lib/i18n';
import { questionWindowDays } from '@/lib/panel/freshness';
import { UNCONFIRMED, type AnswerResult, type Claim, type EvidenceSpan } from '@/lib/shared/types';
import type { TraceStage } from '@/lib/shared/trace-schema';
import { CiteChip, type CiteContext } from './panel/cite-chip';
import { UnusedSources, UsedSources } from './panel/sources';
import { AnswerActions } from './panel/answer-actions';
import { failureHeading, failureLabel, refusalLabel, warningLabel } from './panel/labels';
import { failureRole } from '@/lib/shared/failure-codes';
import { CitationsContext, CitationStatus, type CitationState } from './panel/citation-status';
import { SpanText } from './panel/span-text';
import { ClosestPassages } from './panel/closest-passages';
import { closestSentence } from '@/lib/evidence/closest-sentence';
import { RefusalCard } from './refusal-card';
import { PriorChecks } from './panel/prior-checks';

export type { CitationState };

interface Props {
  answer: AnswerRecord;
  citation: CitationState | null;
  /** Opens a passage; `at` is where the clicked chip sits, so the outcome is shown beside it. */
  onCite: (spanId: string, at: string, archived?: boolean) => void;
  onRetry: () => void;
}

/** One claim with its citation chips; exported for the live (streaming) list, where spans are not known yet. */
export function ClaimRow({
  claim,
  evidence,
  context,
  at,
  onCite,
}: {
  claim: Claim;
  evidence: EvidenceSpan[];
  context?: CiteContext;
  /** The claim's place ("claim-0"…): a click's outcome is shown in the claim. */
  at?: string;
  onCite: (id: string) => void;
}) {
  const unconfirmed = claim.status === 'supported' && claim.reasons.includes(UNCONFIRMED);
  return (
    <li
      className={`claim claim-${claim.status}`}
      data-status={claim.status}
      data-unconfirmed={unconfirmed || undefined}
      tabIndex={context ? 0 : undefined}
    >
      <span className="claim-text">{claim.text}</span>{' '}
      {unconfirmed && (
        <span className="unconfirmed" role="img" title={claim.reasons.join('; ')} aria-label={t('unconfirmedLabel')}>
          ≈
        </span>
      )}
      {claim.cites.map((id) => {
        const span = evidence.find((e) => e.spanId === id);
        if (span && context) return <CiteChip key={id} span={span} quote={claim.quote} context={context} onCite={onCite} />;
        return (
          <span key={id} className="cite pending">
            {id}
          </span>
        );
      })}
      {unconfirmed && context && (
        <ClosestPassages
          items={claim.cites.flatMap((id) => {
            const span = evidence.find((e) => e.spanId === id);
            return span ? [{ span, sentence: closestSentence(claim.text, span.text) }] : [];
          })}
          onCite={onCite}
        />
      )}
      {claim.status !== 'supported' && claim.reasons.length > 0 && (
        <div className="claim-warning" role="note">
          ⚠ {context && at ? <SpanText text={claim.reasons.join('; ')} context={context} at={at} /> : claim.reasons.join('; ')}
        </div>
      )}
      {at && <CitationStatus at={at} />}
    </li>
  );
}

/**
 * Arrow keys in the claims list: ↑/↓ (Home/End) move from claim to claim, → goes to the focused
 * claim's citations and along them, ← comes back. Tab keeps the reading order: a claim, its chips, the next claim.
 */
function navigateClaims(e: KeyboardEvent<HTMLUListElement>) {
  const target = e.target as HTMLElement;
  const claims = [...e.currentTarget.querySelectorAll<HTMLElement>(':scope > li.claim')];
  const claim = target.closest<HTMLElement>('li.claim');
  if (!claim) return;
  const chips = [...claim.querySelectorAll<HTMLElement>('button.cite')];
  const i = claims.indexOf(claim);
  const onChip = target.matches('button.cite');
  let next: HTMLElement | undefined;
  if (e.key === 'ArrowDown') next = claims[i + 1];
  else if (e.key === 'ArrowUp') next = onChip ? claim : claims[i - 1];
  else if (e.key === 'Home') next = claims[0];
  else if (e.key === 'End') next = claims[claims.length - 1];
  else if (e.key === 'ArrowRight') next = onChip ? chips[chips.indexOf(target) + 1] : chips[0];
  else if (e.key === 'ArrowLeft' && onChip) next = chips[chips.indexOf(target) - 1] ?? claim;
  if (!next) return;
  e.preventDefault();
  next.focus();
}

function Claims({
  result,
  context,
  onCite,
}: {
  result: Extract<AnswerResult, { mode: 'grounded' | 'partial' }>;
  context: CiteContext;
  onCite: (id: string, at: string) => void;
}) {
  const hintId = useId();
  const kept = result.claims.filter((c) => c.status !== 'dropped');
  return (
    <>
      <ul
        className="claims"
        aria-label={t('claimsLabel', String(kept.length))}
        aria-describedby={hintId}
        onKeyDown={navigateClaims}
      >
        {kept.map((c, i) => (
          <ClaimRow
            key={i}
            claim={c}
            evidence={result.evidence}
            context={context}
            at={`claim-${i}`}
            onCite={(id) => onCite(id, `claim-${i}`)}
          />
        ))}
      </ul>
      <p id={hintId} className="kbd-hint muted">
        {t('claimsKeyboardHint')}
      </p>
    </>
  );
}

const DETAIL_CHARS = 6000;

/** One stage: what it did, its time, tokens and cost; its raw detail (JSON, as text) only when asked for. */
function TraceStageRow({ stage: s }: { stage: TraceStage }) {
  const [open, setOpen] = useState(false);
  const detail = open && s.detail !== undefined ? JSON.stringify(s.detail, null, 1) : '';
  return (
    <li data-stage={s.stage}>
      <strong>{s.unknownStage || s.stage}</strong> {s.ok ? '' : '✗ '}
      {s.summary} <span className="muted">{s.ms} ms</span>
      {s.tokensIn !== undefined && (
        <span className="muted"> · {t('traceTokens', [String(s.tokensIn), String(s.tokensOut ?? 0)])}</span>
      )}
      {s.costUsd !== undefined && s.costUsd > 0 && <span className="muted"> · ${s.costUsd.toFixed(4)}</span>}
      {s.detail !== undefined && (
        <div className="trace-detail">
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('traceDetail', s.unknownStage || s.stage)}
          </button>
          {open && (
            <>
              <pre>{detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS)}\n…` : detail}</pre>
              {detail.length > DETAIL_CHARS && (
                <p className="muted">{t('traceDetailCut', [String(DETAIL_CHARS), String(detail.length)])}</p>
              )}
            </>
          )}
        </div>
      )}
    </li>
  );
}

function Trace({ result }: { result: AnswerResult }) {
  const stages = result.trace.stages;
  const ms = stages.reduce((n, s) => n + s.ms, 0);
  const tokensIn = stages.reduce((n, s) => n + (s.tokensIn ?? 0), 0);
  const tokensOut = stages.reduce((n, s) => n + (s.tokensOut ?? 0), 0);
  const cost = stages.reduce((n, s) => n + (s.costUsd ?? 0), 0);
  return (
    <details className="trace">
      <summary>{t('traceSummary', [String(stages.length), (ms / 1000).toFixed(1)])}</summary>
      <p className="muted trace-total">{t('traceTotals', [String(tokensIn), String(tokensOut), `$${cost.toFixed(4)}`])}</p>
      <ol>
        {stages.map((s, i) => (
          <TraceStageRow key={i} stage={s} />
        ))}
      </ol>
    </details>
  );
}

/** For a follow-up: what was typed, and what was searched. */
function FollowUpNote({ answer }: { answer: Pick<AnswerRecord, 'question' | 'followUp'> }) {
  const f = answer.followUp;
  if (!f) return null;
  return (
    <p className="searched-as muted">
      {f.method === 'unchanged' ? t('followUpAsWritten') : t('searchedAs', answer.question)}{' '}
      {f.method === 'model' && t('rewrittenByModel')}
      {f.method === 'heuristic' && t('rewrittenWithoutModel')}
      {f.note && <span className="warn-text"> {f.note}</span>}
    </p>
  );
}

/** One answer, whatever its mode: a refusal or a gap is a result, shown as plainly as an answer. */
export function AnswerView({ answer, citation, onCite, onRetry }: Props) {
  const headingId = useId();
  const r = answer.result;
  const context: CiteContext = { askedAt: answer.createdAt, windowDays: questionWindowDays(r) };
  const mine = citation && citation.answerId === answer.id ? citation : null;
  const text = (s: string, at: string) => <SpanText text={s} context={context} at={at} />;
  return (
    <CitationsContext.Provider value={{ current: mine, evidence: r.evidence, open: onCite, answerId: answer.id }}>
      <article
        className={`answer answer-${r.mode}`}
        data-mode={r.mode}
        data-answer={answer.id}
        aria-labelledby={headingId}
        aria-live="polite"
      >
        <h2 className="question" id={headingId} tabIndex={-1}>
          {answer.followUp ? answer.followUp.asked : answer.question}
        </h2>
        <FollowUpNote answer={answer} />
        <PriorChecks checks={r.priorChecks} />
        {(r.mode === 'grounded' || r.mode === 'partial') && (
          <>
            {r.mode === 'partial' && <p className="badge">{t('partialBadge')}</p>}
            <Claims result={r} context={context} onCite={onCite} />
            {r.claims.some((c) => c.status === 'dropped') && (
              <section className="dropped" aria-label={t('removedLabel')}>
                <h3>{t('removedHeading')}</h3>
                <ul>
                  {r.claims
                    .filter((c) => c.status === 'dropped')
                    .map((c, i) => (
                      <li key={i}>
                        <s>{c.text}</s> <span className="muted">— {text(c.reasons.join('; '), `dropped-${i}`)}</span>
                        <CitationStatus at={`dropped-${i}`} />
                      </li>
                    ))}
                </ul>
              </section>
            )}
            {r.unsupported.length > 0 && (
              <section className="open-questions" aria-label={t('openQuestionsHeading')}>
                <h3>{t('openQuestionsHeading')}</h3>
                <ul>
                  {r.unsupported.map((u, i) => (
                    <li key={i}>{u}</li>
                  ))}
                </ul>
              </section>
            )}
            <UsedSources result={r} context={context} />
          </>
        )}
        {r.mode === 'abstained' && <RefusalCard result={r} context={context} />}
        {r.mode === 'nothing-found' && (
          <section className="card nothing" role="status">
            <h3>{t('nothingFoundHeading')}</h3>
            <p className="refusal-reason" data-refusal={r.refusal?.code}>
              {refusalLabel(r)}
            </p>
            <p className="muted">{t('searchedList', r.searched.join(' · '))}</p>
          </section>
        )}
        {r.mode === 'not-searched' && (
          <section className="card">
            <p>{r.text}</p>
            <p className="muted">{r.reason}</p>
          </section>
        )}
        {r.mode === 'unavailable' && (
          <section className="card error" role="alert">
            <h3>{failureHeading(r.failures)}</h3>
            <ul>
              {r.failures.map((f, i) => (
                <li key={i} className="failure" data-role={failureRole(f)} data-code={f.code}>
                  {failureLabel(f)}
                </li>
              ))}
            </ul>
            <button type="button" onClick={onRetry}>
              {t('retry')}
            </button>
          </section>
        )}
        {r.conflicts.length > 0 && (
          <section className="conflicts" aria-label={t('conflictsHeading')}>
            <h3>{t('conflictsHeading')}</h3>
            <ul>
              {r.conflicts.map((c, i) => (
                <li key={i} data-resolution={c.resolution}>
                  {text(c.note, `conflict-${i}`)}
                  <CitationStatus at={`conflict-${i}`} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <UnusedSources result={r} context={context} />
        {r.warnings.length > 0 && r.mode !== 'unavailable' && (
          <ul className="warnings" aria-label={t('warningsLabel')}>
            {r.warnings.map((w, i) => (
              <li key={i} data-role={w.role} data-code={w.code}>
                {text(warningLabel(w), `warning-${i}`)}
                <CitationStatus at={`warning-${i}`} />
              </li>
            ))}
          </ul>
        )}
        {r.mode !== 'unavailable' && <AnswerActions answer={answer} />}
        <Trace result={r} />
      </article>
    </CitationsContext.Provider>
  );
}
