import { expect, shot, signUpAndSignIn, test } from '../fixtures.ts';

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

/**
 * Two payment providers at once: the deposit form offers the first provider's methods and Orbit's
 * e-wallet side by side; a deposit through Orbit is approved on Orbit's own page (a new tab), and the
 * balance reaches the header by push. The first provider's card journey is payments.spec.ts's
 * "card deposit: the balance in the header follows without a reload; a declined card says so".
 */
test('Orbit e-wallet deposit: approved on Orbit’s own page, the balance in the header follows by push', async ({
  page,
  context,
}) => {
  test.slow(); // a deposit through another party's page, and screenshots at two sizes
  await signUpAndSignIn(page, 'orbit');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');

  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  // Both providers' methods in one form: the first's card and e-wallet, Orbit's wallet.
  await expect(wallet.getByRole('radio', { name: 'Card' })).toBeVisible();
  await expect(wallet.getByRole('radio', { name: 'Sandbox Wallet' })).toBeVisible();
  await expect(wallet.getByRole('radio', { name: 'Orbit Wallet' })).toBeVisible();
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await wallet.getByRole('radio', { name: 'Orbit Wallet' }).check();
    await shot(page, `deposit-two-providers-${size}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await wallet.getByRole('radio', { name: 'Orbit Wallet' }).check();
  await wallet.getByLabel('Amount (EUR)').fill('35');
  // Orbit's page opens in a new tab (opened on the click, so no popup blocker stops it).
  const opened = context.waitForEvent('page');
  await wallet.getByRole('button', { name: /^Deposit €35/ }).click();
  const orbit = await opened;
  await orbit.waitForURL(/\/sandbox\/orbit\/approve\/chk_[0-9a-f]{32}$/);
  await expect(orbit.getByText('Payment to Casino Demo Ltd')).toBeVisible();
  await expect(wallet.getByRole('heading', { name: 'Finish the payment in the new tab' })).toBeVisible();
  for (const [size, viewport] of SIZES) {
    await orbit.setViewportSize(viewport);
    await expect(orbit.getByRole('button', { name: 'Approve €35.00' })).toBeVisible();
    await shot(orbit, `orbit-approval-${size}`);
  }

  await orbit.getByRole('button', { name: 'Approve €35.00' }).click();
  // Orbit sends the player back to the casino's success address.
  await orbit.waitForURL(/deposit-success=true/);
  await orbit.close();
  // The first tab was never reloaded: the outcome and the balance came by push.
  await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toContainText('35.00');
  await shot(page, 'orbit-deposit-success-desktop');
});
