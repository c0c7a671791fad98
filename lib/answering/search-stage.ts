import type { ProviderFailure, SearchHit } from '../shared/types';
import type { PipelineSettings } from '../run/pipeline-settings';
import type { PipelineDeps } from './deps';
import { searchRecord, searchRound } from '../search/search-round';
import type { TraceRecorder } from '../run/trace';
import { staged, type Staged } from './staged';

/** What the search stage found, and the providers that failed on every query. */
export interface Searched {
  hits: SearchHit[];
  failures: ProviderFailure[];
}

/** Results asked of each provider per query. */
const RESULTS_PER_QUERY = 8;

/**
 * The search stage: every query on every provider at once, through the search cache (lib/search/search-round.ts over lib/run/cache.ts),
 * recorded in the trace. A provider's failure is a value and a warning, never a throw.
 */
export async function searchStage(
  queries: string[],
  freshnessDays: number | undefined,
  deps: Pick<PipelineDeps, 'providers' | 'fetch' | 'now' | 'cache'>,
  settings: Pick<PipelineSettings, 'searchTimeoutMs' | 'prices'>,
  trace: TraceRecorder,
): Promise<Staged<Searched>> {
  const round = await trace.run(
    'search',
    () =>
      searchRound(deps.providers, queries, {
        count: RESULTS_PER_QUERY,
        fetch: deps.fetch,
        now: deps.now,
        cache: deps.cache,
        timeoutMs: settings.searchTimeoutMs,
        freshnessDays,
      }),
    (r) => searchRecord([r], deps.providers.length, queries, settings.prices),
  );
  return staged({ hits: round.hits, failures: round.failures }, round.warnings);
}

/** The progress line of the search stage. */
export function searchProgress(queries: number, providers: number): string {
  return `Searching ${queries} quer${queries === 1 ? 'y' : 'ies'} on ${providers} source${providers === 1 ? '' : 's'}…`;
}
