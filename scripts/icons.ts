import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** The mark's source: one SVG, drawn once (assets/icon.svg). */
export const ICON_SOURCE = path.resolve('assets/icon.svg');
/** Where the built icons go: WXT lists public/icon/<size>.png as the extension's icons, and light-/dark- pairs as Firefox's theme icons. */
export const ICON_DIR = path.resolve('public/icon');
/** The sizes the browsers and stores use: toolbar (16, 32), extensions page (48), Firefox's add-ons manager (96 at 2×: 48), stores (128). */
export const ICON_SIZES = [16, 32, 48, 96, 128] as const;
/** Toolbar sizes drawn for light and dark toolbars (Firefox tells them apart). */
export const THEME_SIZES = [16, 32] as const;

/**
 * The variants' colours, by the id of the shape in the source. "light" is the icon for dark
 * toolbars and "dark" for light ones (Firefox's theme_icons names them by the icon's own tone):
 * no tile, only the lines and the highlighted span, so the mark reads on the toolbar's colour.
 */
const VARIANTS: Record<'full' | 'light' | 'dark', Record<string, string> | null> = {
  full: null,
  light: { tile: 'none', 'line-1': '#f1f5f9', 'line-3': '#f1f5f9', span: '#fde047', 'span-text': '#0f172a' },
  dark: { tile: 'none', 'line-1': '#334155', 'line-3': '#334155', span: '#facc15', 'span-text': '#0f172a' },
};

/** The source with a variant's colours put in, by each shape's id. */
function recolour(svg: string, colours: Record<string, string> | null): string {
  if (!colours) return svg;
  return svg.replace(/<rect id="([^"]+)"([^>]*?)fill="[^"]*"/g, (all, id: string, rest: string) =>
    colours[id] ? `<rect id="${id}"${rest}fill="${colours[id]}"` : all,
  );
}

function render(svg: string, size: number): Buffer {
  return Buffer.from(
    new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng(),
  );
}

/** Every icon file, by its path under public/, rendered from the source (the same bytes for the same source). */
export function renderIcons(source = readFileSync(ICON_SOURCE, 'utf8')): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const size of ICON_SIZES) out.set(`icon/${size}.png`, render(source, size));
  for (const variant of ['light', 'dark'] as const)
    for (const size of THEME_SIZES) out.set(`icon/${variant}-${size}.png`, render(recolour(source, VARIANTS[variant]), size));
  return out;
}
