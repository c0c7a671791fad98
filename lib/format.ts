import { t } from './i18n';

/**
 * The language of the catalogue the browser chose (its `localeCode` message), so that dates and
 * numbers read like the words around them; undefined (the runtime's default) without a catalogue.
 */
export function uiLocale(): string | undefined {
  const code = t('localeCode');
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

/** A date and time ("1 Dec 2026, 09:14" in English), in the UI's language. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A calendar date ("10 Feb 2026"), in the UI's language; the date as stored (UTC), not shifted by the time zone. */
export function formatDate(iso: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** A number with the UI language's grouping and decimal marks ("412,000", "412.000", "412 000"). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(uiLocale(), options).format(n);
}

/** The messages written for a total, with a form for a total the UI language calls singular (`<key>One`). */
export type CountedMessage = 'checkedSoFar' | 'factCheckCounted' | 'factCheckCountedUnchecked';

/**
 * A counted message in the UI's language: its `<key>One` form when the language's plural rules
 * call `total` singular ("1 of 1 claim checked"; French too for 0), else the plural form. The
 * catalogue has no plurals of its own (chrome.i18n), so each such message is written twice.
 */
export function formatCounted(key: CountedMessage, total: number, substitutions: string[]): string {
  const one = new Intl.PluralRules(uiLocale()).select(total) === 'one';
  return t(one ? `${key}One` : key, substitutions);
}
