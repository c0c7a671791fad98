import { t } from '@/lib/i18n';
import type { Transfer } from './use-history-transfer';

const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;

const transferText = (x: Transfer) =>
  x.kind === 'export'
    ? t('historyExporting', [x.written.toLocaleString(), x.total.toLocaleString()])
    : x.phase === 'saving'
      ? t('historyImportSaving', x.answersRead.toLocaleString())
      : t('historyImportReading', [megabytes(x.bytesRead), megabytes(x.bytesTotal), x.answersRead.toLocaleString()]);

/** An export or import under way: its progress bar, what it has done, and its Cancel. */
export function TransferProgress({ transfer }: { transfer: Transfer }) {
  return (
    <div className="history-transfer">
      <progress
        aria-label={t(transfer.kind === 'export' ? 'historyExportProgress' : 'historyImportProgress')}
        max={transfer.kind === 'export' ? transfer.total || 1 : transfer.bytesTotal || 1}
        value={transfer.kind === 'export' ? transfer.written : transfer.bytesRead}
      />{' '}
      <span className="muted">{transferText(transfer)}</span>{' '}
      <button type="button" className="secondary" onClick={() => transfer.controller.abort()}>
        {t('cancel')}
      </button>
    </div>
  );
}
