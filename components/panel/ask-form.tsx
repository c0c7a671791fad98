import { t } from '@/lib/i18n';
import type { TabChoice } from '@/lib/shared/records';
import type { TabsPolicy } from '@/lib/settings';

/** The question box (Enter asks, Shift+Enter breaks the line) with the choice of tabs as evidence. */
export function AskForm(props: {
  question: string;
  onQuestion: (question: string) => void;
  tabs: TabChoice;
  onTabs: (choice: TabChoice) => void;
  tabsPolicy: TabsPolicy;
  running: boolean;
  onAsk: () => void;
}) {
  const { question, tabs, tabsPolicy } = props;
  return (
    <form
      className="ask"
      onSubmit={(e) => {
        e.preventDefault();
        props.onAsk();
      }}
    >
      <label htmlFor="question">{t('questionLabel')}</label>
      <textarea
        id="question"
        value={question}
        placeholder={t('questionPlaceholder')}
        onChange={(e) => props.onQuestion(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            props.onAsk();
          }
        }}
      />
      {tabsPolicy === 'never' ? (
        <p className="muted">{t('panelTabsNever')}</p>
      ) : (
        <>
          <label htmlFor="tabs">{t('tabsLabel')}</label>
          <select id="tabs" value={tabs} onChange={(e) => props.onTabs(e.target.value as TabChoice)}>
            <option value="none">{t('tabsNone')}</option>
            <option value="active">{t('tabsActive')}</option>
            <option value="window">{t('tabsWindow')}</option>
          </select>
        </>
      )}
      <button type="submit" disabled={props.running || question.trim() === ''}>
        {t('ask')}
      </button>
    </form>
  );
}
