import type { Page } from '@playwright/test';
import { expect, opsCredit, shot, test, uniqueEmail } from '../fixtures.ts';

const PASSWORD = 'secret-pass-1';

async function signUpThroughUi(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Currency').selectOption('EUR');
  await dialog.getByLabel(/at least 18 years old/).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
}

async function registerThroughApi(page: Page, email: string) {
  const response = await page.request.post('/api/player/register', {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, currency: 'EUR', agreements: true },
  });
  expect(response.status()).toBe(200);
}

async function signInThroughUi(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

test('a new player signs up, sees 0.00, and the header shows an ops credit live without a reload', async ({ page }) => {
  const events: string[] = [];
  await page.exposeFunction('recordEvent', (name: string) => events.push(name));
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = new Proxy(layer, {
      set(target, key, value) {
        if (key !== 'length' && value && typeof value === 'object' && 'event' in value) {
          (window as unknown as { recordEvent: (n: string) => void }).recordEvent(String(value.event));
        }
        return Reflect.set(target, key, value);
      },
    });
  });
  await page.goto('/');
  const email = uniqueEmail('signup');
  await signUpThroughUi(page, email);

  // Registration opens the deposit wallet; the header shows the new EUR account at zero.
  await expect(page).toHaveURL(/[?&]wallet=deposit/);
  const wallet = page.getByRole('dialog');
  await expect(wallet.getByText('EUR').first()).toBeVisible();
  await shot(page, 'desktop-wallet-after-signup');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/wallet=/);
  const balance = page.getByTestId('header-balance');
  await expect(balance).toContainText('0.00');

  const reloads: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()));
  const printed = await opsCredit(email, '25.50', 'EUR');
  expect(printed).toContain('25.50');
  await expect(balance).toContainText('25.50');
  expect(reloads).toEqual([]);
  expect(events).toEqual(expect.arrayContaining(['page_view', 'registration_start', 'registration_complete']));
  await shot(page, 'desktop-player-home');
});

test('?sign-in opens the dialog for a guest and is removed from the URL for a player', async ({ page }) => {
  await page.goto('/?sign-in');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/sign-in/);

  const email = uniqueEmail('signin');
  await registerThroughApi(page, email);
  await signInThroughUi(page, email);
  await expect(page.getByTestId('header-balance')).toContainText('0.00');

  await page.goto('/?sign-in');
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect(page).not.toHaveURL(/sign-in/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('/de/… renders German and keeps the locale', async ({ page }) => {
  await page.goto('/de/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'user-language')?.value).toBe('de');
});

test('an unknown locale prefix is a 404 page', async ({ page }) => {
  await page.goto('/zz/profile');
  await expect(page.getByText('Page Not Found: /zz/profile')).toBeVisible();
});

test('/tournaments, /welcome-package and /contact redirect home, with or without a trailing slash', async ({
  page,
}) => {
  for (const path of ['/tournaments', '/welcome-package/', '/contact/', '/contact']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto('/de/contact');
  await expect(page).toHaveURL(/\/de\/?$/);
});

test('signing in in one tab signs in the other tab', async ({ context }) => {
  const email = uniqueEmail('tabs');
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await registerThroughApi(first, email);
  await second.goto('/');
  await expect(second.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signInThroughUi(first, email);
  await expect(first.getByTestId('header-balance')).toBeVisible();
  // The other tab hears `changeSession` and reloads as the player.
  await expect(second.getByTestId('header-balance')).toContainText('0.00');

  await first.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await first.getByRole('button', { name: 'Log out' }).click();
  await expect(first.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test.describe('screenshots', () => {
  test('phone 390×844', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await shot(page, 'phone-guest-home');
    await page.goto('/?sign-up');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Create account' })).toBeVisible();
    await shot(page, 'phone-sign-up');
    await context.close();
  });

  test('desktop 1440×900', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await shot(page, 'desktop-guest-home');
    await page.goto('/?sign-in');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await shot(page, 'desktop-sign-in');
  });
});
