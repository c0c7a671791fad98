import { t } from '@/lib/i18n';
import type { OwnSource } from '@/lib/shared/checked-claims';
import type { EvidenceSpan } from '@/lib/shared/types';
import { hostOf } from './labels';

/** What one own source says, in the browser's language: states it, says otherwise, does not state it, could not be read. */
export function ownSourceText(o: OwnSource): string {
  if (o.reading === 'states') return t('ownSourceStates');
  if (o.reading === 'contradicts') return t('ownSourceContradicts', o.reason);
  if (o.reading === 'unread') return t('ownSourceUnread', o.reason);
  return t('ownSourceSilent');
}

/** The passage shown for an own source: its first sentence-long stretch, as text. */
const shown = (text: string) => (text.length > 240 ? `${text.slice(0, 239)}…` : text);

/**
 * What a claim's own sources (a link in its sentence, its footnote) say of it, under their own label
 * and apart from the verdict, which never counts them. A passage found is a jump to it in its page,
 * highlighted (the archived copy when the page is gone); the source's address opens in a new tab.
 */
export function OwnSources(props: {
  sources: OwnSource[] | undefined;
  /** While the check runs: how many are still being read (the verdict came first). */
  reading?: number | undefined;
  span: (id: string) => EvidenceSpan | undefined;
  onCite?: ((spanId: string) => void) | undefined;
}) {
  const { sources, span, onCite } = props;
  if (!sources?.length)
    return props.reading ? (
      <p className="own-sources-reading muted" role="status">
        {t('ownSourcesReading')}
      </p>
    ) : null;
  return (
    <div className="own-sources" role="group" aria-label={t('ownSourcesLabel')}>
      <span className="muted">{t('ownSourcesLabel')}</span>
      <ul>
        {sources.map((o, i) => {
          const passage = o.spanId ? span(o.spanId) : undefined;
          return (
            <li key={i} className="own-source" data-reading={o.reading} data-via={o.via}>
              {ownSourceText(o)}{' '}
              <a className="own-source-link muted" href={o.url} target="_blank" rel="noopener noreferrer">
                {hostOf(o.url)}
              </a>
              {passage && onCite && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="link own-source-passage"
                    data-span={passage.spanId}
                    onClick={() => onCite(passage.spanId)}
                    title={t('ownSourceShow', hostOf(passage.url))}
                  >
                    “{shown(passage.text)}”
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
