// The store packages, checked as the stores would (npm run test:store, after npm run zip):
// - each package's manifest: its icons (16–128 px) and toolbar icon present in the zip, its version
//   package.json's, and only the permissions README's "Permissions and why" table justifies;
// - the Firefox package through Mozilla's addons-linter (the store's own check): 0 errors, and every
//   warning's code explained in README's "Packaging for the stores" table;
// - the sources zip holds what rebuilds the add-on;
// - with --again: zipped a second time, the same bytes (reproducible packages).
// Exits non-zero with one line per problem.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import linter from 'addons-linter';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const out = path.join(root, '.output');
const zips = {
  chrome: path.join(out, `${pkg.name}-${pkg.version}-chrome.zip`),
  firefox: path.join(out, `${pkg.name}-${pkg.version}-firefox.zip`),
  sources: path.join(out, `${pkg.name}-${pkg.version}-sources.zip`),
};
const problems = [];
const check = (ok, problem) => ok || problems.push(problem);

/** The backticked first cells of the markdown table under a heading. */
function tableKeys(heading) {
  const at = readme.indexOf(`\n## ${heading}\n`);
  if (at < 0) return new Set();
  const next = readme.indexOf('\n## ', at + 4);
  const section = readme.slice(at, next < 0 ? undefined : next);
  return new Set([...section.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]));
}
const justified = tableKeys('Permissions and why');
const explained = tableKeys('Packaging for the stores');

for (const [name, file] of Object.entries(zips))
  if (!existsSync(file)) {
    console.error(`check-store: no ${name} package at ${path.relative(root, file)}: run "npm run zip" first.`);
    process.exit(1);
  }

const sha = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const before = Object.fromEntries(Object.entries(zips).map(([k, f]) => [k, sha(f)]));

for (const browser of ['chrome', 'firefox']) {
  const zip = await JSZip.loadAsync(readFileSync(zips[browser]));
  const has = (rel) => typeof rel === 'string' && zip.file(rel) !== null;
  const manifest = JSON.parse(await zip.file('manifest.json').async('string'));
  const where = `${browser} manifest`;
  for (const size of ['16', '32', '48', '96', '128'])
    check(has(manifest.icons?.[size]), `${where}: no ${size} px icon (icons.${size}) in the package`);
  for (const size of ['16', '32'])
    check(has(manifest.action?.default_icon?.[size]), `${where}: no ${size} px toolbar icon (action.default_icon)`);
  if (browser === 'firefox') {
    const themed = manifest.action?.theme_icons ?? [];
    check(themed.length > 0, `${where}: no theme_icons (light and dark toolbar icons)`);
    for (const t of themed) check(has(t.light) && has(t.dark), `${where}: theme icon ${t.size} px missing a variant`);
  }
  check(manifest.version === pkg.version, `${where}: version ${manifest.version}, package.json says ${pkg.version}`);
  for (const p of manifest.permissions ?? [])
    check(justified.has(p), `${where}: permission "${p}" is not justified in README's "Permissions and why"`);
  for (const p of manifest.host_permissions ?? [])
    check(justified.has(`${p} (host)`) || justified.has(p), `${where}: host permission "${p}" is not justified in README`);
  for (const p of manifest.optional_host_permissions ?? [])
    check(
      justified.has(p) && readme.includes(`| \`${p}\` (optional host) |`),
      `${where}: optional host permission "${p}" is not justified in README as "(optional host)"`,
    );
  check(
    !(manifest.host_permissions ?? []).includes('<all_urls>'),
    `${where}: every site asked for at install (host_permissions)`,
  );
  check(!manifest.optional_permissions?.length, `${where}: optional permissions, none of them justified in README`);
}

const sources = await JSZip.loadAsync(readFileSync(zips.sources));
for (const f of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md', 'entrypoints/background.ts'])
  check(sources.file(f) !== null, `sources zip: no ${f} (a reviewer could not rebuild the add-on)`);
for (const f of Object.keys(sources.files))
  check(!/^(node_modules|\.output|\.git)\//.test(f), `sources zip: holds ${f.split('/')[0]}/`);

const lint = linter.createInstance({
  config: {
    _: [zips.firefox],
    logLevel: 'fatal',
    stack: false,
    pretty: false,
    warningsAsErrors: false,
    metadata: false,
    output: 'none',
    boring: false,
    selfHosted: false,
  },
  runAsBinary: false,
});
const result = await lint.run();
for (const e of result.errors) problems.push(`addons-linter error ${e.code} in ${e.file ?? 'the package'}: ${e.message}`);
const codes = new Set(result.warnings.map((w) => w.code));
for (const code of codes)
  check(
    explained.has(code),
    `addons-linter warning ${code} is neither fixed nor explained in README's "Packaging for the stores"`,
  );
console.log(
  `check-store: addons-linter on ${path.basename(zips.firefox)}: ${result.errors.length} errors, ` +
    `${result.warnings.length} warnings (${[...codes].join(', ') || 'none'}), ${result.notices.length} notices`,
);

if (process.argv.includes('--again')) {
  execFileSync('npm', ['run', '--silent', 'zip'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const [name, file] of Object.entries(zips))
    check(sha(file) === before[name], `${name} package: zipped again, other bytes (the packages are not reproducible)`);
  console.log('check-store: zipped twice, the same bytes');
}

if (problems.length > 0) {
  for (const p of problems) console.error(`check-store: ${p}`);
  process.exit(1);
}
console.log(
  `check-store: ${Object.values(zips)
    .map((f) => path.basename(f))
    .join(', ')}: manifests, icons, permissions and sources as they should be`,
);
