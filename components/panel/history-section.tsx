import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { callBackground } from '@/lib/messaging/client';
import type { HistoryItem } from '@/lib/messaging/protocol';
import { exportHistoryFile } from '@/lib/history/export-file';
import { importHistoryFile, type ImportProgress } from '@/lib/history/import-file';
import { downloadBlob } from './download';
import { modeLabel } from './labels';

/**
 * How long the search waits after a keystroke before it asks: a burst of keys (a fast typist, a
 * held key, a paste) becomes one search, and the list still settles within 100 ms of the last key
 * (measured by `npm run bench`); a search a newer one replaces is cancelled in the background.
 */
export const SEARCH_PAUSE_MS = 40;

/** An export or import under way: what it has done, and how to stop it. */
type Transfer =
  | { kind: 'export'; written: number; total: number; controller: AbortController }
  | ({ kind: 'import'; controller: AbortController } & ImportProgress);

const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;

/**
 * History: every answer with its frozen evidence. Search (question, claims and sources: it waits
 * for a pause in typing, and a newer search cancels the one it replaces), reopen, delete one (after
 * a confirmation), export all as JSON and import such a file, of any size, with progress and a
 * cancel. Keys are never in it.
 */
export function HistorySection({
  version,
  onOpen,
  onDeleted,
}: {
  /** Changes when an answer was added elsewhere (the list is read again). */
  version: number;
  onOpen: (answerId: string) => void;
  onDeleted: (answerId: string) => void;
}) {
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [reload, setReload] = useState(0);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  // One id per panel: the background cancels this panel's search when a newer one arrives.
  const session = useRef(crypto.randomUUID()).current;
  const fileRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const statusId = useId();

  const load = useCallback(
    async (q: string, isCurrent: () => boolean) => {
      const r = await callBackground('listHistory', q.trim() ? { query: q, session } : {});
      if (!isCurrent()) return;
      if (!r.ok) return setStatus(r.error);
      // A search the background cancelled for a newer one: that one's answer is coming.
      if (!r.value.superseded) setItems(r.value.items);
    },
    [session],
  );

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => void load(query, () => current), query.trim() ? SEARCH_PAUSE_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [load, query, version, reload]);

  const remove = async (answerId: string) => {
    const r = await callBackground('deleteAnswer', { answerId });
    setConfirming(null);
    if (!r.ok) return setStatus(r.error);
    setStatus(t('historyDeleted'));
    onDeleted(answerId);
    setReload((n) => n + 1);
    searchRef.current?.focus();
  };

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
    setReload((n) => n + 1);
  };

  const transferText = (x: Transfer) =>
    x.kind === 'export'
      ? t('historyExporting', [x.written.toLocaleString(), x.total.toLocaleString()])
      : x.phase === 'saving'
        ? t('historyImportSaving', x.answersRead.toLocaleString())
        : t('historyImportReading', [megabytes(x.bytesRead), megabytes(x.bytesTotal), x.answersRead.toLocaleString()]);

  return (
    <section className="history" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('historyHeading')}</h2>
      <div className="history-tools">
        <label htmlFor="history-search">{t('historySearchLabel')}</label>
        <input
          id="history-search"
          ref={searchRef}
          type="search"
          value={query}
          placeholder={t('historySearchPlaceholder')}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="history-buttons">
          <button type="button" className="secondary" disabled={transfer !== null} onClick={() => void exportAll()}>
            {t('historyExport')}
          </button>
          <button type="button" className="secondary" disabled={transfer !== null} onClick={() => fileRef.current?.click()}>
            {t('historyImport')}
          </button>
          <input
            ref={fileRef}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label={t('historyImport')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </div>
      </div>
      {transfer ? (
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
      ) : null}
      <p id={statusId} className="muted history-status" role="status">
        {status}
      </p>
      {items === null ? null : items.length === 0 ? (
        <p className="muted">{query.trim() ? t('historyNoMatch', query.trim()) : t('historyEmpty')}</p>
      ) : (
        <ul>
          {items.map((h) => (
            <li key={h.answerId} data-answer={h.answerId}>
              <button type="button" className="link" onClick={() => onOpen(h.answerId)}>
                {h.followUp ? `↳ ${h.followUp}` : h.question}
              </button>{' '}
              <span className="muted">
                {modeLabel(h.mode)} · {formatDateTime(h.createdAt)}
              </span>{' '}
              {confirming === h.answerId ? (
                <span className="confirm" role="group" aria-label={t('historyConfirmLabel')}>
                  <span className="warn-text">{t('historyConfirm')}</span>{' '}
                  <button type="button" className="danger" onClick={() => void remove(h.answerId)}>
                    {t('historyDeleteYes')}
                  </button>{' '}
                  <button type="button" className="secondary" autoFocus onClick={() => setConfirming(null)}>
                    {t('cancel')}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="link danger-link"
                  aria-label={t('historyDeleteLabel', h.followUp ?? h.question)}
                  onClick={() => setConfirming(h.answerId)}
                >
                  {t('historyDelete')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
