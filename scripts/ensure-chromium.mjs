// The end-to-end tests drive Debian's Chromium. Install it when missing and we can (root + apt);
// otherwise stop with one line a person can act on. Never downloads a browser build of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing at ${CHROMIUM}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.error("Chromium is missing: installing Debian's chromium package (about a minute)…");
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing: set CHROMIUM_PATH to your Chromium.`);
  process.exit(1);
}
