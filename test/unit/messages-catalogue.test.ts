import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve('public/_locales');

interface Message {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string }>;
}

// Conventions of the message catalogue (lib/i18n.ts reads it through browser.i18n).
describe('the message catalogue in public/_locales', () => {
  const english = JSON.parse(readFileSync(path.join(LOCALES, 'en/messages.json'), 'utf8')) as Record<string, Message>;

  it('English: every message is described, and its $PLACEHOLDERS$ are declared (and only those)', () => {
    for (const [key, entry] of Object.entries(english)) {
      expect(key, key).toMatch(/^[A-Za-z0-9_]+$/);
      expect(entry.message.trim(), key).not.toBe('');
      expect(entry.description?.trim(), key).toBeTruthy();
      // A lone $ that is neither a placeholder nor escaped ($$) would be dropped by the browser.
      const used = [...entry.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();
      expect(Object.keys(entry.placeholders ?? {}).sort(), key).toEqual([...new Set(used)]);
      expect(entry.message.replace(/\$[A-Za-z0-9_@]+\$/g, '').replace(/\$\$/g, ''), key).not.toContain('$');
    }
  });

  it('English, German, French and Spanish are there', () => {
    expect(readdirSync(LOCALES).sort()).toEqual(expect.arrayContaining(['de', 'en', 'es', 'fr']));
  });

  it('every language has every key English has, and only those, each with the same placeholders, each used', () => {
    for (const locale of readdirSync(LOCALES).filter((l) => l !== 'en')) {
      const other = read(locale);
      expect(missingFrom(english, other), `${locale} lacks`).toEqual([]);
      expect(missingFrom(other, english), `${locale} has keys English does not`).toEqual([]);
      for (const [key, entry] of Object.entries(other)) {
        expect(entry.message.trim(), `${locale}: ${key}`).not.toBe('');
        expect(Object.keys(entry.placeholders ?? {}).sort(), `${locale}: ${key}`).toEqual(
          Object.keys(english[key]?.placeholders ?? {}).sort(),
        );
        expect(placeholdersIn(entry.message), `${locale}: ${key} uses`).toEqual(placeholdersIn(english[key]!.message));
        expect(entry.message.replace(/\$[A-Za-z0-9_@]+\$/g, '').replace(/\$\$/g, ''), `${locale}: ${key}`).not.toContain('$');
      }
      // Its own language, so that dates and numbers are formatted for it (lib/format.ts).
      expect(other.localeCode?.message, locale).toBe(locale);
    }
  });

  it('the check catches a key missing from one catalogue', () => {
    const short = read('de');
    const first = Object.keys(english)[0]!;
    delete short[first];
    expect(missingFrom(english, short)).toEqual([first]);
  });
});

/** The keys of `from` that `to` does not have. */
function missingFrom(from: Record<string, Message>, to: Record<string, Message>): string[] {
  return Object.keys(from).filter((k) => !(k in to));
}

/** The $PLACEHOLDERS$ a message uses, lower-cased and sorted. */
function placeholdersIn(message: string): string[] {
  return [...new Set([...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()))].sort();
}

function read(locale: string): Record<string, Message> {
  return JSON.parse(readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<string, Message>;
}
