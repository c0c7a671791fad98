import type { Page } from '../shared/types';
import { estimateTokens } from '../text/tokens';
import type { PipelineSettings } from '../run/pipeline-settings';
import { onDomains } from '../evidence/on-domains';
import { splitPassages } from '../pages/passages';
import { selectEvidence, type Selection } from '../evidence/select';
import { registrableDomain } from '../pages/publisher';
import type { TraceRecorder } from '../run/trace';

/** What the select stage judges the passages by, besides the settings. */
export interface SelectInputs {
  question: string;
  /** The queries searched. */
  queries: string[];
  /** The pages read and the tabs, in that order. */
  pages: Page[];
  /** The settings' primary domains, with the release sources' for a release question. */
  primaryDomains: string[];
  freshnessDays: number | undefined;
  now: () => Date;
}

/**
 * The passages and select stages: the pages (denied domains left out) split into passages, and the
 * spans selected from them (select.ts), recorded in the trace with the window they were judged against.
 */
export async function selectStage(
  input: SelectInputs,
  settings: Pick<PipelineSettings, 'denyDomains' | 'maxSpans'>,
  trace: TraceRecorder,
): Promise<Selection> {
  const denied = onDomains(settings.denyDomains);
  const { freshnessDays } = input;
  const passages = input.pages.filter((p) => !denied(p.url)).flatMap((p) => splitPassages(p));
  return trace.run(
    'select',
    async () =>
      selectEvidence(input.question, input.queries, passages, {
        maxSpans: settings.maxSpans,
        now: input.now(),
        isPrimary: onDomains(input.primaryDomains),
        ...(freshnessDays === undefined ? {} : { freshnessDays }),
      }),
    (s) => ({
      ok: true,
      summary: `${s.spans.length} spans from ${passages.length} passages`,
      detail: {
        spans: s.spans.map((x) => ({ spanId: x.spanId, url: x.url, score: x.score, domain: registrableDomain(x.url) })),
        dropped: s.dropped,
        evidenceTokens: s.spans.reduce((n, x) => n + estimateTokens(x.text), 0),
        // The window the spans were judged against (the panel shows each source's age against it).
        freshnessDays: freshnessDays ?? null,
      },
    }),
  );
}
