import { createContext, useContext, useState } from 'react';
import { callBackground } from '@/lib/messaging/client';
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
  /** Opened in the Wayback Machine's copy of the page rather than the live page. */
  archived?: boolean;
}

/** What a chip needs to open its passage and to show, next to itself, what came of it. */
export interface Citations {
  /** The last citation clicked in this answer, if any. */
  current: CitationState | null;
  evidence: EvidenceSpan[];
  /** Opens `spanId`'s passage (with `archived`, in the archive's copy of its page); `at` names the place of the chip that was clicked. */
  open: (spanId: string, at: string, archived?: boolean) => void;
  /** The answer rendered (for "Archive this page"). */
  answerId?: string;
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
      {current.outcome === 'not-found' && !current.archived && <ArchiveActions spanId={current.spanId} at={at} />}
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
  'no-archive': 'archivedCopyNone',
} as const satisfies Record<CitationOutcome, MessageKey>;

/**
 * For a cited page: "Find an archived copy" opens the Wayback Machine's copy closest to when the
 * passage was read, highlighted like a live citation (the outcome shows at `at`); with `save`,
 * "Archive this page" opens the archive's save page in a tab. Both only on a click.
 */
export function ArchiveActions({ spanId, at, save = false }: { spanId: string; at: string; save?: boolean }) {
  const { open, answerId } = useCitations();
  const [error, setError] = useState<string | null>(null);
  const archive = async (id: string) => {
    const r = await callBackground('archivePage', { answerId: id, spanId });
    setError(r.ok ? null : r.error);
  };
  return (
    <span className="archive-actions">
      <button type="button" className="link archived-copy" onClick={() => open(spanId, at, true)}>
        {t('archivedCopyFind')}
      </button>
      {save && answerId && (
        <>
          {' · '}
          <button type="button" className="link archive-page" onClick={() => void archive(answerId)}>
            {t('archivePage')}
          </button>
        </>
      )}
      {error && <span className="error"> {error}</span>}
    </span>
  );
}
