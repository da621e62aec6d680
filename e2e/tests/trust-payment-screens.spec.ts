import type { Page } from '@playwright/test';
import { bearerOf, expect, ops, opsCredit, signUpAndSignIn, test, verifyIdentity } from '../fixtures.ts';

/** Issue 20, payment screens: why a card failed, cancelling a withdrawal, crypto progress, round amounts, notes. */
const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;
const SHOTS = '/tmp/shots/trust-payment-screens';

async function snap(page: Page, name: string) {
  await page.locator('#preloader').waitFor({ state: 'detached' });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const TEXTS = {
  en: { card: 'Card', amount: 'Amount (EUR)', submit: /^Deposit €/, frame: 'Card payment' },
  de: { card: 'Karte', amount: 'Betrag (EUR)', submit: /einzahlen$/, frame: 'Kartenzahlung' },
};

async function cardDeposit(page: Page, card: string, locale: 'en' | 'de' = 'en') {
  const text = TEXTS[locale];
  await page.goto(`${locale === 'de' ? '/de/' : '/'}?wallet=deposit`);
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: text.card }).check();
  await wallet.getByLabel(text.amount).fill('20');
  await wallet.getByRole('button', { name: text.submit }).click();
  const frame = wallet.frameLocator(`iframe[title="${text.frame}"]`);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
  await frame.getByLabel('Security code').fill('123');
  // By keyboard: a toast of the last deposit can lie over the frame.
  await frame.getByLabel('Security code').press('Enter');
  return { wallet, frame };
}

async function switchTo(page: Page, currency: string) {
  const auth = await bearerOf(page);
  await page.request.post('/api/wallet/accounts', { headers: auth, data: { currency } });
  const list = (await (await page.request.get('/api/wallet/accounts', { headers: auth })).json()).data as {
    id: string;
    currency: string;
  }[];
  await page.request.put(`/api/wallet/accounts/${list.find((a) => a.currency === currency)!.id}/switch`, {
    headers: auth,
  });
}

