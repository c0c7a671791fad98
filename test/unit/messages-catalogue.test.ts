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

  it('other languages translate only keys English has, with the same placeholders', () => {
    for (const locale of readdirSync(LOCALES).filter((l) => l !== 'en')) {
      const other = JSON.parse(readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<string, Message>;
      for (const [key, entry] of Object.entries(other)) {
        expect(english[key], `${locale}: ${key}`).toBeDefined();
        expect(Object.keys(entry.placeholders ?? {}).sort(), `${locale}: ${key}`).toEqual(
          Object.keys(english[key]?.placeholders ?? {}).sort(),
        );
      }
    }
  });
});
