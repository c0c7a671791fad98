import { useState } from 'react';
import { t } from '@/lib/i18n';

/** The follow-up box under an answer: Enter sends, Shift+Enter breaks the line. */
export function FollowUpForm({ disabled, onAsk }: { disabled: boolean; onAsk: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const send = () => {
    const q = text.trim();
    if (!q || disabled) return;
    // What was typed stays in the box when the follow-up could not be asked.
    void onAsk(q).then((asked) => asked && setText(''));
  };
  return (
    <form
      className="ask follow-up"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor="follow-up">{t('followUpLabel')}</label>
      <textarea
        id="follow-up"
        value={text}
        rows={2}
        placeholder={t('followUpPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            send();
          }
        }}
      />
      <button type="submit" disabled={disabled || text.trim() === ''}>
        {t('followUpAsk')}
      </button>
    </form>
  );
}
