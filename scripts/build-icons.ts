// Renders the extension's icons from assets/icon.svg into public/icon/ (npm run icons). A test
// checks that the committed files equal a fresh render, so they are never drawn by hand.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_DIR, renderIcons } from './icons';

mkdirSync(ICON_DIR, { recursive: true });
for (const [file, png] of renderIcons()) {
  writeFileSync(path.join(path.dirname(ICON_DIR), file), png);
  console.log(`${file}: ${png.length} bytes`);
}
