import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, ops, stillScreen, uniqueEmail } from './fixtures.ts';

/** The back office's staff in journeys: invited by the bootstrap command, enrolled, signed in. */

export const PASSWORD = 'a long staff passphrase 7';
/** The authenticator app: the code of `secret`, `ahead` steps of 30 s from now (each step works once). */
export const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

/** `ops staff create` (the bootstrap command): the new member's e-mail and enrolment link. */
export async function invite(role: string) {
  const email = uniqueEmail(role).replace('@example.com', '@staff.example');
  const out = await ops('staff', 'create', email, '--role', role);
  const link = /(https?:\/\/\S+\/admin\/enrol#\S+)/.exec(out)?.[1];
  expect(link, out).toBeTruthy();
  return { email, link: link! };
}

/** A staff member enrolled through the API (the app's own calls), ready to sign in: e-mail and TOTP secret. */
export async function enrolled(request: APIRequestContext, role: string) {
  const { email, link } = await invite(role);
  const token = link.split('#')[1]!;
  const start = await request.post('/api/admin/auth/enrol/start', { data: { token } });
  const { secret } = (await start.json()).data as { secret: string };
  const done = await request.post('/api/admin/auth/enrol', {
    data: { token, password: PASSWORD, code: codeOf(secret) },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return { email, secret };
}

/** Signs in on the back office's own page, with a code of the next step (the enrolment spent this one). */
export async function signInAdmin(page: Page, staff: { email: string; secret: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(codeOf(staff.secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
}

/** A picture at 1440×900 for people to look at, and axe: no serious or critical finding. */
export async function checked(page: Page, name: string) {
  await stillScreen(page);
  await page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `admin-${name}-desktop.png`) });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(serious, name).toEqual([]);
}
