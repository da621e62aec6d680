import { expect, opsCredit, signUpAndSignIn, test } from '../fixtures.ts';

test('a player adds a BTC account, plays in it (shown in mBTC), hides the funded EUR account after a warning and shows it again', async ({
  page,
}) => {
  const email = await signUpAndSignIn(page, 'wallet');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await opsCredit(email, '5', 'EUR');

  await page.goto('/?wallet');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByLabel('Currency').selectOption('BTC');
  await wallet.getByRole('button', { name: 'Add account' }).click();
  await expect(wallet.getByRole('button', { name: 'Make active BTC' })).toBeVisible();
  await opsCredit(email, '0.0125', 'BTC');

  await wallet.getByRole('button', { name: 'Make active BTC' }).click();
  await expect(page.getByTestId('header-balance')).toContainText('12.5');
  await expect(page.getByTestId('header-balance')).toContainText('mBTC');

  // A funded account asks first; the cursor lands on the safe choice.
  await wallet.getByRole('button', { name: 'Hide EUR' }).click();
  await expect(wallet.getByText(/This account holds €5\.00/)).toBeVisible();
  await expect(wallet.getByRole('button', { name: 'Keep it visible' })).toBeFocused();
  await wallet.getByRole('button', { name: 'Hide EUR anyway' }).click();
  await expect(wallet.getByRole('button', { name: 'Hide EUR' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('header-balance')).toContainText('mBTC');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').accessToken);
  const accounts = await page.request.get('/api/wallet/accounts', { headers: { authorization: `Bearer ${token}` } });
  const list = (await accounts.json()).data as { currency: string; status: number }[];
  expect(list.map((a) => a.currency)).toEqual(['BTC']);

  // The hidden account and its money are one click away.
  await wallet.getByRole('button', { name: 'Hidden accounts (1)' }).click();
  await expect(wallet.locator('#wallet-hidden-accounts')).toContainText('€5.00');
  await wallet.getByRole('button', { name: 'Show EUR' }).click();
  await expect(wallet.getByRole('button', { name: 'Make active EUR' })).toBeVisible();
  await expect(wallet.getByRole('button', { name: /Hidden accounts/ })).toHaveCount(0);
});

test('a visitor from a restricted country gets the geo-restricted layout', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': 'ES' } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Not available in your region' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await context.close();
});
