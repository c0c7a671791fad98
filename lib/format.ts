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
