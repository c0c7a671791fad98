import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * An import of one of our folders, written relatively ('../db/records') or with the alias
 * ('@/lib/db/records'). `name` is a folder or a root module of lib/ (e.g. 'settings').
 */
const ours = (name) => `^(?:[@~]/lib/|(?:\\.\\.?/)+(?:lib/)?)${name}(?:/.*)?$`;

/** One restriction: what may not be imported, and why (ESLint prints the message). */
const rule = (regex, message, allowTypeImports = false) => ({ regex, message, allowTypeImports });

const NO_DB = rule(ours('db'), 'lib/db is the database; pass records in, or import shared shapes from lib/shared.');
const NO_DEXIE = rule('^dexie(?:/.*)?$', 'Dexie belongs to lib/db.');

/**
 * The layers and what each may not import (see README, "How it is built"). ESLint replaces a rule's
 * options when two blocks match one file, so a file in two groups gets both lists (see `boundaries`).
 */
/** The folders of reading code: pure functions over text and pages, handed their I/O (see README, "How it is built"). */
export const PURE = [
  'reading',
  'verdict',
  'text',
  'quotes',
  'dates',
  'pages',
  'evidence',
  'claims',
  'standalone',
  'planning',
  'run',
];

/** What no pure folder imports: the browser, storage, the network's adapters, the UI, the orchestrators. */
const PURE_PATTERNS = [
  NO_DB,
  NO_DEXIE,
  rule('^wxt(?:/.*)?$', 'Reading code is pure: the extension passes browser I/O in (PipelineDeps, FactCheckDeps).'),
  rule('^(?:@wxt-dev/.*|webextension-polyfill)$', 'Reading code is pure: no extension APIs.'),
  rule('^react(?:-dom)?(?:/.*)?$', 'Reading code is pure: React belongs to components/.'),
  rule('^openai(?:/.*)?$', 'Reading code never calls a model itself: it is handed a ChatModel (lib/model/chat-model).'),
  rule('^node:', 'Reading code runs in the browser too: files are read by lib/eval, scripts/ and cli/.'),
  rule(ours('search'), 'Reading code never calls a search provider: the orchestrators search and hand it the hits.'),
  rule(ours('model/(?:openai-compatible|chrome-builtin)'), 'Reading code is handed a ChatModel; it never builds one.'),
  rule(ours('(?:background|messaging|options|history|eval)'), "Reading code knows nothing of the extension's sides or the eval."),
  rule(
    ours('(?:answering|factcheck)'),
    'Reading code is shared: the orchestrators (lib/answering, lib/factcheck) import it, never the reverse.',
  ),
];

/** What both orchestrators may not import: they are handed the browser and storage too. */
const ORCHESTRATOR_PATTERNS = [
  NO_DB,
  NO_DEXIE,
  rule('^wxt(?:/.*)?$', 'The orchestrators are pure: the extension passes browser I/O in (PipelineDeps, FactCheckDeps).'),
  rule('^react(?:-dom)?(?:/.*)?$', 'The orchestrators are pure: React belongs to components/.'),
];

/**
 * The layers and what each may not import (see README, "How it is built"). ESLint replaces a rule's
 * options when two blocks match one file, so a file in two groups gets both lists (see `boundaries`).
 */
