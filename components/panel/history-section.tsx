import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import type { HistoryItem } from '@/lib/messaging/protocol';
import { HistoryEntry } from './history-entry';
import { TransferProgress } from './transfer-progress';
import { useHistoryTransfer } from './use-history-transfer';

/**
 * How long the search waits after a keystroke before it asks: a burst of keys (a fast typist, a
 * held key, a paste) becomes one search, and the list still settles within 100 ms of the last key
 * (measured by `npm run bench`); a search a newer one replaces is cancelled in the background.
 */
export const SEARCH_PAUSE_MS = 40;

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
  // One id per panel: the background cancels this panel's search when a newer one arrives.
  const session = useRef(crypto.randomUUID()).current;
  const fileRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const statusId = useId();
  const { transfer, exportAll, importFile } = useHistoryTransfer(setStatus, () => setReload((n) => n + 1));

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
      {transfer ? <TransferProgress transfer={transfer} /> : null}
      <p id={statusId} className="muted history-status" role="status">
        {status}
      </p>
      {items === null ? null : items.length === 0 ? (
        <p className="muted">{query.trim() ? t('historyNoMatch', query.trim()) : t('historyEmpty')}</p>
      ) : (
        <ul>
          {items.map((h) => (
            <HistoryEntry
              key={h.answerId}
              item={h}
              confirming={confirming === h.answerId}
              onOpen={() => onOpen(h.answerId)}
              onConfirm={() => setConfirming(h.answerId)}
              onCancel={() => setConfirming(null)}
              onDelete={() => void remove(h.answerId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
