// Checks the Firefox build (`wxt build -b firefox`): MV3 with a sidebar instead of Chrome's side
// panel, no Chrome-only permission, an add-on id, the background as scripts, and every file the
// manifest names present. Run after the build; exits non-zero with one line per problem.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? '.output/firefox-mv3');
const file = path.join(dir, 'manifest.json');
if (!existsSync(file)) {
  console.error(`No Firefox build at ${dir}: run "wxt build -b firefox" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const problems = [];
const check = (ok, problem) => ok || problems.push(problem);
const present = (rel) => typeof rel === 'string' && existsSync(path.join(dir, rel));

// Permissions Firefox does not know: it warns on install, and AMO rejects some.
const CHROME_ONLY = [
  'sidePanel',
  'offscreen',
  'tabGroups',
  'readingList',
  'system.cpu',
  'system.memory',
  'enterprise.platformKeys',
];

check(manifest.manifest_version === 3, `manifest_version is ${manifest.manifest_version}, not 3`);
for (const p of [...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? [])])
  check(!CHROME_ONLY.includes(p), `Chrome-only permission "${p}"`);
check(manifest.side_panel === undefined, 'a Chrome side_panel key');
check(present(manifest.sidebar_action?.default_panel), 'no sidebar_action.default_panel, or its page is missing');
check(typeof manifest.browser_specific_settings?.gecko?.id === 'string', 'no browser_specific_settings.gecko.id');
check(
  manifest.browser_specific_settings?.gecko?.data_collection_permissions !== undefined,
  'no browser_specific_settings.gecko.data_collection_permissions',
);
const scripts = manifest.background?.scripts ?? [];
check(scripts.length > 0 && scripts.every(present), 'background.scripts missing, or a script is not in the build');
check(manifest.background?.service_worker === undefined, 'background.service_worker (Firefox runs background scripts)');
check(present(manifest.options_ui?.page), 'options_ui.page missing from the build');
check(
  manifest.default_locale === undefined || present(`_locales/${manifest.default_locale}/messages.json`),
  `_locales/${manifest.default_locale}/messages.json missing`,
);
check(
  (manifest.optional_host_permissions ?? []).includes('<all_urls>'),
  'no optional_host_permissions <all_urls> (search and page fetches need it, asked for at first use)',
);
check(!(manifest.host_permissions ?? []).includes('<all_urls>'), 'host_permissions asks for every site at install');

if (problems.length > 0) {
  console.error(`Firefox build at ${dir} has problems:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Firefox build OK: MV3, sidebar ${manifest.sidebar_action.default_panel}, id ${manifest.browser_specific_settings.gecko.id}, permissions ${manifest.permissions.join(', ')}.`,
);
