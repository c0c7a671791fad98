import type { Page } from '../shared/types';
import type { TraceRecorder } from '../run/trace';

/** The tabs stage: the open tabs the person allowed for this question, read as pages, recorded in the trace. */
export function tabsStage(readTabs: () => Promise<Page[]>, trace: TraceRecorder): Promise<Page[]> {
  return trace.run(
    'tabs',
    () => readTabs(),
    (t) => ({
      ok: true,
      summary: `${t.length} open tab${t.length === 1 ? '' : 's'} read`,
      detail: t.map((p) => ({ url: p.url, title: p.title, chars: p.text.length })),
    }),
  );
}
