import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureText } from '../../lib/shared/failure-text';

const LOCALES = path.resolve('public/_locales');
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<string, { message: string }>;

// A failure says where to fix it ("check Settings → …"): by the name the options page gives that section.
describe('failures name the settings section as the options page heads it', () => {
  it('in every language, the $PLACE$ of a failure is the heading of its section', () => {
    for (const locale of readdirSync(LOCALES)) {
      const m = read(locale);
      expect(m.settingsPlaceSearch!.message, locale).toBe(m.sectionSearch!.message);
      expect(m.settingsPlaceModel!.message, locale).toBe(m.sectionModel!.message);
    }
  });

  it('in every language, a message that names the search section by hand names it as its heading does', () => {
    const words: Record<string, string> = { en: 'Settings', de: 'Einstellungen', es: 'Ajustes', fr: 'Réglages' };
    for (const locale of readdirSync(LOCALES)) {
      const m = read(locale);
      const settings = words[locale];
      expect(settings, `${locale}: the word for Settings`).toBeTruthy();
      const heading = m.sectionSearch!.message;
      for (const [key, entry] of Object.entries(m)) {
        if (!key.startsWith('failure') && !key.startsWith('warning')) continue;
        for (const [, after] of entry.message.matchAll(new RegExp(`${settings} → ([^.,:;$]+)`, 'g'))) {
          const names = [
            heading,
            m.sectionModel!.message,
            m.sectionSources?.message,
            m.sectionPrivacy?.message,
            m.sectionBudgets?.message,
          ];
          expect(
            names.some((n) => n && after!.startsWith(n)),
            `${locale}: ${key} says "${settings} → ${after}"`,
          ).toBe(true);
        }
      }
    }
  });

  it('the English failure (command line, trace): "check Settings → Search providers", never "→ Search."', () => {
    expect(failureText('key-rejected', { provider: 'Brave Search', place: 'Search' })).toBe(
      'Brave Search rejected the key (401): check Settings → Search providers.',
    );
    expect(failureText('unexpected-status', { provider: 'Brave Search', status: 500, place: 'Search' })).toBe(
      'Brave Search answered 500: check the base URL in Settings → Search providers.',
    );
    expect(failureText('key-rejected', { provider: 'The model', place: 'Model' })).toBe(
      'The model rejected the key (401): check Settings → Model.',
    );
    expect(JSON.stringify(read('en'))).not.toMatch(/Settings → Search(?! providers)/);
  });
});
