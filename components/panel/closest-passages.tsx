import { t } from '@/lib/i18n';
import type { EvidenceSpan } from '@/lib/types';
import { hostOf, shortDate } from './labels';

/** A passage that was read near a claim, and its sentence nearest the claim. */
export interface ClosestItem {
  span: EvidenceSpan;
  sentence: string;
}

/**
 * The passages read nearest a claim the checks could not settle (fact-check "not found", or an
 * answer's claim not confirmed word for word): title, domain, date and the sentence, each a jump to
 * the passage in its page, so a person can finish the job. Everything is rendered as text.
 */
export function ClosestPassages({ items, onCite }: { items: ClosestItem[]; onCite: (spanId: string) => void }) {
  if (items.length === 0) return null;
  return (
    <div className="closest" role="group" aria-label={t('closestLabel')}>
      <p className="closest-title muted">{t('closestLabel')}</p>
      <ul>
        {items.map(({ span, sentence }) => (
          <li key={span.spanId} data-span={span.spanId}>
            <button
              type="button"
              className="link closest-jump"
              onClick={() => onCite(span.spanId)}
              aria-label={t('closestJump', [span.title || hostOf(span.url), hostOf(span.url)])}
            >
              “{sentence}”
            </button>
            <span className="closest-source muted">
              {' '}
              {span.title} · {hostOf(span.url)} · {shortDate(span.published)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
