import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorker } from './build/service-worker.ts';

const api = 'http://127.0.0.1:3000';

/** The test files that replace a module with vi.mock: each needs a module graph of its own. */
const src = fileURLToPath(new URL('./src/', import.meta.url));
const mockingFiles = fs
  .readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(src + file, 'utf8')))
  .map((file) => `src/${file}`);

export default defineConfig({
  base: '/',
  // serviceWorker: /sw.js, the build manifest and the build id (build/service-worker.ts).
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/sandbox': { target: api, changeOrigin: true },
      '/connection': { target: api, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/sandbox': { target: api, changeOrigin: true },
      '/connection': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // Every browser we support preloads modules natively; the polyfill would only cost first-load bytes.
    modulePreload: {
      polyfill: false,
      // The home page's chunk fetches its own imports: `/` arrives painted (home.html), so nothing waits
      // on them, and adding their twenty <link rel=modulepreload> at start-up took ~15 ms of main thread.
      resolveDependencies: (filename, deps) => (filename.includes('/home-page-') ? [] : deps),
    },
    // The entry stays small because routes and modals are lazy; a warning past 250 kB minified flags a regression.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // Everything the first page needs statically goes in one chunk: the lazy routes and modals
        // share small modules with it, and left alone the bundler splits each into a chunk of its own
        // (two dozen requests of a few hundred bytes, each compressed on its own).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
      treeshake: {
        // These modules only declare things. Saying so lets the bundler drop what a page does not use:
        // the modal barrel's ModalFrame (and with it Radix) stays out of the first load, and so do
        // contracts modules nobody imports (their top-level zod schemas would otherwise pin zod).
        moduleSideEffects: [
          { test: /\/packages\/contracts\/src\//, sideEffects: false },
          { test: /\/src\/shared\/modals\//, sideEffects: false },
        ],
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A test's own waits (findBy…, waitFor) have their own bounds; this one only ends a test stuck for
    // good. Beside the journeys on two cores a jsdom test of a few clicks has taken over 5 s (CI, stop 41).
    testTimeout: 30_000,
    // Files share their worker's jsdom and loaded modules: a fresh window and module graph per file
    // cost most of the suite's CPU (209 → 76 CPU-s). test-setup.ts starts each file as a fresh window
    // would. A file that replaces a module (vi.mock) needs a module graph of its own, so those files
    // run isolated.
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...mockingFiles] },
      },
      { extends: true, test: { name: 'isolated', include: mockingFiles } },
    ],
  },
});
