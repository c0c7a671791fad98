import type { Page, SearchHit } from '../shared/types';
import type { PipelineSettings } from '../run/pipeline-settings';
import type { PipelineDeps } from './deps';
import { onDomains } from '../evidence/on-domains';
import { snippetPages } from '../planning/fast-path';
import type { RouteDecision } from '../planning/route';
import { planFetches, rankHits } from '../evidence/plan-fetches';
import { mapWithConcurrency } from '../run/concurrency';
import type { TraceRecorder } from '../run/trace';
import { staged, type Staged } from './staged';
import { warningOf } from '../shared/failure-text';

/**
 * The fetch + extract stage: primary-source snippets that are evidence enough (the fast path,
 * fast-path.ts, for a question the router judged single-hop) and the pages read by our own ranking,
 * one page a site first, so that the page budget buys independent sources. Denied domains are never
 * read. Returns the snippet pages, then the pages read; a page cut at its size cap is a warning.
 */
export async function fetchStage(
  question: string,
  queries: string[],
  hits: SearchHit[],
  deps: Pick<PipelineDeps, 'fetchPage' | 'now' | 'onProgress'>,
  settings: Pick<PipelineSettings, 'denyDomains' | 'primaryDomains' | 'maxPages' | 'fetchConcurrency'>,
  trace: TraceRecorder,
  route: Pick<RouteDecision, 'singleHop'>,
): Promise<Staged<Page[]>> {
  const denied = onDomains(settings.denyDomains);
  const isPrimary = onDomains(settings.primaryDomains);
  const fast = snippetPages(
    question,
    route,
    hits.filter((h) => !denied(h.url)),
    isPrimary,
    deps.now(),
  );
  if (fast.length > 0)
    trace.add('fast-path', {
      ok: true,
      summary: `${fast.length} primary-source snippet${fast.length === 1 ? '' : 's'} with a verifiable token used without fetching the page`,
      detail: fast.map((p) => ({ url: p.url, snippet: p.text })),
    });
  const fastUrls = new Set(fast.map((p) => p.url));
  const plan = planFetches(
    rankHits(
      question,
      queries,
      hits.filter((h) => !denied(h.url) && !fastUrls.has(h.url)),
      isPrimary,
    ),
    settings.maxPages,
  );
  const toFetch = plan.fetch.map((r) => r.hit);
  const scoreOf = new Map(plan.fetch.map((r) => [r.hit.url, r.score]));
  deps.onProgress('reading', `Reading ${toFetch.length} page${toFetch.length === 1 ? '' : 's'}…`);
  const outcomes = await trace.run(
    'fetch',
    () => mapWithConcurrency(toFetch, settings.fetchConcurrency ?? 3, (h) => deps.fetchPage(h.url)),
    (o) => ({
      ok: true,
      summary: `${o.filter((x) => x.ok).length}/${o.length} pages read (our ranking, one page a site first${plan.deferred.length > 0 ? `; ${plan.deferred.length} more not read` : ''})`,
      detail: o.map((x, i) =>
        x.ok
          ? {
              url: x.extraction.page.url,
              rankScore: scoreOf.get(toFetch[i]!.url),
              ok: true,
              chars: x.extraction.page.text.length,
              readable: x.extraction.readable,
              truncated: x.truncated,
              published: x.extraction.page.published,
            }
          : { url: x.url, ok: false, reason: x.reason },
      ),
    }),
  );
  const cut = outcomes.flatMap((o) =>
    o.ok && o.truncated ? [warningOf('page', 'page-truncated', { url: o.extraction.page.url, bytes: o.bytes })] : [],
  );
  return staged([...fast, ...outcomes.flatMap((o) => (o.ok ? [o.extraction.page] : []))], cut);
}
