import { useState } from 'react';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import { exportHistoryFile } from '@/lib/history/export-file';
import { importHistoryFile, type ImportProgress } from '@/lib/history/import-file';
import { downloadBlob } from './download';

/** An export or import under way: what it has done, and how to stop it. */
export type Transfer =
  | { kind: 'export'; written: number; total: number; controller: AbortController }
  | ({ kind: 'import'; controller: AbortController } & ImportProgress);

/**
 * Exporting the history as JSON and importing such a file, one at a time, with progress and a
 * cancel. What came of it is said through `setStatus`; `onImported` is called once answers were added.
 */
export function useHistoryTransfer(setStatus: (status: string) => void, onImported: () => void) {
  const [transfer, setTransfer] = useState<Transfer | null>(null);

  const exportAll = async () => {
    const controller = new AbortController();
    setTransfer({ kind: 'export', written: 0, total: 0, controller });
    setStatus('');
    const r = await exportHistoryFile(callBackground, {
      signal: controller.signal,
      onProgress: (p) => setTransfer({ kind: 'export', ...p, controller }),
    });
    setTransfer(null);
    if (r.kind === 'cancelled') return setStatus(t('historyExportCancelled'));
    if (r.kind === 'failed') return setStatus(r.error);
    downloadBlob(`spanlight-history-${r.exportedAt.slice(0, 10)}.json`, r.blob);
    setStatus(t('historyExported', String(r.count)));
  };

  const importFile = async (file: File) => {
    const controller = new AbortController();
    setTransfer({ kind: 'import', phase: 'reading', bytesRead: 0, bytesTotal: file.size, answersRead: 0, controller });
    setStatus('');
    const r = await importHistoryFile(file, callBackground, {
      signal: controller.signal,
      onProgress: (p) => setTransfer({ kind: 'import', ...p, controller }),
    });
    setTransfer(null);
    if (r.kind === 'cancelled') return setStatus(t('historyImportCancelled'));
    if (r.kind === 'failed') return setStatus(`${r.error} ${t('historyIntact')}`);
    const { imported, skipped, rejected } = r.outcome;
    setStatus(
      [
        t('historyImported', [String(imported), String(skipped)]),
        rejected.length > 0 ? t('historyImportRejected', [String(rejected.length), rejected.slice(0, 3).join('; ')]) : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    onImported();
  };

  return { transfer, exportAll, importFile };
}
