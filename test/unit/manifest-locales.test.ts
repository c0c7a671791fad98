import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../wxt.config';

const LOCALES = path.resolve('public/_locales');
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<string, { message: string }>;

type ManifestFn = (env: { browser: string }) => Record<string, unknown>;

describe("the manifest's name and description are translated", () => {
  for (const browser of ['chrome', 'firefox'])
    it(`${browser}: name, description and the toolbar title come from the catalogue, in every language`, () => {
      const manifest = (config.manifest as unknown as ManifestFn)({ browser });
      expect(manifest.default_locale).toBe('en');
      const action = manifest.action as { default_title: string };
      const texts = [manifest.name, manifest.description, action.default_title] as string[];
      for (const text of texts) expect(text).toMatch(/^__MSG_\w+__$/);
      for (const locale of readdirSync(LOCALES)) {
        const messages = read(locale);
        for (const text of texts) {
          const key = /^__MSG_(\w+)__$/.exec(text)![1]!;
          expect(messages[key]?.message.trim(), `${locale}: ${key}`).toBeTruthy();
        }
        // The stores' limits: a name of at most 45 characters, a description of at most 132.
        expect(messages.extName!.message.length, locale).toBeLessThanOrEqual(45);
        expect(messages.extDescription!.message.length, locale).toBeLessThanOrEqual(132);
      }
      expect(new Set(readdirSync(LOCALES).map((l) => read(l).extDescription!.message)).size).toBe(readdirSync(LOCALES).length);
    });
});
