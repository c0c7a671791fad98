import { useState } from 'react';
import { t } from '@/lib/i18n';
import { answerMarkdown } from '@/lib/export/answer-markdown';
import type { AnswerRecord } from '@/lib/shared/records';
import { downloadText, slug } from './download';

/** Copy the answer as Markdown, or save it as a .md file; citations are links from the evidence list. */
export function AnswerActions({ answer }: { answer: AnswerRecord }) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answerMarkdown(answer));
      setStatus(t('copied'));
    } catch (e) {
      setStatus(t('copyFailed', e instanceof Error ? e.message : String(e)));
    }
  };
  const save = () => {
    downloadText(`spanlight-${slug(answer.followUp?.asked ?? answer.question)}.md`, answerMarkdown(answer), 'text/markdown');
    setStatus(t('exported'));
  };
  return (
    <div className="answer-actions">
      <button type="button" className="secondary" onClick={() => void copy()}>
        {t('copyMarkdown')}
      </button>
      <button type="button" className="secondary" onClick={save}>
        {t('exportMarkdown')}
      </button>
      <span className="muted" role="status">
        {status}
      </span>
    </div>
  );
}
