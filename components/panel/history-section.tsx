import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import type { HistoryItem } from '@/lib/messaging/protocol';
import { downloadText } from './download';
import { modeLabel } from './labels';

/**
 * History: every answer with its frozen evidence. Search (question, claims and sources), reopen,
 * delete one (after a confirmation), export all as JSON and import such a file. Keys are never in it.
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
  const fileRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const statusId = useId();

  const load = useCallback(async (q: string, isCurrent: () => boolean) => {
    const r = await callBackground('listHistory', q.trim() ? { query: q } : {});
    if (!isCurrent()) return;
    if (r.ok) setItems(r.value.items);
    else setStatus(r.error);
  }, []);

  useEffect(() => {
    let current = true;
    void load(query, () => current);
    return () => {
      current = false;
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
    const r = await callBackground('exportHistory', {});
    if (!r.ok) return setStatus(r.error);
    downloadText(
      `spanlight-history-${r.value.exportedAt.slice(0, 10)}.json`,
      JSON.stringify(r.value, null, 2),
      'application/json',
    );
    setStatus(t('historyExported', String(r.value.answers.length)));
  };

  const importFile = async (file: File) => {
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      return setStatus(t('historyImportNotJson', file.name));
    }
    const r = await callBackground('importHistory', { document });
    if (!r.ok) return setStatus(r.error);
    const { imported, skipped, rejected } = r.value;
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
          <button type="button" className="secondary" onClick={() => void exportAll()}>
            {t('historyExport')}
          </button>
          <button type="button" className="secondary" onClick={() => fileRef.current?.click()}>
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
                {modeLabel(h.mode)} · {new Date(h.createdAt).toLocaleString()}
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
