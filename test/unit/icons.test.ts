import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_DIR, ICON_SIZES, THEME_SIZES, renderIcons } from '../../scripts/icons';

/** The PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('the icons are rendered from one source (assets/icon.svg), never drawn by hand', () => {
  const fresh = renderIcons();

  it('every size each browser and store uses, and the toolbar’s light and dark variants', () => {
    expect([...fresh.keys()].sort()).toEqual(
      [
        ...ICON_SIZES.map((s) => `icon/${s}.png`),
        ...THEME_SIZES.flatMap((s) => [`icon/light-${s}.png`, `icon/dark-${s}.png`]),
      ].sort(),
    );
    for (const [file, png] of fresh) {
      const size = Number(/(\d+)\.png$/.exec(file)![1]);
      expect(pngSize(png), file).toEqual([size, size]);
    }
  });

  it('the committed files equal a fresh render (run "npm run icons" after changing the source)', () => {
    for (const [file, png] of fresh) {
      const committed = readFileSync(path.join(path.dirname(ICON_DIR), file));
      expect(committed.equals(png), `${file} differs from a fresh render of assets/icon.svg`).toBe(true);
    }
  });

  it('the variants differ where they should: no tile behind the toolbar glyphs, and light is not dark', () => {
    expect(fresh.get('icon/light-16.png')!.equals(fresh.get('icon/dark-16.png')!)).toBe(false);
    expect(fresh.get('icon/light-32.png')!.equals(fresh.get('icon/32.png')!)).toBe(false);
  });
});
