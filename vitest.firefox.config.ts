import { defineConfig } from 'vitest/config';

// Real Firefox ESR with the Firefox build (test/e2e-firefox); one file at a time on these 2-core machines.
export default defineConfig({
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
  test: {
    include: ['test/e2e-firefox/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
