import { createContext, useContext } from 'react';
import { t, type MessageKey } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import type { EvidenceSpan } from '@/lib/shared/types';
import type { CitationOutcome } from '@/lib/messaging/protocol';

export interface CitationState {
  /** The answer whose chip was clicked (a thread shows several). */
  answerId: string;
  spanId: string;
  /** Where the clicked chip sits ("claim-2", "source-1", "warning-0"…): the outcome is shown there. */
  at: string;
  found: boolean;
  /** What the background found, worded here from the catalogue; absent while opening or after an error. */
  outcome?: CitationOutcome;
  /** Shown when there is no outcome ("Opening the source…", an error). */
  message: string;
}

/** What a chip needs to open its passage and to show, next to itself, what came of it. */
export interface Citations {
  /** The last citation clicked in this answer, if any. */
  current: CitationState | null;
  evidence: EvidenceSpan[];
  /** Opens `spanId`'s passage; `at` names the place of the chip that was clicked. */
  open: (spanId: string, at: string) => void;
}

export const CitationsContext = createContext<Citations>({ current: null, evidence: [], open: () => undefined });

/** The citations of the answer being rendered. */
export function useCitations(): Citations {
  return useContext(CitationsContext);
}

/**
 * What came of a citation click, where the clicked chip is: "Highlighted in…", or that the passage
 * was not found, with the stored passage and when it was retrieved. Nothing when the click was elsewhere.
 */
export function CitationStatus({ at }: { at: string }) {
  const { current, evidence } = useCitations();
  if (!current || current.at !== at) return null;
  const span = evidence.find((e) => e.spanId === current.spanId);
  const stored = current.found ? undefined : span;
  return (
    <div className={`citation-status ${current.found ? 'ok' : 'missing'}`} role="status" data-at={at}>
      {current.outcome
        ? t(OUTCOME_KEYS[current.outcome], [span?.title ?? '', span ? formatDateTime(span.retrievedAt) : ''])
        : current.message}
      {stored && (
        <blockquote className="stored-passage">
          {stored.text}
          <footer className="muted">{t('storedPassageFooter', [stored.title, formatDateTime(stored.retrievedAt)])}</footer>
        </blockquote>
      )}
    </div>
  );
}

/** Each outcome's message; each takes the page's title ($1) and when the passage was retrieved ($2). */
const OUTCOME_KEYS = {
  highlighted: 'citationHighlighted',
  closest: 'citationClosest',
  'not-found': 'citationNotFound',
  'not-readable': 'citationNotReadable',
  opened: 'citationOpened',
} as const satisfies Record<CitationOutcome, MessageKey>;
