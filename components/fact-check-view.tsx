import type { AnswerRecord } from '@/lib/shared/records';
import type { AnswerResult, EvidenceSpan } from '@/lib/types';

type FactCheckResult = Extract<AnswerResult, { mode: 'fact-check' }>;

const LABEL: Record<FactCheckResult['claims'][number]['verdict'], string> = {
  supported: 'Supported',
  contradicted: 'Contradicted',
  'not-found': 'Not found',
  mixed: 'Mixed',
};

interface Props {
  answer: AnswerRecord & { result: FactCheckResult };
  onCite: (spanId: string) => void;
  onShowClaim: (index: number) => void;
  onCheckMore: () => void;
}

function Chip({ span, onCite }: { span: EvidenceSpan | undefined; onCite: (id: string) => void }) {
  if (!span) return null;
  let host = span.url;
  try {
    host = new URL(span.url).host;
  } catch {
    /* shown as given */
  }
  return (
    <button
      type="button"
      className="cite"
      data-span={span.spanId}
      aria-label={`Source ${span.spanId}: ${span.title}, ${host}`}
      title={`${span.title} — ${host}\n“${span.text.slice(0, 240)}”`}
      onClick={() => onCite(span.spanId)}
    >
      {span.spanId}
    </button>
  );
}

/** A page's claims with their verdicts, the spans for and against each, and the budget's rest. */
export function FactCheckView({ answer, onCite, onShowClaim, onCheckMore }: Props) {
  const r = answer.result;
  const span = (id: string) => r.evidence.find((e) => e.spanId === id);
  return (
    <article className="answer answer-fact-check" data-mode="fact-check" aria-live="polite">
      <h2 className="question">Fact-check: {r.pageTitle}</h2>
      <p className="muted">
        {r.claims.length} claim{r.claims.length === 1 ? '' : 's'} checked against independent sources; the page’s own site is
        never evidence for itself.
      </p>
      <ol className="verdicts">
        {r.claims.map((c, i) => (
          <li key={i} className={`verdict verdict-${c.verdict}`} data-verdict={c.verdict}>
            <span className={`verdict-badge badge-${c.verdict}`}>{LABEL[c.verdict]}</span>{' '}
            <button
              type="button"
              className="link claim-link"
              onClick={() => onShowClaim(i)}
              aria-label={`Show in the page: ${c.text}`}
            >
              {c.text}
            </button>
            <div className="verdict-evidence">
              {c.for.length > 0 && (
                <span>
                  For:{' '}
                  {c.for.map((id) => (
                    <Chip key={id} span={span(id)} onCite={onCite} />
                  ))}
                </span>
              )}{' '}
              {c.against.length > 0 && (
                <span>
                  Against:{' '}
                  {c.against.map((id) => (
                    <Chip key={id} span={span(id)} onCite={onCite} />
                  ))}
                </span>
              )}
            </div>
            <div className="muted">{c.reasons.join('; ')}</div>
          </li>
        ))}
      </ol>
      {r.claims.length === 0 && (
        <p className="card nothing">No checkable claim (a number, a date or a name, stated as fact) was found in this text.</p>
      )}
      {r.more > 0 && (
        <button type="button" onClick={onCheckMore}>
          Check {r.more} more claim{r.more === 1 ? '' : 's'}
        </button>
      )}
      {r.failures.length > 0 && (
        <ul className="warnings">
          {r.failures.map((f, i) => (
            <li key={i}>{f.message}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
