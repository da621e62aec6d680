import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Files run side by side, each file's journeys in order. Every journey makes its own players; one
  // that changes what all players see (a clock, a setting) starts a server of its own.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A journey signs up, plays and pays through several pages; on a shared 2-core machine, beside the
  // Vitest suites, that can take two minutes, and a state the player would see at once can take 10 s to
  // draw. These are limits on waiting, not on speed: speed is measured in bench/, not by timed tests.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    // No screencast: its frames cost the browser more CPU than the pages do, slowing every journey.
    // DOM snapshots (and with them the network log) at every action cost 12% of the run's CPU; a
    // failure keeps its actions and console, and error-context.md has the page's tree. E2E_TRACE_FULL=1
    // records them again to chase a failure.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE_FULL === '1' },
    // A player who asked for less motion: the site and the games honour it, and the software
    // compositor draws no transitions (14% of the run's CPU). Waits are on states, never on animations.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // The software compositor in the browser's own process: no GPU process to feed over IPC (−8% CPU).
        '--in-process-gpu',
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
