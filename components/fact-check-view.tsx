import { useEffect, useState } from 'react';
import type { AnswerRecord, FactCheckState } from '@/lib/shared/records';
import { t, type MessageKey } from '@/lib/i18n';
import { formatCounted, formatNumber } from '@/lib/format';
import {
  FailureCodeSchema,
  type AnswerResult,
  type CheckedClaimRecord,
  type EvidenceSpan,
  type FoundClaim,
} from '@/lib/shared/types';
import { CitationsContext, CitationStatus, type CitationState } from './panel/citation-status';
import { failureLabel, hostOf, warningLabel } from './panel/labels';
import { ClosestPassages } from './panel/closest-passages';
import { PriorChecks } from './panel/prior-checks';
import { OwnSources } from './panel/own-sources';
import { ClaimForm, LeftOut } from './panel/left-out';

type FactCheckResult = Extract<AnswerResult, { mode: 'fact-check' }>;
type Verdict = CheckedClaimRecord['verdict'];

const LABEL: Record<Verdict, MessageKey> = {
  supported: 'verdictSupported',
  contradicted: 'verdictContradicted',
  'not-found': 'verdictNotFound',
  mixed: 'verdictMixed',
  unchecked: 'verdictUnchecked',
};
const VERDICTS: Verdict[] = ['supported', 'contradicted', 'mixed', 'not-found'];
/** Verdicts rendered at once; the rest follow a slice per frame, so a 200-claim page never freezes the panel. */
const SLICE = 40;

/** How many of `total` items are rendered: a slice at first, then a slice more each frame until all are. */
export function useIncremental(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, SLICE));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((n) => Math.min(total, n + SLICE)), 16);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}

function Chip({ span, onCite }: { span: EvidenceSpan | undefined; onCite?: ((id: string) => void) | undefined }) {
  if (!span) return null;
  const host = hostOf(span.url);
  const label = t('citeLabel', [span.spanId, span.title || host, host]);
  const title = `${span.title} — ${host}\n“${span.text.slice(0, 240)}”`;
  // While the check runs, its spans are not stored yet: they are shown, and open once it is done.
  if (!onCite)
    return (
      <span className="cite pending" data-span={span.spanId} aria-label={label} title={title}>
        {span.spanId}
      </span>
    );
  return (
    <button
      type="button"
      className="cite"
      data-span={span.spanId}
      aria-label={label}
      title={title}
      onClick={() => onCite(span.spanId)}
    >
      {span.spanId}
    </button>
  );
}

/** Why a claim was not checked, in the browser's language from its failure's code; its English message without one. */
function uncheckedReason(c: CheckedClaimRecord): string {
  const f = c.failure;
  if (!f) return t('uncheckedReason', c.reasons.join('; '));
  const code = FailureCodeSchema.safeParse(f.code);
  const kind = f.kind as Parameters<typeof failureLabel>[0]['kind'];
  return t('uncheckedReason', code.success ? failureLabel({ ...f, kind, code: code.data }) : f.message);
}

/** One claim's verdict: its badge, its words (a link to it in the page once the check is done), the spans for and against. */
export function VerdictItem(props: {
  claim: CheckedClaimRecord;
  index: number;
  span: (id: string) => EvidenceSpan | undefined;
  onCite?: (spanId: string, at: string) => void;
  onShowClaim?: (index: number) => void;
}) {
  const { claim: c, index: i, span, onCite, onShowClaim } = props;
  const cite = onCite ? (x: string) => onCite(x, `verdict-${i}`) : undefined;
  return (
    <li className={`verdict verdict-${c.verdict}`} data-verdict={c.verdict} data-rank={c.rank}>
      <span className={`verdict-badge badge-${c.verdict}`}>{t(LABEL[c.verdict])}</span>{' '}
      {onShowClaim ? (
        <button type="button" className="link claim-link" onClick={() => onShowClaim(i)} aria-label={t('showInPage', c.sentence)}>
          {c.sentence}
        </button>
      ) : (
        <span className="claim-link">{c.sentence}</span>
      )}
      <ClaimForm claim={c} />
      <div className="verdict-evidence">
        {c.for.length > 0 && (
          <span>
            {t('evidenceFor')}{' '}
            {c.for.map((id) => (
              <Chip key={id} span={span(id)} onCite={cite} />
            ))}
          </span>
        )}{' '}
        {c.against.length > 0 && (
          <span>
            {t('evidenceAgainst')}{' '}
            {c.against.map((id) => (
              <Chip key={id} span={span(id)} onCite={cite} />
            ))}
          </span>
        )}
      </div>
      {c.verdict === 'unchecked' ? (
        <div className="unchecked-reason" role="note">
          {uncheckedReason(c)}
        </div>
      ) : (
        <div className="muted">{c.reasons.join('; ')}</div>
      )}
      <PriorChecks checks={c.priorChecks} />
      <OwnSources sources={c.ownSources} reading={c.ownSourcesReading} span={span} onCite={cite} />
      {c.verdict === 'not-found' && c.closest && cite && (
        <ClosestPassages
          items={c.closest.flatMap((x) => {
            const s = span(x.spanId);
            return s ? [{ span: s, sentence: x.sentence }] : [];
          })}
          onCite={cite}
        />
      )}
      {onCite && <CitationStatus at={`verdict-${i}`} />}
    </li>
  );
}

