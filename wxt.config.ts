import { defineConfig } from 'wxt';
import { normalizeZip } from './scripts/normalize-zip';

// See README "Versions" for why these are pinned; the manifest is built per browser so that
// Firefox never receives Chrome-only permissions (sidePanel).
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  // Firefox too: WXT would build MV2 for it otherwise. Its MV3 runs the background as scripts
  // (an event page, which has DOMParser) and turns the side panel into a sidebar_action.
  manifestVersion: 3,
  // npm run zip: the stores' packages (and the sources zip addons.mozilla.org asks of bundled code),
  // named by version and rewritten so that the same commit gives the same bytes.
  zip: {
    artifactTemplate: '{{name}}-{{version}}-{{browser}}.zip',
    sourcesTemplate: '{{name}}-{{version}}-sources.zip',
    excludeSources: ['docs/**', 'bench/results/**', 'test/fixtures/**/*.png'],
  },
  hooks: {
    // WXT lists a runtime content script's matches as host permissions; ours is injected only
    // where access was granted, and that access is optional (manifest below).
    'build:manifestGenerated': (_, manifest) => {
      manifest.host_permissions = (manifest.host_permissions ?? []).filter(
        (p: string) => !(manifest.optional_host_permissions ?? []).includes(p),
      );
    },
    'zip:extension:done': (_, file) => normalizeZip(file),
    'zip:sources:done': (_, file) => normalizeZip(file),
  },
  manifest: ({ browser }) => ({
    // Name and description in the browser's language, from public/_locales/<lang>/messages.json.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    // UI text lives in public/_locales (lib/i18n.ts reads it); English is complete.
    default_locale: 'en',
    // contextMenus: "Ask Spanlight" on a selection (Firefox knows it as an alias of menus).
    permissions: ['storage', 'tabs', 'scripting', 'contextMenus', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    // Fetching search results and reading open tabs needs host access. It is asked for when first
    // needed, with its reason (lib/options/host-access.ts): a provider's host as its settings are saved,
    // every site at the first question or fact-check. Pages are fetched without cookies
    // (lib/pages/fetch-page.ts).
    host_permissions: [],
    optional_host_permissions: ['<all_urls>'],
    // The toolbar icon (Firefox also gets icon/light-*.png and dark-*.png as theme_icons, found by WXT).
    action: { default_title: '__MSG_commandOpen__', default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' } },
    // A key that opens the panel: the toolbar button's action (which opens the side panel) in
    // Chrome, the sidebar in Firefox. People can change it (chrome://extensions/shortcuts).
    commands: {
      [browser === 'firefox' ? '_execute_sidebar_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_commandOpen__',
      },
    },
    // No externally_connectable: web pages cannot message the extension.
    ...(browser === 'firefox'
      ? {
          // Firefox's default MV3 policy adds upgrade-insecure-requests, which turns every http://
          // fetch of the background into https:// (loopback excepted): http-only sources and a
          // SearXNG or model server on the local network would fail. Chrome does not upgrade.
          content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
          browser_specific_settings: {
            gecko: {
              id: 'spanlight@spanlight.dev',
              // The first release that reads data_collection_permissions (and has every MV3 API used here).
              strict_min_version: '140.0',
              // Questions go to the search providers the user chose, and page text (open tabs
              // only with consent) to the model endpoint the user chose.
              data_collection_permissions: { required: ['searchTerms', 'websiteContent'] },
            },
            // Firefox for Android reads data_collection_permissions from 142 on.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
