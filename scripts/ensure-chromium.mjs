// The end-to-end tests drive Debian's Chromium. Install it when missing and we can (root + apt);
// otherwise stop with one line a person can act on. Never downloads a browser build of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian ships Chromium's translations apart (chromium-l10n); without them the browser, and the
// extension's catalogue with it, stays English whatever the language (test/e2e/languages.test.ts).
const L10N = '/usr/lib/chromium/locales/de.pak';
const needL10n = !process.env.CHROMIUM_PATH && !existsSync(L10N);
if (existsSync(CHROMIUM) && !needL10n) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium or its translations are missing: install them (Debian: sudo apt-get install -y chromium chromium-l10n) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.error(
  "Chromium or its translations are missing: installing Debian's chromium and chromium-l10n packages (about a minute)…",
);
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-l10n', {
  stdio: 'inherit',
});
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing: set CHROMIUM_PATH to your Chromium.`);
  process.exit(1);
}
