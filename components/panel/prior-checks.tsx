import { t } from '@/lib/i18n';
import type { PriorCheck } from '@/lib/shared/claim-review-schema';

/** "Checked before by {reviewer}, {date}: {rating}", as the reviewer wrote each part; text, never HTML. */
export function priorCheckText(p: PriorCheck): string {
  const reviewer = p.reviewer || t('priorCheckSomeone');
  const rating = p.rating || t('priorCheckNoRating');
  return p.date ? t('priorCheckBy', [reviewer, p.date, rating]) : t('priorCheckByUndated', [reviewer, rating]);
}

/**
 * Fact-checkers' earlier ratings of a claim, each linking to its review (in a new tab). They sit
 * apart from Spanlight's verdict, under their own label, and never stand for it.
 */
export function PriorChecks({ checks }: { checks: PriorCheck[] | undefined }) {
  if (!checks?.length) return null;
  return (
    <div className="prior-checks" aria-label={t('priorChecksLabel')}>
      <span className="muted">{t('priorChecksLabel')}</span>
      <ul>
        {checks.map((p, i) => (
          <li key={i} className="prior-check" data-source={p.source}>
            {p.url ? (
              <a href={p.url} target="_blank" rel="noopener noreferrer">
                {priorCheckText(p)}
              </a>
            ) : (
              priorCheckText(p)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
