import { useId } from 'react';
import { t } from '@/lib/i18n';
import { freshnessOf } from '@/lib/panel/freshness';
import { unusedSources, usedSources } from '@/lib/panel/source-usage';
import type { AnswerResult, Source } from '@/lib/shared/types';
import { CiteChip, type CiteContext } from './cite-chip';
import { ArchiveActions, CitationStatus, useCitations } from './citation-status';
import { SpanText } from './span-text';
import { ageWords, hostOf, shortDate, unusedReasonText } from './labels';

/** The cited spans grouped by page, in the order of each page's first span. */
export function sourcePages(sources: Source[]): Array<Source & { spanIds: string[] }> {
  const byUrl = new Map<string, Source & { spanIds: string[] }>();
  for (const s of sources) {
    const page = byUrl.get(s.url);
    if (page) page.spanIds.push(s.spanId);
    else byUrl.set(s.url, { ...s, spanIds: [s.spanId] });
  }
  return [...byUrl.values()];
}

/** "citing www.mozilla.org" on a page whose footnotes led to other sources; "cited by …" on those sources. */
function CitationNote({ source, sources }: { source: Source; sources: Source[] }) {
  const citing = [...new Set(sources.filter((x) => x.citedBy?.url === source.url).map((x) => hostOf(x.url)))];
  const notes = [
    ...(citing.length > 0 ? [t('sourceCiting', citing.join(', '))] : []),
    ...(source.citedBy ? [t('sourceCitedBy', `${hostOf(source.citedBy.url)}: ${source.citedBy.title}`)] : []),
  ];
  if (notes.length === 0) return null;
  return <span className="citation-note">{notes.join(' · ')} · </span>;
}

/**
 * The pages an answer cites, once each, numbered, with a chip for each of its cited spans (each
 * jumps to its passage), the page's date and age. The number is text beside the title's first line.
 */
export function UsedSources({ result, context }: { result: AnswerResult; context: CiteContext }) {
  const headingId = useId();
  const { evidence, open } = useCitations();
  const pages = sourcePages(usedSources(result));
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="sources">
      <h3 id={headingId}>{t('sourcesHeading')}</h3>
      <ol>
        {pages.map((s, n) => {
          const f = freshnessOf(s.published, context.askedAt, context.windowDays);
          const at = `source-${n}`;
          return (
            <li key={s.url} data-source={s.spanIds.join(' ')}>
              <span className="source-number" aria-hidden="true">
                {n + 1}.
              </span>
              <div className="source-body">
                <span className="source-title">{s.title || hostOf(s.url)}</span>{' '}
                {s.spanIds.map((id) => {
                  const span = evidence.find((e) => e.spanId === id);
                  return span ? (
                    <CiteChip key={id} span={span} quote={undefined} context={context} onCite={(x) => open(x, at)} />
                  ) : null;
                })}
                <div className="muted source-meta">
                  {hostOf(s.url)} · {s.origin === 'tab' ? t('originTab') : t('originWeb')} ·{' '}
                  <CitationNote source={s} sources={pages} />
                  <span className="nowrap">{shortDate(s.published)}</span>
                  {f.kind === 'dated' && (
                    <>
                      {' · '}
                      <span className="nowrap">{t('ageOld', ageWords(f.ageDays))}</span>
                    </>
                  )}
                  {f.kind === 'dated' && f.inside === false && (
                    <span className="freshness stale"> {t('outsideWindowShort', String(f.windowDays))}</span>
                  )}
                  {s.spanIds[0] && (
                    <>
                      {' · '}
                      <ArchiveActions spanId={s.spanIds[0]} at={at} save />
                    </>
                  )}
                </div>
                <CitationStatus at={at} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Retrieved but not used: every page and tab the trace shows that the answer does not cite, each with why. */
export function UnusedSources({ result, context }: { result: AnswerResult; context: CiteContext }) {
  const unused = unusedSources(result);
  if (unused.length === 0) return null;
  return (
    <details className="unused-sources">
      <summary>{t('unusedSummary', String(unused.length))}</summary>
      <ul>
        {unused.map((u, i) => (
          <li key={u.url} data-url={u.url}>
            <span className="unused-title">{u.title || hostOf(u.url)}</span> <span className="muted unused-url">{u.url}</span>
            <span className="unused-why">
              <SpanText text={u.reasons.map(unusedReasonText).join('; ')} context={context} at={`unused-${i}`} />
            </span>
            <CitationStatus at={`unused-${i}`} />
          </li>
        ))}
      </ul>
    </details>
  );
}
