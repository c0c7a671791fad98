import { useId } from 'react';
import { t } from '@/lib/i18n';
import type { EvidenceSpan } from '@/lib/shared/types';
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
export function ClosestPassages({
  items,
  onCite,
  label = t('closestLabel'),
}: {
  items: ClosestItem[];
  onCite: (spanId: string) => void;
  /** The list's heading (a refusal's "Best passages found"). */
  label?: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="closest" role="group" aria-label={label}>
      <p className="closest-title muted">{label}</p>
      <ul>
        {items.map((item) => (
          <ClosestRow key={item.span.spanId} item={item} onCite={onCite} />
        ))}
      </ul>
    </div>
  );
}

/**
 * One passage: the sentence is the jump's name (what a person sees is what a screen reader says),
 * its source the description; the title says what a click does. A passage written from a JSON API's
 * data has no place in its page to jump to: it offers "Open source" instead, and says why.
 */
function ClosestRow({ item: { span, sentence }, onCite }: { item: ClosestItem; onCite: (spanId: string) => void }) {
  const sourceId = useId();
  const host = hostOf(span.url);
  if (span.textFrom === 'api')
    return (
      <li data-span={span.spanId} data-opens="source">
        <span className="closest-sentence">“{sentence}”</span>
        <span className="closest-source muted" id={sourceId}>
          {' '}
          {span.title} · {host} · {shortDate(span.published)}
        </span>{' '}
        <button
          type="button"
          className="link closest-open"
          onClick={() => onCite(span.spanId)}
          title={t('openSourceTitle', [span.title || host, host])}
          aria-describedby={sourceId}
        >
          {t('openSource')}
        </button>
        <span className="closest-note muted"> {t('fromSourceData')}</span>
      </li>
    );
  return (
    <li data-span={span.spanId}>
      <button
        type="button"
        className="link closest-jump"
        onClick={() => onCite(span.spanId)}
        title={t('closestJump', [span.title || hostOf(span.url), hostOf(span.url)])}
        aria-describedby={sourceId}
      >
        “{sentence}”
      </button>
      <span className="closest-source muted" id={sourceId}>
        {' '}
        {span.title} · {hostOf(span.url)} · {shortDate(span.published)}
      </span>
    </li>
  );
}
