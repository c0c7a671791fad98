import type { AnswerRecord } from '@/lib/shared/records';
import { AnswerView, type CitationState } from '../answer-view';
import { FactCheckView } from '../fact-check-view';

/** One answer of the thread: a checked page's claims, or a cited answer. */
export function ThreadAnswer(props: {
  answer: AnswerRecord;
  citation: CitationState | null;
  onCite: (spanId: string, at: string, archived?: boolean) => void;
  onShowClaim: (index: number) => void;
  onCheckMore: () => void;
  onRetry: () => void;
  /** A fact-check: checks again its claims whose searches failed. */
  onRetryUnchecked: () => void;
}) {
  const a = props.answer;
  const r = a.result;
  if (r.mode === 'fact-check')
    return (
      <FactCheckView
        answer={{ ...a, result: r }}
        citation={props.citation}
        onCite={props.onCite}
        onShowClaim={props.onShowClaim}
        onCheckMore={props.onCheckMore}
        onRetry={props.onRetryUnchecked}
      />
    );
  return <AnswerView answer={a} citation={props.citation} onCite={props.onCite} onRetry={props.onRetry} />;
}