export const groups = {
  pure: { files: PURE.map((f) => `lib/${f}/**`), patterns: PURE_PATTERNS },
  answering: {
    files: ['lib/answering/**'],
    patterns: [
      ...ORCHESTRATOR_PATTERNS,
      rule(
        ours('factcheck'),
        'Answering and fact-checking share lib/verdict, lib/claims and lib/evidence; neither imports the other.',
      ),
    ],
  },
  factcheck: {
    files: ['lib/factcheck/**'],
    patterns: [
      ...ORCHESTRATOR_PATTERNS,
      rule(
        ours('answering'),
        'Answering and fact-checking share lib/verdict, lib/claims and lib/evidence; neither imports the other.',
      ),
    ],
  },
  components: {
    files: ['components/**'],
    patterns: [
      rule(ours('search'), 'Components never call a provider: ask the background (lib/messaging/client).'),
      rule(ours('model'), 'Components never call the model: ask the background; shared shapes live in lib/shared.'),
      NO_DB,
      NO_DEXIE,
      rule('^openai(?:/.*)?$', 'Components never call the model.'),
    ],
  },
  content: {
    files: [
      'entrypoints/content.ts',
      'lib/anchor/**',
      'lib/quotes/**',
      'lib/messaging/content-listener.ts',
      'lib/messaging/content-calls.ts',
    ],
    patterns: [
      rule(ours('settings'), 'The content script runs in web pages: it never sees settings (or keys).'),
      NO_DB,
      NO_DEXIE,
      rule('^(?:wxt/utils/storage|@wxt-dev/storage)$', 'The content script runs in web pages: no extension storage.'),
      rule(
        ours('messaging/protocol'),
        'protocol.ts pulls settings and full zod into the page: import the content calls (content-calls.ts).',
        true,
      ),
      rule('^zod$', 'The content script imports zod/mini, the small build (see README, content script size).'),
    ],
  },
  model: {
    files: ['lib/model/**'],
    patterns: [rule(ours('search'), 'lib/model never imports lib/search: shared errors live in lib/shared.')],
  },
  shared: {
    files: ['lib/shared/**'],
    patterns: [
      ...['db', 'search', 'model', 'answering', 'factcheck', ...PURE, 'messaging', 'background', 'settings'].map((name) =>
        rule(ours(name), 'lib/shared is imported by every side: it imports only zod, its own files and lib/providers.'),
      ),
      NO_DEXIE,
      rule(
        '^(?:wxt|react|react-dom|openai)(?:/.*)?$',
        'lib/shared is imported by every side: it imports only zod, its own files and lib/providers.',
      ),
    ],
  },
  providers: {
    // The providers' descriptions sit below lib/shared (which takes their failure codes from them).
    files: ['lib/providers/**'],
    patterns: [
      ...['db', 'search', 'model', 'answering', 'factcheck', ...PURE, 'messaging', 'background', 'settings', 'shared'].map(
        (name) => rule(ours(name), 'lib/providers describes the providers to every side: it imports only zod and its own files.'),
      ),
      NO_DEXIE,
      rule(
        '^(?:wxt|react|react-dom|openai)(?:/.*)?$',
        'lib/providers describes the providers to every side: it imports only zod and its own files.',
      ),
    ],
  },
  messaging: {
    files: ['lib/messaging/**'],
    patterns: [rule(ours('db'), 'Messaging never imports lib/db (it would pull history code into the panel): use lib/shared.')],
  },
};

/** One config block per group, each with every pattern of every group that also covers its files. */
function boundaries() {
  const matches = (glob, file) => (glob.endsWith('/**') ? file.startsWith(glob.slice(0, -2)) : glob === file);
  const blocks = Object.values(groups).map((g) => ({
    files: g.files,
    rules: { 'no-restricted-imports': ['error', { patterns: g.patterns }] },
  }));
  // Files in two groups (lib/messaging/content-*.ts): a block of their own with both lists.
  for (const a of Object.values(groups))
    for (const b of Object.values(groups)) {
      if (a === b) continue;
      const shared = a.files.filter((f) => b.files.some((g) => matches(g, f)));
      if (shared.length > 0) {
        const patterns = [...b.patterns, ...a.patterns.filter((p) => !b.patterns.some((q) => q.regex === p.regex))];
        blocks.push({ files: shared, rules: { 'no-restricted-imports': ['error', { patterns }] } });
      }
    }
  return blocks;
}

export default tseslint.config(
  { ignores: ['node_modules', '.output', '.wxt', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Components, and the hooks beside them (components/**/use-*.ts).
    files: ['**/*.tsx', 'components/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...boundaries(),
  {
    // Sizes (issue #15): no function in lib/ or components/ over 120 lines, no file in lib/ over 400,
    // tests and data aside (generated JSON is not linted). Lines are counted as they stand, blank and
    // comment lines too, as `wc -l` and the issue count them: a reader reads those lines as well, and
    // one count for functions and files keeps the figure anyone can check the same as the rule's.
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // lib/db is the database, not a door to the shared shapes: it re-exports nothing (records,
    // schemas and errors are imported from lib/shared, where every side finds them).
    files: ['lib/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration, ExportNamedDeclaration[source]',
          message: 'lib/db re-exports nothing: import shared shapes from lib/shared (e.g. lib/shared/records).',
        },
      ],
    },
  },
  {
    // Reading code and the orchestrators get the browser passed in, never as a global.
    files: [...PURE.map((f) => `lib/${f}/**`), 'lib/answering/**', 'lib/factcheck/**'],
    rules: { 'no-restricted-globals': ['error', 'browser', 'chrome', 'indexedDB'] },
  },
);
