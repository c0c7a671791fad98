import { t, type MessageKey } from '@/lib/i18n';
import { formatDate, formatNumber } from '@/lib/format';
import { ageUnits, type Freshness } from '@/lib/panel/freshness';
import type { UnusedReason } from '@/lib/panel/source-usage';
import type { AnswerMode, DateSource, Dated, FailureRole, ProviderFailure, Warning } from '@/lib/shared/types';
import { failureArgs, failureMessageKey, failureRole, warningArgs, warningMessageKey } from '@/lib/shared/failure-codes';
import { refusalArgs, refusalMessageKey, type Refusal } from '@/lib/shared/refusal-codes';
import type { SettingsPlace } from '@/lib/shared/provider-error';

/** Host name for display; everything shown is text, never HTML. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const DATE_SOURCES: Record<DateSource, MessageKey> = {
  'structured-data': 'dateSourceStructuredData',
  meta: 'dateSourceMeta',
  'http-header': 'dateSourceHttpHeader',
  'opening-text': 'dateSourceOpeningText',
  'search-provider': 'dateSourceSearchProvider',
  footer: 'dateSourceFooter',
};

/** "Feb 10, 2026 (meta)" (in the UI's language): the short form in source lists. */
export function shortDate(published: Dated | null): string {
  return published ? `${formatDate(published.iso.slice(0, 10))} (${published.source})` : t('dateUnknown');
}

/** "Published Feb 10, 2026, from the page's meta tags", or "Date unknown". */
export function publishedLine(published: Dated | null): string {
  return published
    ? t('publishedFrom', [formatDate(published.iso.slice(0, 10)), t(DATE_SOURCES[published.source])])
    : t('dateUnknown');
}

/** "3 days", "9 months", "2 years". */
export function ageWords(days: number): string {
  if (days < 1) return t('ageToday');
  const { unit, n } = ageUnits(days);
  const key: MessageKey =
    unit === 'day'
      ? n === 1
        ? 'ageOneDay'
        : 'ageDays'
      : unit === 'month'
        ? n === 1
          ? 'ageOneMonth'
          : 'ageMonths'
        : n === 1
          ? 'ageOneYear'
          : 'ageYears';
  return t(key, formatNumber(n));
}

/** How old the source was when the question was asked, against its window. */
export function freshnessLine(f: Freshness): string {
  if (f.kind === 'unknown') return t('freshnessUnknown');
  const age = f.ageDays < 1 ? t('freshnessSameDay') : t('freshnessAge', ageWords(f.ageDays));
  if (f.windowDays === undefined) return t('freshnessNoWindow', age);
  return t(f.inside ? 'freshnessInside' : 'freshnessOutside', [age, formatNumber(f.windowDays)]);
}

const MODES: Partial<Record<AnswerMode, MessageKey>> = {
  grounded: 'modeGrounded',
  partial: 'modePartial',
  abstained: 'modeAbstained',
  'nothing-found': 'modeNothingFound',
  unavailable: 'modeUnavailable',
  'not-searched': 'modeNotSearched',
};

/** A mode as a person reads it ("answered", "refused"…); unknown modes as stored. */
export function modeLabel(mode: string): string {
  const key = MODES[mode as AnswerMode];
  return key ? t(key) : mode;
}

/** Why a retrieved source is not among the answer's sources. */
export function unusedReasonText(r: UnusedReason): string {
  switch (r.kind) {
    case 'not-cited':
      return t('unusedNotCited', r.spanIds.join(', '));
    case 'not-composed':
      return t('unusedNotComposed', r.spanIds.join(', '));
    case 'conflict':
      return t('unusedConflict', r.spanIds.join(', '));
    case 'set-aside':
      return t('unusedSetAside', r.spanIds.join(', '));
    case 'dropped':
      return t('unusedDropped', r.text);
    case 'unreadable':
      return t('unusedUnreadable', r.text);
    case 'not-relevant':
      return t('unusedNotRelevant');
    case 'not-read':
      return t('unusedNotRead');
  }
}

const ROLE_HEADINGS: Record<FailureRole, MessageKey> = {
  search: 'searchUnavailable',
  model: 'modelUnavailable',
  page: 'pageUnavailable',
  internal: 'internalFailureHeading',
};

/** The heading of an unavailable result: the role of the failure that stopped it (the last one). */
export function failureHeading(failures: ProviderFailure[]): string {
  const last = failures[failures.length - 1];
  return t(ROLE_HEADINGS[last ? failureRole(last) : 'internal']);
}

// The settings section a failure points at is a parameter ("Search", "Model"): named in the catalogue too.
const PLACES: Record<SettingsPlace, MessageKey> = { Search: 'settingsPlaceSearch', Model: 'settingsPlaceModel' };

/** A failure in the browser's language, from its code and parameters; stored English when it has no code. */
export function failureLabel(failure: ProviderFailure): string {
  if (!failure.code) return failure.message;
  const place = failure.params?.place;
  const params =
    typeof place === 'string' && place in PLACES
      ? { ...failure.params, place: t(PLACES[place as SettingsPlace]) }
      : failure.params;
  return t(failureMessageKey(failure.code) as MessageKey, failureArgs({ code: failure.code, params }));
}

/** Why an answer was refused or found nothing, in the browser's language from its code; stored English when it has none. */
export function refusalLabel(result: { reason: string; refusal?: Refusal | undefined }): string {
  return result.refusal ? t(refusalMessageKey(result.refusal.code) as MessageKey, refusalArgs(result.refusal)) : result.reason;
}

/**
 * A warning in the browser's language, from its code and parameters, with the failure behind it
 * worded from that failure's own code; the stored English when it has no code (answers stored before).
 */
export function warningLabel(warning: Warning): string {
  if (!warning.code) return warning.message;
  const cause = warning.cause ? failureLabel(warning.cause) : '';
  return t(warningMessageKey(warning.code) as MessageKey, warningArgs(warning.code, warning.params, cause));
}
