import type { AnswerRecord } from '@/lib/db/records';
import { UNCONFIRMED, type AnswerResult, type Claim, type EvidenceSpan } from '@/lib/types';

export interface CitationState {
  spanId: string;
  found: boolean;
  message: string;
}

interface Props {
  answer: AnswerRecord;
  citation: CitationState | null;
  onCite: (spanId: string) => void;
  onRetry: () => void;
}

/** Host name for display; everything shown is text, never HTML. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function dateLabel(span: { published: EvidenceSpan['published'] }): string {
  return span.published ? `${span.published.iso.slice(0, 10)} (${span.published.source})` : 'date unknown';
}

function CiteChip({ span, onCite }: { span: EvidenceSpan | undefined; onCite: (id: string) => void; id: string }) {
  if (!span) return null;
  return (
    <button
      type="button"
      className="cite"
      data-span={span.spanId}
      title={`${span.title} — ${hostOf(span.url)}, ${dateLabel(span)}\n“${span.text.slice(0, 240)}”`}
      aria-label={`Source ${span.spanId}: ${span.title}`}
      onClick={() => onCite(span.spanId)}
    >
      {span.spanId}
    </button>
  );
}

/** One claim with its citation chips; exported for the live (streaming) list. */
export function ClaimRow({ claim, evidence, onCite }: { claim: Claim; evidence: EvidenceSpan[]; onCite: (id: string) => void }) {
  const unconfirmed = claim.status === 'supported' && claim.reasons.includes(UNCONFIRMED);
  return (
    <li className={`claim claim-${claim.status}`} data-status={claim.status} data-unconfirmed={unconfirmed || undefined}>
      <span className="claim-text">{claim.text}</span>{' '}
      {unconfirmed && (
        <span className="unconfirmed" title={claim.reasons.join('; ')} aria-label="Not confirmed word for word">
          ≈
        </span>
      )}
      {claim.cites.map((id) => (
        <CiteChip key={id} id={id} span={evidence.find((e) => e.spanId === id)} onCite={onCite} />
      ))}
      {claim.status !== 'supported' && claim.reasons.length > 0 && (
        <div className="claim-warning" role="note">
          ⚠ {claim.reasons.join('; ')}
        </div>
      )}
    </li>
  );
}

function Sources({
  result,
  onCite,
}: {
  result: Extract<AnswerResult, { mode: 'grounded' | 'partial' }>;
  onCite: (id: string) => void;
}) {
  return (
    <section aria-label="Sources" className="sources">
      <h3>Sources</h3>
      <ol>
        {result.sources.map((s) => (
          <li key={s.spanId} data-source={s.spanId}>
            <button type="button" className="source-link" onClick={() => onCite(s.spanId)}>
              [{s.spanId}] {s.title}
            </button>{' '}
            <span className="muted">
              {hostOf(s.url)} · {s.origin === 'tab' ? 'open tab' : 'web'} · {dateLabel(s)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Trace({ result }: { result: AnswerResult }) {
  return (
    <details className="trace">
      <summary>Trace ({result.trace.stages.length} stages)</summary>
      <ol>
        {result.trace.stages.map((s, i) => (
          <li key={i}>
            <strong>{s.stage}</strong> {s.ok ? '' : '✗ '}
            {s.summary} <span className="muted">{s.ms} ms</span>
            {s.tokensIn !== undefined && (
              <span className="muted">
                {' '}
                · {s.tokensIn} in / {s.tokensOut ?? 0} out tokens
              </span>
            )}
            {s.costUsd !== undefined && s.costUsd > 0 && <span className="muted"> · ${s.costUsd.toFixed(4)}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** One answer, whatever its mode: a refusal or a gap is a result, shown as plainly as an answer. */
export function AnswerView({ answer, citation, onCite, onRetry }: Props) {
  const r = answer.result;
  const citedSpan = citation && !citation.found ? r.evidence.find((e) => e.spanId === citation.spanId) : undefined;
  return (
    <article className={`answer answer-${r.mode}`} data-mode={r.mode} aria-live="polite">
      <h2 className="question">{answer.question}</h2>
      {(r.mode === 'grounded' || r.mode === 'partial') && (
        <>
          {r.mode === 'partial' && <p className="badge">Partly answered: some sentences could not be verified.</p>}
          <ul className="claims">
            {r.claims
              .filter((c) => c.status !== 'dropped')
              .map((c, i) => (
                <ClaimRow key={i} claim={c} evidence={r.evidence} onCite={onCite} />
              ))}
          </ul>
          {r.claims.some((c) => c.status === 'dropped') && (
            <section className="dropped" aria-label="Removed sentences">
              <h3>Removed: not supported by the passage they cite</h3>
              <ul>
                {r.claims
                  .filter((c) => c.status === 'dropped')
                  .map((c, i) => (
                    <li key={i}>
                      <s>{c.text}</s> <span className="muted">— {c.reasons.join('; ')}</span>
                    </li>
                  ))}
              </ul>
            </section>
          )}
          {r.unsupported.length > 0 && (
            <section className="open-questions">
              <h3>Not answered by the evidence</h3>
              <ul>
                {r.unsupported.map((u, i) => (
                  <li key={i}>{u}</li>
                ))}
              </ul>
            </section>
          )}
          <Sources result={r} onCite={onCite} />
        </>
      )}
      {r.mode === 'abstained' && (
        <section className="card refusal" role="status">
          <h3>No answer: the evidence is not enough</h3>
          {r.gate && r.gate.failed.length > 0 ? (
            <ul className="gate-failed">
              {r.gate.failed.map((f, i) => (
                <li key={i} data-condition={f.condition}>
                  {f.message}
                </li>
              ))}
            </ul>
          ) : (
            <p>{r.reason}</p>
          )}
          <p className="muted">Searched: {r.searched.join(' · ')}</p>
          <ul>
            {r.links.map((l) => (
              <li key={l.url}>
                {l.title} <span className="muted">{hostOf(l.url)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.mode === 'nothing-found' && (
        <section className="card nothing" role="status">
          <h3>Nothing found</h3>
          <p>{r.reason}</p>
          <p className="muted">Searched: {r.searched.join(' · ')}</p>
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
          <h3>{r.failures.some((f) => f.provider.startsWith('The model')) ? 'Model unavailable' : 'Search unavailable'}</h3>
          <ul>
            {r.failures.map((f, i) => (
              <li key={i} className="failure">
                {f.message}
              </li>
            ))}
          </ul>
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </section>
      )}
      {r.conflicts.length > 0 && (
        <section className="conflicts" aria-label="Sources disagree">
          <h3>Sources disagree</h3>
          <ul>
            {r.conflicts.map((c, i) => (
              <li key={i} data-resolution={c.resolution}>
                {c.note}
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.warnings.length > 0 && r.mode !== 'unavailable' && (
        <ul className="warnings">
          {r.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      {citation && (
        <div className={`citation-status ${citation.found ? 'ok' : 'missing'}`} role="status">
          {citation.message}
          {citedSpan && (
            <blockquote className="stored-passage">
              {citedSpan.text}
              <footer className="muted">
                {citedSpan.title} · retrieved {new Date(citedSpan.retrievedAt).toLocaleString()}
              </footer>
            </blockquote>
          )}
        </div>
      )}
      <Trace result={r} />
    </article>
  );
}
