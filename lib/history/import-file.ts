import { IMPORT_ANSWER_MAX_CHARS, IMPORT_CHUNK_MAX_ANSWERS, type BackgroundCalls, type Value } from '../messaging/protocol';
import type { CallBackground } from './history-caller';
import { ExportSplitter, NotAnExport } from './split-export';

/** Where an import is. */
export interface ImportProgress {
  /** reading: the file is read and sent in chunks; saving: the background commits them in one transaction. */
  phase: 'reading' | 'saving';
  bytesRead: number;
  bytesTotal: number;
  answersRead: number;
}

export type ImportFileOutcome =
  { kind: 'done'; outcome: Value<BackgroundCalls, 'importCommit'> } | { kind: 'cancelled' } | { kind: 'failed'; error: string };

/** About how many characters of answers one message carries: far below Chrome's 64 MiB per message. */
export const IMPORT_MESSAGE_CHARS = 4_000_000;

/**
 * Imports an export file of any size: the file is read as a stream (a slice at a time), split into
 * answers as it goes (lib/history/split-export.ts), and sent to the background in chunks of a few
 * MB, which stages them; the last call commits them in one transaction. Cancelling (the signal)
 * at any point, the commit included, leaves history as it was.
 */
export async function importHistoryFile(
  file: Blob,
  call: CallBackground,
  options: { signal?: AbortSignal; onProgress?: (p: ImportProgress) => void; messageChars?: number } = {},
): Promise<ImportFileOutcome> {
  const { signal, onProgress } = options;
  const messageChars = options.messageChars ?? IMPORT_MESSAGE_CHARS;
  const begun = await call('importBegin', {});
  if (!begun.ok) return { kind: 'failed', error: begun.error };
  const { importId } = begun.value;
  const splitter = new ExportSplitter();
  const reader = file.stream().getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const tooLarge: string[] = [];
  let batch: string[] = [];
  let batchChars = 0;
  let first = 0;
  let seq = 0;
  let answersRead = 0;
  let bytesRead = 0;
  const progress = (phase: ImportProgress['phase']) => onProgress?.({ phase, bytesRead, bytesTotal: file.size, answersRead });
  const abandon = async (result: ImportFileOutcome): Promise<ImportFileOutcome> => {
    await reader.cancel().catch(() => undefined);
    await call('importCancel', { importId });
    return result;
  };
  const send = async (): Promise<string | null> => {
    if (batch.length === 0) return null;
    const r = await call('importChunk', { importId, seq: seq++, first, answers: batch });
    first += batch.length;
    batch = [];
    batchChars = 0;
    return r.ok ? null : r.error;
  };
  const take = async (texts: string[]): Promise<string | null> => {
    for (const text of texts) {
      answersRead++;
      if (text.length > IMPORT_ANSWER_MAX_CHARS) {
        const failed = await send();
        if (failed) return failed;
        tooLarge.push(`answer ${first + 1}: larger than ${IMPORT_ANSWER_MAX_CHARS / 1e6} MB`);
        first++;
        continue;
      }
      if (batch.length > 0 && (batchChars + text.length > messageChars || batch.length >= IMPORT_CHUNK_MAX_ANSWERS)) {
        const failed = await send();
        if (failed) return failed;
      }
      batch.push(text);
      batchChars += text.length;
    }
    return null;
  };
  try {
    progress('reading');
    for (;;) {
      if (signal?.aborted) return await abandon({ kind: 'cancelled' });
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      bytesRead += value?.byteLength ?? 0;
      const failed = await take(splitter.push(text));
      if (failed) return await abandon({ kind: 'failed', error: failed });
      if (done) break;
      progress('reading');
    }
    const header = splitter.end();
    const failed = await send();
    if (failed) return await abandon({ kind: 'failed', error: failed });
    if (signal?.aborted) return await abandon({ kind: 'cancelled' });
    progress('saving');
    const onAbort = () => void call('importCancel', { importId });
    signal?.addEventListener('abort', onAbort, { once: true });
    const committed = await call('importCommit', { importId, header }).finally(() =>
      signal?.removeEventListener('abort', onAbort),
    );
    if (signal?.aborted) return { kind: 'cancelled' };
    if (!committed.ok) return { kind: 'failed', error: committed.error };
    return { kind: 'done', outcome: { ...committed.value, rejected: [...committed.value.rejected, ...tooLarge] } };
  } catch (e) {
    const error =
      e instanceof NotAnExport
        ? e.message
        : e instanceof TypeError && /decode|encoding/i.test(e.message)
          ? 'This file is not a Spanlight history export (it is not UTF-8 text).'
          : `The file could not be read: ${e instanceof Error ? e.message : String(e)}`;
    return abandon({ kind: 'failed', error });
  }
}
