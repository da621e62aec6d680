import { defineConfig } from 'vitest/config';

// Its own config so the tests do not load the game front ends' Vite build settings.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The return-to-player runs are CPU-bound; a shared machine can slow them a lot.
    testTimeout: 30_000,
  },
});
