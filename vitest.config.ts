import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit and corpus tests in Node; the real-browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: [
      'lib/**/*.test.ts',
      'test/unit/**/*.test.ts',
      'test/corpus/**/*.test.ts',
      'test/verification/**/*.test.ts',
      'test/cli/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
  },
});
