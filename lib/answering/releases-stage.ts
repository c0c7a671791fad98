import type { Page } from '../shared/types';
import { releasePages } from '../releases/release-pages';
import type { PipelineSettings } from '../run/pipeline-settings';
import type { PipelineDeps } from './deps';
import type { TraceRecorder } from '../run/trace';
import { SEARCH_TIMEOUT_MS } from '../search/search-round';

/**
 * The releases stage, for questions about the latest release of a piece of software: the keyless
 * primary sources' public JSON (lib/releases), asked while the search runs, as pages. No subject,
 * or no release source: no pages, and nothing in the trace.
 */
export async function releasesStage(
  subject: string | undefined,
  deps: Pick<PipelineDeps, 'releaseSources' | 'fetch' | 'now'>,
  settings: Pick<PipelineSettings, 'searchTimeoutMs'>,
  trace: TraceRecorder,
): Promise<Page[]> {
  const sources = deps.releaseSources;
  if (!subject || !sources?.length) return [];
  const found = await trace.run(
    'releases',
    () =>
      releasePages(subject, sources, {
        fetch: deps.fetch,
        timeoutMs: settings.searchTimeoutMs ?? SEARCH_TIMEOUT_MS,
        now: deps.now,
      }),
    (r) => ({
      ok: true,
      summary: `${r.pages.length} release source${r.pages.length === 1 ? '' : 's'} answered for ${subject}: ${r.outcomes.map((o) => `${o.source} (${o.outcome}${o.rateLimit ? `; ${o.rateLimit}` : ''})`).join(', ')}`,
      detail: r.outcomes,
    }),
  );
  return found.pages;
}
