import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { t } from '@/lib/i18n';
import { freshnessOf } from '@/lib/panel/freshness';
import type { EvidenceSpan } from '@/lib/shared/types';
import { freshnessLine, hostOf, publishedLine } from './labels';

/** What a chip needs to know about the answer it sits in. */
export interface CiteContext {
  /** When the question was asked (ISO): ages are measured from then, not from now. */
  askedAt: string;
  /** The question's freshness window in days, if it had one. */
  windowDays: number | undefined;
}

const CARD_WIDTH = 320;
const QUOTE_CHARS = 280;

/** The part of a passage to show: around the claim's supporting quote when the passage has it, else its start. */
export function excerpt(text: string, quote: string | undefined, max = QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const at = quote ? flat.toLowerCase().indexOf(quote.replace(/\s+/g, ' ').trim().toLowerCase()) : -1;
  if (at < 0) return `${flat.slice(0, max - 1)}…`;
  const start = Math.max(0, Math.min(at - 40, flat.length - max));
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * A `[S1]` chip: a button that jumps to the passage, with a card on hover and on keyboard focus
 * (title, domain, date and where it came from, freshness, the quote). Escape closes the card. The
 * card is placed in the page's body so that no list or scroll box clips it, ignores the pointer, so
 * it never covers what a person clicks next, and closes when the chip is clicked.
 */
export function CiteChip({
  span,
  quote,
  context,
  onCite,
}: {
  span: EvidenceSpan;
  /** The claim's supporting quote, when the model gave one. */
  quote: string | undefined;
  context: CiteContext;
  onCite: (spanId: string) => void;
}) {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const cardId = useId();
  const host = hostOf(span.url);

  const show = () => {
    const chip = ref.current;
    if (!chip) return;
    const rect = chip.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    const width = Math.min(CARD_WIDTH, viewport - 16);
    const left = Math.max(8, Math.min(rect.left, viewport - width - 8)) + window.scrollX;
    // Below the chip, unless the chip sits in the lower part of the window and there is room above.
    const above = rect.bottom > window.innerHeight * 0.6 && rect.top > 240;
    setPlace(
      above
        ? { left, width, top: rect.top + window.scrollY - 6, transform: 'translateY(-100%)' }
        : { left, width, top: rect.bottom + window.scrollY + 6 },
    );
  };
  const hide = () => setPlace(null);

  useLayoutEffect(() => {
    // A card below the chip that would reach past the end of the panel goes above it: a card that
    // lengthens the page would move everything when it closes, under the pointer of a person clicking.
    const card = cardRef.current;
    const chip = ref.current;
    const main = chip?.closest('main');
    if (!place || !card || !chip || !main || place.transform) return;
    const cardBottom = card.getBoundingClientRect().bottom;
    const chipTop = chip.getBoundingClientRect().top;
    if (cardBottom > main.getBoundingClientRect().bottom && chipTop + window.scrollY > card.offsetHeight + 12)
      setPlace({ ...place, top: chipTop + window.scrollY - 6, transform: 'translateY(-100%)' });
  }, [place]);

  // A new layout (the panel resized) moves the chip: the card follows it.
  const showRef = useRef(show);
  showRef.current = show;
  const open = place !== null;
  useEffect(() => {
    if (!open) return;
    const follow = () => showRef.current();
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, [open]);

  // Written from a JSON API's data: the click opens the source, and says so, rather than promise a highlight.
  const opens = span.textFrom === 'api';
  const freshness = freshnessOf(span.published, context.askedAt, context.windowDays);
  const judged =
    freshness.kind === 'unknown'
      ? 'unknown'
      : freshness.inside === undefined
        ? 'no-window'
        : freshness.inside
          ? 'fresh'
          : 'stale';
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="cite"
        data-span={span.spanId}
        data-opens={opens ? 'source' : undefined}
        aria-label={t(opens ? 'citeOpenLabel' : 'citeLabel', [span.spanId, span.title || host, host])}
        aria-describedby={place ? cardId : undefined}
        onClick={() => {
          // The card would stay over the claims while the page is shown: it closes with the click.
          hide();
          onCite(span.spanId);
        }}
        onFocus={show}
        onBlur={hide}
        onMouseEnter={show}
        onMouseLeave={() => {
          if (document.activeElement !== ref.current) hide();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && place) {
            e.stopPropagation();
            hide();
          }
        }}
      >
        {span.spanId}
      </button>
      {place &&
        createPortal(
          <div ref={cardRef} id={cardId} role="tooltip" className="cite-card" style={place} data-card={span.spanId}>
            <p className="cite-card-title">{span.title || host}</p>
            <p className="muted">
              {host} · {span.origin === 'tab' ? t('originTab') : t('originWeb')}
            </p>
            <p className="cite-card-date">{publishedLine(span.published)}</p>
            <p className={`freshness ${judged}`} data-freshness={judged}>
              {freshnessLine(freshness)}
            </p>
            <blockquote className="cite-card-quote">“{excerpt(span.text, quote)}”</blockquote>
            <p className="muted">{t(opens ? 'citeCardOpenHint' : 'citeCardHint')}</p>
          </div>,
          document.body,
        )}
    </>
  );
}
