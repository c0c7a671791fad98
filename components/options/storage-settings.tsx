import { useEffect, useId, useState } from 'react';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/client';
import type { BackgroundCalls, Value } from '@/lib/messaging/protocol';

type Storage = Value<BackgroundCalls, 'historyStorage'>;

const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;

/**
 * Storage: how many answers history holds and the space Spanlight uses, and deleting the answers
 * older than a date (after a confirmation that says how many). Outside the settings form: nothing here is "saved".
 */
export function StorageSettings() {
  const [storage, setStorage] = useState<Storage | null>(null);
  const [before, setBefore] = useState('');
  const [confirm, setConfirm] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [reload, setReload] = useState(0);
  const headingId = useId();

  useEffect(() => {
    void callBackground('historyStorage', {}).then((r) => (r.ok ? setStorage(r.value) : setStatus(r.error)));
  }, [reload]);

  const ask = async () => {
    const r = await callBackground('historyStorage', { before });
    if (!r.ok) return setStatus(r.error);
    setStorage(r.value);
    if (!r.value.olderThan) return setStatus(t('storageNoneOlder', before));
    setStatus('');
    setConfirm(r.value.olderThan);
  };

  const remove = async () => {
    setConfirm(null);
    const r = await callBackground('deleteAnswersBefore', { before });
    if (!r.ok) return setStatus(r.error);
    setStatus(t('storageDeleted', r.value.deleted.toLocaleString()));
    setReload((n) => n + 1);
  };

  const figure = (s: Storage) => {
    if (s.answers === 0) return t('storageEmpty');
    const count = s.answers.toLocaleString();
    const oldest = s.oldest ? new Date(s.oldest).toLocaleDateString() : '?';
    return s.usageBytes !== null && s.quotaBytes !== null
      ? t('storageFigure', [count, oldest, megabytes(s.usageBytes), megabytes(s.quotaBytes)])
      : t('storageFigureNoEstimate', [count, oldest]);
  };

  return (
    <section className="section storage" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('storageHeading')}</h2>
      <p className="storage-figure">{storage ? figure(storage) : t('loading')}</p>
      <div className="storage-delete">
        <label htmlFor="storage-before">{t('storageBeforeLabel')}</label>{' '}
        <input
          id="storage-before"
          type="date"
          value={before}
          onChange={(e) => {
            setBefore(e.target.value);
            setConfirm(null);
          }}
        />{' '}
        <button type="button" className="secondary" disabled={!before || !storage?.answers} onClick={() => void ask()}>
          {t('storageDeleteOlder')}
        </button>
      </div>
      {confirm !== null ? (
        <p className="confirm" role="group" aria-label={t('historyConfirmLabel')}>
          <span className="warn-text">{t('storageConfirm', [confirm.toLocaleString(), before])}</span>{' '}
          <button type="button" className="danger" onClick={() => void remove()}>
            {t('historyDeleteYes')}
          </button>{' '}
          <button type="button" className="secondary" autoFocus onClick={() => setConfirm(null)}>
            {t('cancel')}
          </button>
        </p>
      ) : null}
      <p className="muted" role="status">
        {status}
      </p>
    </section>
  );
}
