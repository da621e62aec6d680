import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectShown, ops, signUpAndSignIn, stillScreen, test, uniqueEmail } from '../fixtures.ts';

/** An operator's no-deposit bonus and a code for it, through the ops CLI; answers both. */
async function codeForBonus(): Promise<{ name: string; code: string }> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `Code bonus ${suffix}`;
  const file = path.join(os.tmpdir(), `bonus-code-${suffix}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, amounts: { EUR: 500 }, wagerMultiplier: 5 }));
  await ops('bonus', 'create', file);
  fs.rmSync(file);
  const code = `E2E${suffix}`.toUpperCase();
  const created = await ops('bonus', 'code', 'create', code, name, '--uses', '100', '--currencies', 'EUR');
  expect(created).toContain(`Created code ${code}`);
  expect(await ops('bonus', 'code', 'list')).toContain(code);
  return { name, code };
}

/** Phone and desktop screenshots into /tmp/shots (and the usual e2e/screenshots). */
async function shots(page: Page, name: string, focus?: Locator) {
  await page.locator('#preloader').waitFor({ state: 'detached' });
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await stillScreen(page);
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join('/tmp/shots', `${name}-${size}.png`) });
    await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', `${name}-${size}.png`) });
  }
}

test('a new player signs up with a bonus code and finds the bonus; wrong and used codes are told apart', async ({
  page,
}) => {
  test.slow();
  const { name, code } = await codeForBonus();
  await page.goto('/?sign-up');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('code'));
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByLabel('Repeat password').fill('secret-pass-1');
  await dialog.getByLabel('Currency').selectOption('EUR');
  await dialog.getByRole('checkbox', { name: /I am at least 18/ }).check();
  await dialog.getByRole('checkbox', { name: 'Send me bonus offers' }).check();
  await dialog.getByLabel('Bonus code (optional)').fill(code.toLowerCase());
  await shots(page, 'bonus-code-sign-up', dialog.getByLabel('Bonus code (optional)'));
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expectShown(page, `Bonus code ${code} applied`);
  // Registered: the wallet opens on the deposit, which takes a code of its own (trigger 3).
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await expect(wallet).toBeVisible();
  await expect(wallet.getByLabel('Bonus code for this deposit')).toBeVisible();
  await shots(page, 'bonus-code-deposit', wallet.getByLabel('Bonus code for this deposit'));

  await page.goto('/bonuses');
  await expect(page.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Have a bonus code?' });
  await form.getByLabel('Bonus code').fill('NO-SUCH-CODE');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('alert')).toHaveText('Bonus code incorrect.');
  await shots(page, 'bonus-code-incorrect', form);
  // Once per player: the same code again is refused, and the player is told they used it.
  await form.getByLabel('Bonus code').fill(code);
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('alert')).toHaveText('You have already used this code.');
});

test('guessing codes locks the form with a countdown (error 5)', async ({ page }) => {
  await signUpAndSignIn(page, 'guess');
  await page.goto('/bonuses');
  const form = page.getByRole('form', { name: 'Have a bonus code?' });
  for (let i = 0; i < 5; i++) {
    await form.getByLabel('Bonus code').fill(`GUESS${i}${Date.now()}`);
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByRole('alert')).toHaveText('Bonus code incorrect.');
  }
  await form.getByLabel('Bonus code').fill('ONE-MORE');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('alert')).toContainText(/Too many wrong codes. You can try again in 1[45]:\d\d/);
  await expect(form.getByLabel('Bonus code')).toBeDisabled();
  await shots(page, 'bonus-code-locked', form);
});
