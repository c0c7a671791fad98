import { t } from '@/lib/i18n';
import { formatDate, formatNumber } from '@/lib/format';
import type { AnswerResult, GateResult } from '@/lib/shared/types';
import type { CiteContext } from './panel/cite-chip';
import { CitationStatus, useCitations } from './panel/citation-status';
import { ClosestPassages } from './panel/closest-passages';
import { hostOf, refusalLabel } from './panel/labels';
import { SpanText } from './panel/span-text';

type Refusal = Extract<AnswerResult, { mode: 'abstained' }>;
type Failure = GateResult['failed'][number];

/** Where the outcome of a best passage's jump is shown. */
const BEST_AT = 'refusal-best';

/**
 * A failed condition in the reader's language, from the figures the gate kept; the gate's own
 * English sentence for answers stored before it kept them.
 */
function failedConditionText(f: Failure): string {
  if (f.condition === 'independent-domains' && f.found && f.required !== undefined) {
    const sources = f.found.join(', ') || t('gateNone');
    return f.found.length === 1
      ? t('gateOneSource', [sources, String(f.required)])
      : t('gateSources', [String(f.found.length), sources, String(f.required)]);
  }
  if (f.condition === 'primary-source') return t('gatePrimary');
  if (f.condition === 'freshness' && f.found && f.required !== undefined) {
    const dates = f.found.map((d) => (d === 'undated' ? t('gateUndated') : formatDate(d)));
    return t('gateFreshness', [formatNumber(f.required), dates.join(', ') || t('gateNone')]);
  }
  // A disagreement is said by the conflict check's own note, with the spans it names as chips.
  return f.message;
}

/**
 * A refusal, shown as a result: the condition that failed, what was searched, the best passages
 * found (title, domain, date and the sentence nearest the question, each a jump to the passage in
 * its page), and the raw links, so a person can finish the job. Everything is rendered as text.
 */
export function RefusalCard({ result: r, context }: { result: Refusal; context: CiteContext }) {
  const { evidence, open } = useCitations();
  const failed = r.gate?.failed ?? [];
  const best = r.best.flatMap((b) => {
    const span = evidence.find((e) => e.spanId === b.spanId);
    return span ? [{ span, sentence: b.sentence }] : [];
  });
  return (
    <section className="card refusal" role="status">
      <h3>{t('refusalHeading')}</h3>
      {failed.length > 0 ? (
        <ul className="gate-failed" aria-label={t('refusalFailedLabel')}>
          {failed.map((f, i) => (
            <li key={i} data-condition={f.condition}>
              <SpanText text={failedConditionText(f)} context={context} at={`gate-${i}`} />
              <CitationStatus at={`gate-${i}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="refusal-reason" data-refusal={r.refusal?.code}>
          {refusalLabel(r)}
        </p>
      )}
      <p className="muted">{t('searchedList', r.searched.join(' · '))}</p>
      {best.length > 0 && (
        <div className="refusal-best">
          <ClosestPassages items={best} onCite={(id) => open(id, BEST_AT)} label={t('refusalBestLabel')} />
          <CitationStatus at={BEST_AT} />
        </div>
      )}
      {r.links.length > 0 && (
        <>
          <h4>{t('foundHeading')}</h4>
          <ul className="found-links">
            {r.links.map((l) => (
              <li key={l.url}>
                {l.title} <span className="muted">{hostOf(l.url)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
