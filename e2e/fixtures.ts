import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };

/** Credits a player through the real ops CLI, which reaches the running server over loopback. */
export async function opsCredit(email: string, amount: string, currency: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', 'credit', email, amount, currency], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
  return stdout;
}

export const uniqueEmail = (prefix = 'player') => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Saves a screenshot under e2e/screenshots for people to look at (phone and desktop sizes). */
export async function shot(page: Page, name: string) {
  // The splash fades out after the first render; wait for it, and for fonts and images.
  await page.locator('#preloader').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), fullPage: false });
}
