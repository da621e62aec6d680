import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // A journey signs up, plays and pays through several pages; on a shared 2-core machine that can take
  // most of a minute. Timings the product promises are asserted where they are promised.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    // No screencast: its frames cost the browser more CPU than the pages do, slowing every journey.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  outputDir: './test-results',
});
