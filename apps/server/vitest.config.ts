import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file opens a whole embedded PostgreSQL; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
