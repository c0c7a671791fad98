import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_RUN_CARD, withTempProfile } from '../../scripts/start-profile.mjs';

const parent = mkdtempSync(path.join(tmpdir(), 'spanlight-profile-test-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('npm start: its browser profile', () => {
  it('is a fresh folder while the browser runs, and gone afterwards', async () => {
    let seen = '';
    const result = await withTempProfile(
      async (profile: string) => {
        seen = profile;
        expect(existsSync(profile)).toBe(true);
        writeFileSync(path.join(profile, 'Preferences'), 'x'.repeat(100_000));
        return 'done';
      },
      { parent, signals: [] },
    );
    expect(result).toBe('done');
    expect(path.basename(seen)).toMatch(/^spanlight-start-/);
    expect(existsSync(seen)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('is removed when the script fails too', async () => {
    await expect(
      withTempProfile(
        async () => {
          throw new Error('the browser did not start');
        },
        { parent, signals: [] },
      ),
    ).rejects.toThrow('the browser did not start');
    expect(readdirSync(parent)).toEqual([]);
  });

  it('the headless screenshot waits for the first-run card, after the form', () => {
    const start = readFileSync(path.resolve('scripts/start.mjs'), 'utf8');
    expect(FIRST_RUN_CARD).toBe('section.welcome');
    const card = start.indexOf('waitForSelector(FIRST_RUN_CARD');
    expect(card).toBeGreaterThan(start.indexOf("waitForSelector('form.ask')"));
    expect(card).toBeLessThan(start.indexOf('panel.screenshot('));
    // The card's class, as the panel draws it.
    expect(readFileSync(path.resolve('components/panel/welcome-card.tsx'), 'utf8')).toContain('className="card welcome"');
  });
});
