import type { AnswerRecord } from '@/lib/shared/records';
import { t, type MessageKey } from '@/lib/i18n';
import { formatNumber } from '@/lib/format';
import type { AnswerResult, EvidenceSpan } from '@/lib/types';
import { CitationsContext, CitationStatus, type CitationState } from './panel/citation-status';
import { failureLabel, hostOf } from './panel/labels';
import { ClosestPassages } from './panel/closest-passages';

type FactCheckResult = Extract<AnswerResult, { mode: 'fact-check' }>;
type Verdict = FactCheckResult['claims'][number]['verdict'];

const LABEL: Record<Verdict, MessageKey> = {
  supported: 'verdictSupported',
  contradicted: 'verdictContradicted',
  'not-found': 'verdictNotFound',
  mixed: 'verdictMixed',
};
const VERDICTS: Verdict[] = ['supported', 'contradicted', 'mixed', 'not-found'];

interface Props {
  answer: AnswerRecord & { result: FactCheckResult };
  citation: CitationState | null;
  /** Opens a passage; `at` is where the clicked chip sits, so the outcome is shown beside it. */
  onCite: (spanId: string, at: string) => void;
  onShowClaim: (index: number) => void;
  onCheckMore: () => void;
}

function Chip({ span, onCite }: { span: EvidenceSpan | undefined; onCite: (id: string) => void }) {
  if (!span) return null;
  const host = hostOf(span.url);
  return (
    <button
      type="button"
      className="cite"
      data-span={span.spanId}
      aria-label={t('citeLabel', [span.spanId, span.title || host, host])}
      title={`${span.title} — ${host}\n“${span.text.slice(0, 240)}”`}
      onClick={() => onCite(span.spanId)}
    >
      {span.spanId}
    </button>
  );
}

/**
 * A page's claims with their verdicts, the spans for and against each, and the budget's rest. The
 * key to the colours marked in the page is here, in the panel, so that nothing covers the page's text.
 */
export function FactCheckView({ answer, citation, onCite, onShowClaim, onCheckMore }: Props) {
  const r = answer.result;
  const span = (id: string) => r.evidence.find((e) => e.spanId === id);
  const mine = citation && citation.answerId === answer.id ? citation : null;
  const shown = VERDICTS.filter((v) => r.claims.some((c) => c.verdict === v));
  return (
    <CitationsContext.Provider value={{ current: mine, evidence: r.evidence, open: onCite }}>
      <article className="answer answer-fact-check" data-mode="fact-check" data-answer={answer.id} aria-live="polite">
        <h2 className="question">{t('factCheckHeading', r.pageTitle)}</h2>
        <p className="muted">{t('factCheckSummary', formatNumber(r.claims.length))}</p>
        {shown.length > 0 && (
          <p className="verdict-legend" aria-label={t('factCheckLegendLabel')}>
            <span className="muted">{t('factCheckLegend')}</span>{' '}
            {shown.map((v) => (
              <span key={v} className={`verdict-badge badge-${v}`} data-legend={v}>
                {t(LABEL[v])}
              </span>
            ))}
          </p>
        )}
        <ol className="verdicts">
          {r.claims.map((c, i) => (
            <li key={i} className={`verdict verdict-${c.verdict}`} data-verdict={c.verdict}>
              <span className={`verdict-badge badge-${c.verdict}`}>{t(LABEL[c.verdict])}</span>{' '}
              <button
                type="button"
                className="link claim-link"
                onClick={() => onShowClaim(i)}
                aria-label={t('showInPage', c.text)}
              >
                {c.text}
              </button>
              <div className="verdict-evidence">
                {c.for.length > 0 && (
                  <span>
                    {t('evidenceFor')}{' '}
                    {c.for.map((id) => (
                      <Chip key={id} span={span(id)} onCite={(x) => onCite(x, `verdict-${i}`)} />
                    ))}
                  </span>
                )}{' '}
                {c.against.length > 0 && (
                  <span>
                    {t('evidenceAgainst')}{' '}
                    {c.against.map((id) => (
                      <Chip key={id} span={span(id)} onCite={(x) => onCite(x, `verdict-${i}`)} />
                    ))}
                  </span>
                )}
              </div>
              <div className="muted">{c.reasons.join('; ')}</div>
              {c.verdict === 'not-found' && c.closest && (
                <ClosestPassages
                  items={c.closest.flatMap((x) => {
                    const s = span(x.spanId);
                    return s ? [{ span: s, sentence: x.sentence }] : [];
                  })}
                  onCite={(x) => onCite(x, `verdict-${i}`)}
                />
              )}
              <CitationStatus at={`verdict-${i}`} />
            </li>
          ))}
        </ol>
        {r.claims.length === 0 && <p className="card nothing">{t('noCheckableClaim')}</p>}
        {r.more > 0 && (
          <button type="button" onClick={onCheckMore}>
            {t('checkMore', formatNumber(r.more))}
          </button>
        )}
        {r.failures.length > 0 && (
          <ul className="warnings">
            {r.failures.map((f, i) => (
              <li key={i}>{failureLabel(f)}</li>
            ))}
          </ul>
        )}
      </article>
    </CitationsContext.Provider>
  );
}
