// The Firefox end-to-end lane drives Debian's Firefox ESR over WebDriver BiDi. Install it when
// missing and we can (root + apt); otherwise stop with one line a person can act on. Never
// downloads a browser build of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
if (existsSync(FIREFOX)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Firefox is missing at ${FIREFOX}: install it (Debian: sudo apt-get install -y firefox-esr) or set FIREFOX_PATH.`,
  );
  process.exit(1);
}
console.error("Firefox is missing: installing Debian's firefox-esr package (about a minute)…");
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr', { stdio: 'inherit' });
if (!existsSync(FIREFOX)) {
  console.error(`apt-get finished but ${FIREFOX} is still missing: set FIREFOX_PATH to your Firefox.`);
  process.exit(1);
}
