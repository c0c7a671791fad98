import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit and corpus tests in Node; the real-browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/{unit,corpus,verification,cli,property,eval}/**/*.test.ts'],
    environment: 'node',
    // Says once when the corpus checks are skipped for want of their data (docs/testing.md).
    globalSetup: ['test/data-setup.ts'],
    testTimeout: 30_000,
  },
});