/** The key to the colours marked in the page, for the verdicts present. */
function Legend({ claims }: { claims: Array<{ verdict: Verdict }> }) {
  const shown = VERDICTS.filter((v) => claims.some((c) => c.verdict === v));
  if (shown.length === 0) return null;
  return (
    <p className="verdict-legend" aria-label={t('factCheckLegendLabel')}>
      <span className="muted">{t('factCheckLegend')}</span>{' '}
      {shown.map((v) => (
        <span key={v} className={`verdict-badge badge-${v}`} data-legend={v}>
          {t(LABEL[v])}
        </span>
      ))}
    </p>
  );
}

/** The claims left unchecked, collapsed, so that nothing is skipped silently. */
function NotChecked({ claims }: { claims: FoundClaim[] }) {
  const [open, setOpen] = useState(false);
  if (claims.length === 0) return null;
  return (
    <details className="not-checked" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('notCheckedHeading', formatNumber(claims.length))}</summary>
      {open && (
        <ol>
          {claims.map((c) => (
            <li key={`${c.start}:${c.end}:${c.text}`} value={c.rank} data-rank={c.rank}>
              {c.sentence}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

interface Props {
  answer: AnswerRecord & { result: FactCheckResult };
  citation: CitationState | null;
  /** Opens a passage (with `archived`, in the archive's copy); `at` is where the clicked chip sits, so the outcome is shown beside it. */
  onCite: (spanId: string, at: string, archived?: boolean) => void;
  onShowClaim: (index: number) => void;
  onCheckMore: () => void;
  /** Checks again the claims every search of which failed (the result then holds their new verdicts). */
  onRetry?: () => void;
}

/**
 * A page's claims with their verdicts (highest-ranked first), the spans for and against each, how
 * many of the page's checkable claims were checked, and the rest: listed, and checked with one click.
 * The key to the colours marked in the page is here, in the panel, so that nothing covers the page's text.
 */
export function FactCheckView({ answer, citation, onCite, onShowClaim, onCheckMore, onRetry }: Props) {
  const r = answer.result;
  const span = (id: string) => r.evidence.find((e) => e.spanId === id);
  const mine = citation && citation.answerId === answer.id ? citation : null;
  const total = r.checkable ?? r.claims.length + r.more;
  const shown = useIncremental(r.claims.length);
  const unchecked = r.claims.filter((c) => c.verdict === 'unchecked').length;
  const checked = formatNumber(r.claims.length - unchecked);
  return (
    <CitationsContext.Provider value={{ current: mine, evidence: r.evidence, open: onCite, answerId: answer.id }}>
      <article className="answer answer-fact-check" data-mode="fact-check" data-answer={answer.id} aria-live="polite">
        <h2 className="question">{t('factCheckHeading', r.pageTitle)}</h2>
        <p className="muted fact-check-count">
          {unchecked > 0
            ? formatCounted('factCheckCountedUnchecked', total, [checked, formatNumber(total), formatNumber(unchecked)])
            : formatCounted('factCheckCounted', total, [checked, formatNumber(total)])}{' '}
          {t('factCheckSummary')}
        </p>
        {r.stopped && (
          <p className="card stopped" role="status">
            {t(r.stopped === 'stopped' ? 'factCheckStopped' : 'factCheckInterrupted')}
          </p>
        )}
        <Legend claims={r.claims} />
        <ol className="verdicts">
          {r.claims.slice(0, shown).map((c, i) => (
            <VerdictItem key={i} claim={c} index={i} span={span} onCite={onCite} onShowClaim={onShowClaim} />
          ))}
        </ol>
        {unchecked > 0 && onRetry && (
          <button type="button" className="retry-unchecked" onClick={onRetry}>
            {t('retryUnchecked', formatNumber(unchecked))}
          </button>
        )}
        {r.claims.length === 0 && r.more === 0 && <p className="card nothing">{t('noCheckableClaim')}</p>}
        {r.more > 0 && (
          <button type="button" className="check-rest" onClick={onCheckMore}>
            {t('checkTheRest', [formatNumber(r.more), formatNumber(r.moreSearches ?? r.more)])}
          </button>
        )}
        <NotChecked claims={r.notChecked} />
        <LeftOut left={r.left} />
        {(r.failures.length > 0 || r.warnings.length > 0) && (
          <ul className="warnings" aria-label={t('warningsLabel')}>
            {r.failures.map((f, i) => (
              <li key={i}>{failureLabel(f)}</li>
            ))}
            {r.warnings.map((w, i) => (
              <li key={`w${i}`} data-role={w.role} data-code={w.code}>
                {warningLabel(w)}
              </li>
            ))}
          </ul>
        )}
      </article>
    </CitationsContext.Provider>
  );
}

/** A fact-check under way: how many claims have settled, and their verdicts as they came, highest-ranked first. */
export function RunningFactCheck({ state }: { state: FactCheckState }) {
  const settled = [...state.settled].sort((a, b) => a.claim.rank - b.claim.rank);
  const evidence = settled.flatMap((s) => s.evidence);
  const span = (id: string) => evidence.find((e) => e.spanId === id);
  const shown = useIncremental(settled.length);
  const budget = Math.min(state.budget, state.found.length);
  return (
    <div className="running-fact-check">
      <p className="muted fact-check-count" role="status">
        {formatCounted('checkedSoFar', budget, [formatNumber(settled.length), formatNumber(budget)])}
      </p>
      <Legend claims={settled.map((s) => s.claim)} />
      <ol className="verdicts live" aria-label={t('verifiedSoFar')}>
        {settled.slice(0, shown).map((s, i) => (
          <VerdictItem key={s.claim.rank} claim={s.claim} index={i} span={span} />
        ))}
      </ol>
    </div>
  );
}
