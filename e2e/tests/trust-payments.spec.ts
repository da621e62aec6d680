import {
  bearerOf,
  expect,
  ops,
  opsCredit,
  registerByApi,
  shot,
  signIn,
  signUpAndSignIn,
  startServer,
  test,
  uniqueEmail,
  verifyIdentity,
} from '../fixtures.ts';

/** Issue 20, trust and operations: verification before a withdrawal, unpaid deposits, bank transfers. */

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

test('an unverified player is told to verify before withdrawing; once verified the withdrawal goes through', async ({
  page,
}) => {
  test.slow(); // two sizes of screenshots, then the request
  const email = await signUpAndSignIn(page, 'unverified');
  await opsCredit(email, '100', 'EUR');
  await expect(page.getByTestId('header-balance')).toContainText('100.00');

  const request = async () => {
    await page.goto('/?wallet=withdraw');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByLabel('Amount (EUR)').fill('40');
    await wallet.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await wallet.getByRole('button', { name: 'Request withdrawal' }).click();
    return wallet;
  };
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const wallet = await request();
    const refusal = wallet.getByRole('alert').filter({ hasText: 'Verify your identity before you withdraw' });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link', { name: 'Go to verification' })).toHaveAttribute(
      'href',
      '/profile/verification',
    );
    await shot(page, `trust-withdraw-verify-${size}`);
  }
  // Nothing was taken from the balance.
  await expect(page.getByTestId('header-balance')).toContainText('100.00');
  await page
    .getByRole('dialog', { name: 'Wallet' })
    .getByRole('alert')
    .getByRole('link', { name: 'Go to verification' })
    .click();
  await expect(page).toHaveURL(/\/profile\/verification$/);

  await verifyIdentity(page);
  const wallet = await request();
  await expect(wallet.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('60.00');
  // The operator sees who asked, that they are verified, and how long ago.
  expect(await ops('withdrawals', 'list')).toContain(`${email}  verified  40 EUR  bank_transfer  waiting for approval`);
});

test('a bank transfer shows everything the bank asks for; the operator confirms it by its reference', async ({
  page,
}) => {
  test.slow();
  await signUpAndSignIn(page, 'transfer');
  let reference = '';
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('/?wallet=deposit');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByRole('radio', { name: 'Bank transfer' }).check();
    await wallet.getByLabel('Amount (EUR)').fill('75');
    await wallet.getByRole('button', { name: /^Deposit €/ }).click();
    const instructions = wallet.getByRole('region', { name: 'Transfer €75.00 to this account' });
    await expect(instructions).toBeVisible();
    await expect(instructions).toContainText('Casino Demo Ltd');
    await expect(instructions).toContainText('LU280019400644750000');
    await expect(instructions).toContainText('BCEELULL');
    await expect(instructions).toContainText('Sandbox Bank');
    await expect(instructions).toContainText('€75.00');
    for (const label of ['Beneficiary', 'IBAN', 'BIC', 'Reference'])
      await expect(instructions.getByRole('button', { name: `Copy the ${label}` })).toBeVisible();
    reference = (await instructions.getByTestId('transfer-reference').textContent()) ?? '';
    expect(reference).toMatch(/^DEP-\d+$/);
    await shot(page, `trust-bank-transfer-${size}`);
  }

  const waiting = await ops('deposits', 'list');
  expect(waiting).toMatch(new RegExp(`^${reference}  transfer\\.[^ ]+@example\\.com  75 EUR  just now$`, 'm'));
  expect(await ops('deposits', 'confirm', reference)).toMatch(/^Credited: invoice #\d+ \(75 EUR\)/);
  await expect(page.getByTestId('header-balance')).toContainText('75.00');
});

test('an abandoned card deposit expires, and a €50 daily limit still lets a paid €50 in', async ({ browser }) => {
  test.slow(); // its own server, where unpaid card pages expire after 3 seconds
  const server = await startServer({ TRUST_PROXY: '1', DEPOSIT_EXPIRY_MINUTES: '0.05' });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const email = uniqueEmail('abandon');
    await page.goto('/');
    await registerByApi(page, email);
    await signIn(page, email);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    const limit = await page.request.post('/api/player/limits', {
      headers: await bearerOf(page),
      data: { definition: 3, period: 'daily', currency: 'EUR', amount: 50 },
    });
    expect(limit.ok()).toBe(true);

    const startCard = async () => {
      await page.goto('/?wallet=deposit');
      const wallet = page.getByRole('dialog', { name: 'Wallet' });
      await wallet.getByRole('radio', { name: 'Card' }).check();
      await wallet.getByLabel('Amount (EUR)').fill('50');
      await wallet.getByRole('button', { name: /^Deposit €/ }).click();
      return { wallet, frame: wallet.frameLocator('iframe[title="Card payment"]') };
    };
    // Started, then the card page is left unpaid.
    const first = await startCard();
    await expect(first.frame.getByLabel('Card number')).toBeVisible();
    await page.goto('/profile/history?tab=transactions');
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect(list.getByText('Expired')).toBeVisible({ timeout: 15_000 });

    const { wallet, frame } = await startCard();
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
    await frame.getByLabel('Security code').fill('123');
    // Sent by Enter from the last field, as a player may: no pointer aimed at a frame that is still settling.
    await frame.getByLabel('Security code').press('Enter');
    await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('header-balance')).toContainText('50.00');
    // The limit counts the paid €50 only.
    await page.goto('/profile/limits');
    await expect(page.getByText(/Used €50\.00/)).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
  }
});
