import type { Page } from '@playwright/test';
import {
  bearerOf,
  expect,
  ops,
  opsCredit,
  signIn,
  signUpAndSignIn,
  stillScreen,
  test,
  verifyIdentity,
} from '../fixtures.ts';

const SHOTS = '/tmp/shots/trust-account';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

/** Screenshots of what is on screen now, at the phone and desktop sizes, for people to look at. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await stillScreen(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
  }
}

test('a player closes their account from the profile; sign-in is refused afterwards', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'closing');
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toContainText('your real-money balance withdrawn');
  await expect(dialog).toContainText('you can sign in to withdraw it, and only that');
  await expect(dialog).toContainText('your personal data is not deleted');
  await expect(dialog.getByLabel('Current password')).toBeVisible();
  await shoot(page, 'close-dialog-en');

  await dialog.getByLabel('Current password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Close the account' }).click();
  await expect(dialog.getByText('The password is not right')).toBeVisible();
  await dialog.getByLabel('Current password').fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Close the account' }).click();
  const closed = page.getByRole('dialog', { name: 'Your account is closed' });
  await expect(closed).toContainText('You were signed out on every device.');
  await closed.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Closing is no "session ended elsewhere": nothing asks this visitor to sign in again.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const refused = await signIn(page, email);
  await expect(refused.getByText('This account is closed.')).toBeVisible();
});

test('the dialog in German; with money on the account the player is told to withdraw first', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'closing-de');
  await opsCredit(email, '10', 'EUR');
  await page.goto('/de/profile/security');
  await page.getByRole('button', { name: 'Mein Konto schließen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto schließen?' });
  await expect(dialog).toContainText('dein Echtgeld-Guthaben ausgezahlt');
  await shoot(page, 'close-dialog-de');
  await dialog.getByLabel('Aktuelles Passwort').fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Konto schließen' }).click();
  await expect(dialog.getByText('Zahle zuerst dein Guthaben aus')).toBeVisible();
});

test('a close with a deposit still unpaid lists it; money that reaches a closed account can be withdrawn', async ({
  page,
}) => {
  test.slow();
  await signUpAndSignIn(page, 'closing-open');
  // A bank transfer the player said they would make, not arrived yet.
  const started = await page.request.post('/api/payment/invoices/deposit', {
    headers: await bearerOf(page),
    data: { method: 'bank_transfer', currency: 'EUR', amount: 20 },
  });
  expect(started.ok()).toBe(true);
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await dialog.getByLabel('Current password').fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Close the account' }).click();
  const open = dialog.getByRole('alert');
  await expect(open).toContainText('Something on your account is still open');
  await expect(open.getByRole('listitem')).toHaveText(['1 unpaid deposit: complete the payment or let it expire']);
  await shoot(page, 'close-refused-open-en');

  // Another player closes with nothing open; money reaches the account afterwards (an operator's credit
  // standing for a late payment or win).
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await page.evaluate(() => localStorage.clear());
  const closing = await signUpAndSignIn(page, 'closed-late-money');
  await verifyIdentity(page);
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Close my account' }).click();
  const second = page.getByRole('dialog', { name: 'Close your account?' });
  await second.getByLabel('Current password').fill('secret-pass-1');
  await second.getByRole('button', { name: 'Close the account' }).click();
  const closed = page.getByRole('dialog', { name: 'Your account is closed' });
  await closed.getByRole('button', { name: 'Go to the home page' }).click();
  await opsCredit(closing, '12.5', 'EUR');

  await signIn(page, closing);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('Your account is closed. Money reached it afterwards: you can withdraw it.');
  await expect(page.getByText('Real-money balance: €12.50')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your payments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Casino' })).toHaveCount(0);
  await shoot(page, 'withdraw-only-closed-en');
  await page.setViewportSize(SIZES.desktop);
  await page.getByLabel('Amount (EUR)').fill('12.50');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
  expect(await ops('withdrawals', 'list')).toContain(closing);
});

test('an excluded player signs in to withdraw: only the withdrawal and the messages are there', async ({ page }) => {
  test.slow();
  const email = await signUpAndSignIn(page, 'excluded');
  await verifyIdentity(page);
  await opsCredit(email, '50', 'EUR');
  await ops('exclude', email, 'self-exclusion', '30');
  await ops('message', email, 'We are here', 'Write to us if you need help.');

  const dialog = await signIn(page, email);
  await expect(dialog.getByRole('alert')).toContainText('You have excluded yourself');
  await dialog.getByRole('button', { name: 'Sign in to withdraw your balance' }).click();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('You are excluded until');
  await expect(title).toContainText('You can withdraw your balance.');
  await expect(page.getByText('Real-money balance: €50.00')).toBeVisible();
  await expect(page.getByText('We are here')).toBeVisible();
  // Nothing else: no games, no deposit, no menu.
  await expect(page.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Casino' })).toHaveCount(0);
  await shoot(page, 'withdraw-only-en');

  await page.setViewportSize(SIZES.desktop);
  await page.getByLabel('Amount (EUR)').fill('50');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
  expect(await ops('withdrawals', 'list')).toContain(email);

  await page.goto('/de/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Du bist bis');
  await shoot(page, 'withdraw-only-de');
});
