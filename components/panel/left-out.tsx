import { useState } from 'react';
import { t, type MessageKey } from '@/lib/i18n';
import { formatNumber } from '@/lib/format';
import type { FoundClaim, LeftOutRecord } from '@/lib/shared/types';

const REASON: Record<LeftOutRecord['reason'], MessageKey> = {
  caption: 'leftReason_caption',
  heading: 'leftReason_heading',
  code: 'leftReason_code',
  byline: 'leftReason_byline',
  dateline: 'leftReason_dateline',
  bio: 'leftReason_bio',
  dialogue: 'leftReason_dialogue',
  question: 'leftReason_question',
  instruction: 'leftReason_instruction',
  fragment: 'leftReason_fragment',
  'not-check-worthy': 'leftReason_not_check_worthy',
};

/**
 * Under a claim's sentence: the standalone form searched and judged, when it differs from the
 * sentence; that a reference could not be resolved; who is quoted. Rendered as text, never markup.
 */
export function ClaimForm({ claim }: { claim: FoundClaim }) {
  const differs = claim.text !== claim.sentence.replace(/\s+/g, ' ').trim();
  if (!differs && !claim.needsContext && !claim.speaker) return null;
  return (
    <div className="claim-form">
      {differs && <div className="claim-standalone">{t('claimCheckedAs', claim.text)}</div>}
      {claim.speaker && <div className="claim-speaker muted">{t('claimSpeaker', claim.speaker)}</div>}
      {claim.needsContext && <div className="claim-needs-context muted">{t('claimNeedsContext')}</div>}
    </div>
  );
}

/** The page's sentences not taken as claims, collapsed, each with why: nothing is dropped silently. */
export function LeftOut({ left }: { left: LeftOutRecord[] | undefined }) {
  const [open, setOpen] = useState(false);
  if (!left || left.length === 0) return null;
  return (
    <details className="left-out" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('leftOutHeading', formatNumber(left.length))}</summary>
      {open && (
        <ul>
          {left.map((l) => (
            <li key={`${l.start}:${l.end}`} data-reason={l.reason}>
              <span className="left-reason muted">{t(REASON[l.reason])}</span>{' '}
              {l.text.length > 200 ? `${l.text.slice(0, 199)}…` : l.text}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
