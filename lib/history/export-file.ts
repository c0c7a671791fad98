import type { CallBackground } from './history-caller';

/** Where an export is. */
export interface ExportProgress {
  written: number;
  total: number;
}

export type ExportFileOutcome =
  { kind: 'done'; blob: Blob; count: number; exportedAt: string } | { kind: 'cancelled' } | { kind: 'failed'; error: string };

/**
 * Writes the export file a page at a time: each page (a few MB of answers, newest first) comes in
 * its own message and is added to a Blob as it is, so the file is never one string or one message.
 * The format is the one every version imports: `{"format":"spanlight-history","version":1,…,"answers":[…]}`.
 */
export async function exportHistoryFile(
  call: CallBackground,
  options: { signal?: AbortSignal; onProgress?: (p: ExportProgress) => void; now?: Date } = {},
): Promise<ExportFileOutcome> {
  const exportedAt = (options.now ?? new Date()).toISOString();
  // One Blob per page: each page's strings can be freed as soon as it is written.
  const parts: BlobPart[] = [
    `{"format":"spanlight-history","version":1,"exportedAt":${JSON.stringify(exportedAt)},"answers":[\n`,
  ];
  let before: string | undefined;
  let count = 0;
  do {
    if (options.signal?.aborted) return { kind: 'cancelled' };
    const page = await call('exportHistoryPage', before === undefined ? {} : { before });
    if (!page.ok) return { kind: 'failed', error: page.error };
    parts.push(new Blob(page.value.answers.map((text) => (count++ === 0 ? text : `,\n${text}`))));
    before = page.value.next ?? undefined;
    options.onProgress?.({ written: count, total: Math.max(page.value.total, count) });
  } while (before !== undefined);
  if (options.signal?.aborted) return { kind: 'cancelled' };
  parts.push('\n]}\n');
  return { kind: 'done', blob: new Blob(parts, { type: 'application/json' }), count, exportedAt };
}
