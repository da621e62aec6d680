import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens a whole embedded PostgreSQL; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // The files of a worker share its loaded modules: each file still gets its own database and server
    // (test/server.ts), and no file keeps state in a module. Loading the server's modules anew for
    // every file cost a third of the suite's CPU time.
    isolate: false,
  },
});