test('a declined card and a failed 3-D Secure check say why and what to do (en, de)', async ({ page }) => {
  test.slow(); // five deposits through the provider's pages
  await signUpAndSignIn(page, 'reasons');
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const { wallet } = await cardDeposit(page, '4000 0000 0000 0002');
    await expect(wallet.getByRole('heading', { name: 'Your card was declined' })).toBeVisible({ timeout: 15_000 });
    await expect(wallet).toContainText('Try another card or payment method, or ask your bank why.');
    await expect(wallet).not.toContainText('something went wrong');
    await snap(page, `declined-en-${size}`);
  }

  const challenged = await cardDeposit(page, '4000 0000 0000 3220');
  await challenged.frame.getByRole('button', { name: 'Fail authentication' }).press('Enter');
  await expect(challenged.wallet.getByRole('heading', { name: '3-D Secure check failed' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(challenged.wallet).toContainText('confirm it in your banking app, or contact your bank');
  await snap(page, '3ds-failed-en-desktop');

  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const { wallet } = await cardDeposit(page, '4000 0000 0000 0002', 'de');
    await expect(wallet.getByRole('heading', { name: 'Ihre Karte wurde abgelehnt' })).toBeVisible({
      timeout: 15_000,
    });
    await snap(page, `declined-de-${size}`);
  }
});

test('cancelling a pending withdrawal asks first, then shows it "Cancelled" (en, de)', async ({ page }) => {
  test.slow();
  const email = await signUpAndSignIn(page, 'cancel');
  await opsCredit(email, '200', 'EUR');
  await verifyIdentity(page);
  const request = async (amount: string) => {
    await page.goto('/?wallet=withdraw');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByLabel('Amount (EUR)').fill(amount);
    await wallet.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await wallet.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(wallet.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
  };
  await request('30');

  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('/profile/history?tab=transactions&type=2');
    await page.getByRole('button', { name: /Cancel withdrawal #/ }).click();
    const ask = page.getByRole('group', { name: /Cancel withdrawal #\d+\?/ });
    await expect(ask).toContainText('€30.00 goes back to your balance.');
    await expect(ask.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await snap(page, `cancel-ask-en-${size}`);
    await ask.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByRole('button', { name: /Cancel withdrawal #/ })).toBeFocused();
    await expect(page.getByTestId('header-balance')).toContainText('170.00');
  }
  await page.getByRole('button', { name: /Cancel withdrawal #/ }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(list.getByText('Failed', { exact: true })).toHaveCount(0);
  await expect(list).toContainText('Bank transfer');
  await expect(page.getByTestId('header-balance')).toContainText('200.00');
  await snap(page, 'cancelled-en-desktop');
  await page.setViewportSize(SIZES[0][1]);
  await snap(page, 'cancelled-en-phone');

  await request('20');
  await page.goto('/de/profile/history?tab=transactions&type=2');
  await page.getByRole('button', { name: /Auszahlung #\d+ stornieren/ }).click();
  await expect(page.getByRole('group', { name: /Auszahlung #\d+ stornieren\?/ })).toBeVisible();
  await snap(page, 'cancel-ask-de-phone');
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByRole('list', { name: 'Transaktionen' }).getByText('Storniert')).toHaveCount(2);
  await expect(page.getByTestId('header-balance')).toContainText('200,00');
  await page.setViewportSize(SIZES[1][1]);
  await snap(page, 'cancelled-de-desktop');
});

test('crypto deposit: the minimum for the network, then the incoming transfer with its confirmations, then credited', async ({
  page,
}) => {
  test.slow(); // a confirmation job
  await signUpAndSignIn(page, 'cryptoprogress');
  await switchTo(page, 'USDT');
  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByLabel('Network').selectOption('trc20');
  await expect(wallet.getByText('Minimum deposit: 10.00 USDT')).toBeVisible();
  const address = wallet.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(address).toBeVisible();
  expect(await ops('crypto', 'send', (await address.textContent())!, '25')).toContain('Sent 25');
  const transfers = wallet.getByRole('region', { name: 'Transfers to this address' });
  await expect(transfers).toContainText(/Incoming: 25\.00 USDT, \d+\/20 confirmations/);
  await snap(page, 'crypto-incoming-en-desktop');
  await expect(transfers).toContainText('25.00 USDT is in your balance', { timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toContainText('25');
  await snap(page, 'crypto-credited-en-desktop');

  await page.setViewportSize(SIZES[0][1]);
  await page.goto('/de/?wallet=deposit');
  const de = page.getByRole('dialog', { name: 'Wallet' });
  await de.getByLabel('Netzwerk').selectOption('trc20');
  await expect(de.getByText(/Mindesteinzahlung: 10,00\sUSDT/)).toBeVisible();
  const deAddress = de.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(deAddress).toBeVisible();
  expect(await ops('crypto', 'send', (await deAddress.textContent())!, '12')).toContain('Sent 12');
  await expect(de.getByRole('region', { name: 'Überweisungen an diese Adresse' })).toContainText(
    /Eingehend: 12,00\sUSDT, \d+\/20 Bestätigungen/,
  );
  await snap(page, 'crypto-incoming-de-phone');
});

test('BRL: round presets and minimum; PIX has its own note; ?turn-over-wager shows one state', async ({ page }) => {
  await signUpAndSignIn(page, 'brl');
  await switchTo(page, 'BRL');
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('/?wallet=deposit');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByRole('radio', { name: 'Card' }).check();
    await expect(wallet.getByText('From R$50.00 to')).toBeVisible();
    const presets = wallet.getByRole('group', { name: 'Suggested amounts' }).getByRole('button');
    await expect(presets).toHaveText(['R$100.00', 'R$250.00', 'R$500.00', 'R$1,000.00']);
    await expect(wallet).toContainText('Card details never reach this site');
    await wallet.getByRole('radio', { name: 'PIX' }).check();
    await expect(wallet).not.toContainText('Card details');
    await expect(wallet).toContainText('You pay with PIX in your bank app');
    await snap(page, `brl-pix-en-${size}`);
  }
  // Nothing deposited, nothing to wager: the modal says so in its title too.
  await page.goto('/?turn-over-wager');
  const gate = page.getByRole('dialog', { name: 'You can withdraw' });
  await expect(gate).toContainText('Everything is wagered: you can withdraw now.');
  await expect(page.getByText('Wager your deposits first')).toHaveCount(0);
  await snap(page, 'turnover-ready-en-desktop');
  await page.setViewportSize(SIZES[0][1]);
  await page.goto('/de/?wallet=deposit');
  const de = page.getByRole('dialog', { name: 'Wallet' });
  await de.getByRole('radio', { name: 'PIX' }).check();
  await expect(de).toContainText('Sie zahlen mit PIX in Ihrer Banking-App');
  await snap(page, 'brl-pix-de-phone');
  await page.goto('/de/?turn-over-wager');
  await expect(page.getByRole('dialog', { name: 'Sie können auszahlen' })).toBeVisible();
  await snap(page, 'turnover-ready-de-phone');
});
