import type { Page } from '@playwright/test';
import {
  bearerOf,
  expect,
  expectShown,
  ops,
  opsCredit,
  shot,
  signUpAndSignIn,
  test,
  verifyIdentity,
} from '../fixtures.ts';

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

async function cardDeposit(page: Page, amount: string, card: string) {
  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: 'Card' }).check();
  await wallet.getByLabel('Amount (EUR)').fill(amount);
  await wallet.getByRole('button', { name: /^Deposit €/ }).click();
  const frame = wallet.frameLocator('iframe[title="Card payment"]');
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
  await frame.getByLabel('Security code').fill('123');
  return { wallet, frame };
}

test('card deposit: the balance in the header follows without a reload; a declined card says so', async ({ page }) => {
  test.slow(); // three deposits through the provider's pages
  await signUpAndSignIn(page, 'deposit');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  const { wallet, frame } = await cardDeposit(page, '50', '4242 4242 4242 4242');
  await shot(page, 'deposit-card-form-desktop');
  await frame.getByRole('button', { name: /^Pay/ }).click();
  await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toContainText('50.00');
  await shot(page, 'deposit-success-desktop');

  const declined = await cardDeposit(page, '20', '4000 0000 0000 0002');
  await declined.frame.getByRole('button', { name: /^Pay/ }).click();
  await expect(declined.wallet.getByRole('heading', { name: 'Your card was declined' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(declined.wallet).toContainText('Your bank declined the €20.00 payment');
  await expect(page.getByTestId('header-balance')).toContainText('50.00');

  const challenged = await cardDeposit(page, '10', '4000 0000 0000 3220');
  // By keyboard, as a player may: a toast of the last deposit can lie over the frame, and a pointer
  // click on it would dismiss the toast instead.
  await challenged.frame.getByLabel('Security code').press('Enter');
  await challenged.frame.getByRole('button', { name: 'Approve' }).press('Enter');
  await expect(challenged.wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toContainText('60.00');

  // Deposits must be wagered once before a withdrawal: the turn-over-wager modal stands in for the wallet.
  await page.goto('/?wallet=withdraw');
  const gate = page.getByRole('dialog', { name: 'Wager your deposits first' });
  await expect(gate).toContainText('€60.00 of €60.00 still to stake');
  await expect(page).toHaveURL(/\?turn-over-wager/);
});

test('withdrawal: requested, approved by the operator, paid out — status and balance pushed; a pending one is cancelled', async ({
  page,
}) => {
  test.slow(); // a payout waits for the provider's webhook, then screenshots at two sizes
  const email = await signUpAndSignIn(page, 'withdraw');
  await verifyIdentity(page);
  await opsCredit(email, '200', 'EUR');
  await expect(page.getByTestId('header-balance')).toContainText('200.00');

  const request = async (amount: string) => {
    await page.goto('/?wallet=withdraw');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByLabel('Amount (EUR)').fill(amount);
    await wallet.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await wallet.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(wallet.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
    return wallet;
  };
  const wallet = await request('80');
  await shot(page, 'withdraw-requested-desktop');
  await expect(page.getByTestId('header-balance')).toContainText('120.00');
  await wallet.getByRole('button', { name: 'Show my transactions' }).click();
  await expect(page).toHaveURL(/\/profile\/history\?tab=transactions/);
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByText('Pending')).toBeVisible();

  const pending = await ops('withdrawals', 'list');
  const invoiceId = pending
    .split('\n')
    .find((line) => line.includes('80'))!
    .split(/\s+/)[0]!;
  expect(await ops('withdrawals', 'approve', invoiceId)).toContain('Sent to the provider');
  await page.goto('/profile/history?tab=transactions');
  // The payout is the provider's: it reports by webhook a moment later, and the page follows without a reload.
  await expect(page.getByRole('list', { name: 'Transactions' }).getByText('Successful')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('header-balance')).toContainText('120.00');

  await request('30');
  await page.goto('/profile/history?tab=transactions&type=2');
  await page.getByRole('button', { name: /Cancel withdrawal #/ }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(/withdrawal from .* is being canceled/)).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('120.00');
  const accounts = await page.request.get('/api/wallet/accounts', { headers: await bearerOf(page) });
  expect((await accounts.json()).data[0]).toMatchObject({ realBalance: 120, lockedBalance: 0 });
  await shot(page, 'transactions-desktop');

  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('/?wallet=deposit');
    await expect(page.getByRole('dialog', { name: 'Wallet' }).getByRole('radio', { name: 'Card' })).toBeVisible();
    await shot(page, `wallet-deposit-${size}`);
    await page.goto('/?wallet=withdraw');
    await expect(page.getByRole('dialog', { name: 'Wallet' }).getByLabel('IBAN')).toBeVisible();
    await shot(page, `wallet-withdraw-${size}`);
  }
});

test('crypto deposit: an address per network with a QR, a transfer shows at once and is credited when confirmed', async ({
  page,
}) => {
  test.slow(); // two networks and a confirmation job
  await signUpAndSignIn(page, 'crypto');
  const auth = await bearerOf(page);
  await page.request.post('/api/wallet/accounts', { headers: auth, data: { currency: 'USDT' } });
  const list = (await (await page.request.get('/api/wallet/accounts', { headers: auth })).json()).data as {
    id: string;
    currency: string;
  }[];
  await page.request.put(`/api/wallet/accounts/${list.find((a) => a.currency === 'USDT')!.id}/switch`, {
    headers: auth,
  });
  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByLabel('Network').selectOption('trc20');
  const address = wallet.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(address).toBeVisible();
  await expect(wallet.getByRole('img', { name: 'QR code of your USDT deposit address' })).toBeVisible();
  await shot(page, 'deposit-crypto-desktop');
  expect(await ops('crypto', 'send', (await address.textContent())!, '25')).toContain('Sent 25');
  await expectShown(page, /We see your .*25.* deposit/);
  await expect(page.getByTestId('header-balance')).toContainText('25', { timeout: 15_000 });
  await expectShown(page, /deposit is in your balance/);
});

test('PIX: the QR arrives by push after the invoice, and paying it credits the BRL account', async ({ page }) => {
  test.slow(); // a webhook round trip, then a payment page
  await signUpAndSignIn(page, 'pix');
  const auth = await bearerOf(page);
  await page.request.post('/api/wallet/accounts', { headers: auth, data: { currency: 'BRL' } });
  const list = (await (await page.request.get('/api/wallet/accounts', { headers: auth })).json()).data as {
    id: string;
    currency: string;
  }[];
  await page.request.put(`/api/wallet/accounts/${list.find((a) => a.currency === 'BRL')!.id}/switch`, {
    headers: auth,
  });
  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: 'PIX' }).check();
  await wallet.getByLabel('Amount (BRL)').fill('50');
  await wallet.getByLabel('CPF').fill('123.456.789-00');
  await wallet.getByRole('button', { name: /^Deposit R\$/ }).click();
  await expect(wallet.getByText('This value is not valid')).toBeVisible();
  await wallet.getByLabel('CPF').fill('529.982.247-25');
  await wallet.getByRole('button', { name: /^Deposit R\$/ }).click();
  await expect(wallet.getByRole('heading', { name: /Scan to pay/ })).toBeVisible({ timeout: 15_000 });
  await expect(wallet.getByRole('img', { name: 'QR code to pay' })).toBeVisible();
  await shot(page, 'deposit-pix-desktop');
  const link = (await wallet.locator('code').first().textContent())!;
  const bank = await page.context().newPage();
  await bank.goto(link);
  await bank.getByRole('button', { name: /^Pay/ }).click();
  await expect(bank.getByText('Payment approved')).toBeVisible();
  await bank.close();
  await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('50.00');
});
