import { t } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import type { HistoryItem } from '@/lib/messaging/protocol';
import { modeLabel } from './labels';

/** One stored answer in the history list: reopen it, or delete it after a confirmation. */
export function HistoryEntry(props: {
  item: HistoryItem;
  confirming: boolean;
  onOpen: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const h = props.item;
  return (
    <li data-answer={h.answerId}>
      <button type="button" className="link" onClick={props.onOpen}>
        {h.followUp ? `↳ ${h.followUp}` : h.question}
      </button>{' '}
      <span className="muted">
        {modeLabel(h.mode)} · {formatDateTime(h.createdAt)}
      </span>{' '}
      {props.confirming ? (
        <span className="confirm" role="group" aria-label={t('historyConfirmLabel')}>
          <span className="warn-text">{t('historyConfirm')}</span>{' '}
          <button type="button" className="danger" onClick={props.onDelete}>
            {t('historyDeleteYes')}
          </button>{' '}
          <button type="button" className="secondary" autoFocus onClick={props.onCancel}>
            {t('cancel')}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="link danger-link"
          aria-label={t('historyDeleteLabel', h.followUp ?? h.question)}
          onClick={props.onConfirm}
        >
          {t('historyDelete')}
        </button>
      )}
    </li>
  );
}
