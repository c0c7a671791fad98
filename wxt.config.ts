import { defineConfig } from 'wxt';

// See README "Versions" for why these are pinned; the manifest is built per browser so that
// Firefox never receives Chrome-only permissions (sidePanel).
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  manifest: ({ browser }) => ({
    name: 'Spanlight',
    description: 'Answers and fact-checks with citations that jump to the passage that supports them.',
    permissions: ['storage', 'tabs', 'scripting', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    // Fetching search results and reading open tabs needs host access. Pages are fetched
    // without cookies (see lib/pipeline/fetch-page.ts).
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Open Spanlight' },
    // No externally_connectable: web pages cannot message the extension.
  }),
});
