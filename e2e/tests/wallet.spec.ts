import { expect, opsCredit, signUpAndSignIn, test } from '../fixtures.ts';

test('a player adds a BTC account, plays in it (shown in mBTC), and hides the EUR account', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'wallet');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');

  await page.goto('/?wallet');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByLabel('Currency').selectOption('BTC');
  await wallet.getByRole('button', { name: 'Add account' }).click();
  await expect(wallet.getByRole('button', { name: 'Make the BTC account active' })).toBeVisible();
  await opsCredit(email, '0.0125', 'BTC');

  await wallet.getByRole('button', { name: 'Make the BTC account active' }).click();
  await expect(page.getByTestId('header-balance')).toContainText('12.5');
  await expect(page.getByTestId('header-balance')).toContainText('mBTC');

  await wallet.getByRole('button', { name: 'Hide the EUR account' }).click();
  await expect(wallet.getByRole('button', { name: 'Hide the EUR account' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('header-balance')).toContainText('mBTC');
  const accounts = await page.request.get('/api/wallet/accounts', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').accessToken)}`,
    },
  });
  const list = (await accounts.json()).data as { currency: string; status: number }[];
  expect(list.map((a) => a.currency)).toEqual(['BTC']);
});

test('a visitor from a restricted country gets the geo-restricted layout', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': 'ES' } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Not available in your region' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await context.close();
});
