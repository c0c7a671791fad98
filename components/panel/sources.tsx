import { useId } from 'react';
import { t } from '@/lib/i18n';
import { freshnessOf } from '@/lib/answer/freshness';
import { unusedSources, usedSources } from '@/lib/answer/source-usage';
import type { AnswerResult } from '@/lib/types';
import type { CiteContext } from './cite-chip';
import { ageWords, hostOf, shortDate, unusedReasonText } from './labels';

/** The sources an answer cites, each a button that jumps to its passage, with date and age. */
export function UsedSources({
  result,
  context,
  onCite,
}: {
  result: AnswerResult;
  context: CiteContext;
  onCite: (id: string) => void;
}) {
  const headingId = useId();
  const sources = usedSources(result);
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="sources">
      <h3 id={headingId}>{t('sourcesHeading')}</h3>
      <ol>
        {sources.map((s) => {
          const f = freshnessOf(s.published, context.askedAt, context.windowDays);
          return (
            <li key={s.spanId} data-source={s.spanId}>
              <button type="button" className="source-link" onClick={() => onCite(s.spanId)}>
                [{s.spanId}] {s.title || hostOf(s.url)}
              </button>{' '}
              <span className="muted">
                {hostOf(s.url)} · {s.origin === 'tab' ? t('originTab') : t('originWeb')} ·{' '}
                <span className="nowrap">{shortDate(s.published)}</span>
                {f.kind === 'dated' && (
                  <>
                    {' · '}
                    <span className="nowrap">{t('ageOld', ageWords(f.ageDays))}</span>
                  </>
                )}
              </span>
              {f.kind === 'dated' && f.inside === false && (
                <span className="freshness stale"> {t('outsideWindowShort', String(f.windowDays))}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Retrieved but not used: every page and tab the trace shows that the answer does not cite, each with why. */
export function UnusedSources({ result }: { result: AnswerResult }) {
  const unused = unusedSources(result);
  if (unused.length === 0) return null;
  return (
    <details className="unused-sources">
      <summary>{t('unusedSummary', String(unused.length))}</summary>
      <ul>
        {unused.map((u) => (
          <li key={u.url} data-url={u.url}>
            <span className="unused-title">{u.title || hostOf(u.url)}</span> <span className="muted unused-url">{u.url}</span>
            <span className="unused-why">{u.reasons.map(unusedReasonText).join('; ')}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
