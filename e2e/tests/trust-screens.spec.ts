import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, ops, opsCredit, registerByApi, signUpAndSignIn, stillScreen, test, uniqueEmail } from '../fixtures.ts';

/** Issue 20: what a new player and an operator hit in a full day on the site. */

const SHOTS = '/tmp/shots/trust-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function snap(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.locator('#preloader').waitFor({ state: 'detached' });
  // A dialog's open transition.
  await stillScreen(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function phoneContext(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
}

type Game = { identity: string; name: string; isDemoMode: boolean; platforms: number[] };

/** The most popular slot with a demo on phones and desktops, as a visitor would open it first. */
async function popularSlot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as Game[];
  return games.find((g) => g.isDemoMode && g.platforms.includes(1) && g.platforms.includes(2))!;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('autologin: the link lands on its page, the loading screen gone', async ({ page }) => {
  const email = uniqueEmail('trust-autologin');
  await registerByApi(page, email);
  const printed = await ops('autologin', email, '--redirect', '/favorites');
  const link = /(http:\/\/\S+\/auth\/autologin\?\S+)/.exec(printed)![1]!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/favorites\?wallet=deposit$/);
  await expect(page.locator('#preloader')).toHaveCount(0);
  // The page is usable: the wallet it opened takes clicks.
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await expect(wallet).toBeVisible();
  await wallet.getByRole('button', { name: 'Close' }).click();
  await expect(wallet).toHaveCount(0);
});

test('phone: nothing covers the game controls; support stays reachable from the menu', async ({
  browser,
  baseURL,
  request,
}) => {
  const game = await popularSlot(request);
  const context = await phoneContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto(`/games/${game.identity}`);
  // The offer to play for real comes at the start of a demo; the guest keeps playing.
  const nudge = page.getByRole('dialog', { name: `Enjoying ${game.name}?` });
  await nudge.getByRole('button', { name: 'Keep playing demo' }).click();
  await expect(nudge).toHaveCount(0);
  const spin = page.frameLocator(`iframe[title="${game.name} — game"]`).getByRole('button', { name: /^Spin/ });
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  const box = (await spin.boundingBox())!;
  // A tap anywhere on the spin button reaches the game, not something floating above it.
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.85, 0.5],
    [0.15, 0.5],
    [0.75, 0.2],
    [0.75, 0.8],
  ] as const) {
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName ?? null, {
      x: box.x + box.width * fx,
      y: box.y + box.height * fy,
    });
    expect(hit, `tap at ${fx},${fy} of the spin button`).toBe('IFRAME');
  }
  const support = page.getByRole('button', { name: 'Chat with us' });
  if (await support.isVisible()) expect(overlaps((await support.boundingBox())!, box)).toBe(false);
  await snap(page, 'game-demo-phone');
  // Help (and the contact form) stays one tap away in the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Help centre' }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await context.close();
});

test('a guest opening the deposit link is asked to sign in, then lands in the deposit', async ({
  browser,
  baseURL,
  page,
}) => {
  const email = uniqueEmail('trust-deposit');
  await registerByApi(page, email);
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport });
    const guest = await context.newPage();
    await guest.goto('/favorites?wallet=deposit');
    const signIn = guest.getByRole('dialog', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    await expect(signIn.getByText('Sign in to open your wallet.')).toBeVisible();
    await snap(guest, `deposit-sign-in-${size}`);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(guest.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
    await expect(guest).toHaveURL(/\/favorites\?wallet=deposit$/);
    await context.close();
  }
  const german = await browser.newContext({ baseURL, viewport: PHONE });
  const guest = await german.newPage();
  await guest.goto('/de/favorites?wallet=deposit');
  const anmelden = guest.getByRole('dialog', { name: 'Anmelden' });
  await expect(anmelden.getByText('Melde dich an, um deine Wallet zu öffnen.')).toBeVisible();
  await snap(guest, 'deposit-sign-in-de-phone');
  await german.close();
});

test('pages that do not exist answer HTTP 404: an unknown game (betting and loyalty are on: pages)', async ({
  page,
  request,
}) => {
  // (With no sportsbook provider — production without SPORTSBOOK_* — /betting is a 404: server tests.)
  const game = await popularSlot(request);
  const unknownGame = await page.goto('/games/no-such-game-here');
  expect(unknownGame!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Game not found' })).toBeVisible();
  for (const path of [
    `/games/${game.identity}`,
    `/de/games/${game.identity}`,
    '/providers',
    '/loyalty',
    '/de/loyalty',
    '/betting',
    '/pt-br/betting/',
  ]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test("from phones to laptops: a signed-in player's home and header fit the screen, with no sideways scroll", async ({
  page,
}) => {
  const email = await signUpAndSignIn(page, 'trust-header');
  await opsCredit(email, '12345.67', 'EUR');
  await expect(page.getByTestId('header-balance')).toContainText('12,345.67');
  // The home page holds the widest parts: the header and the tournament card.
  await expect(page.getByRole('region', { name: 'Tournaments' })).toBeVisible();
  for (const width of [320, 360, 390, 1024, 1280, 1366, 1440, 1536]) {
    await page.setViewportSize({ width, height: 900 });
    // Measured once the new width is drawn and no transition is still between the two layouts.
    await stillScreen(page);
    const fit = await page.evaluate(() => {
      const header = document.querySelector('header')!;
      const shown = [...header.querySelectorAll('a, button')].filter((el) => el.getBoundingClientRect().width > 0);
      return {
        pageWidth: document.documentElement.scrollWidth,
        headerWidth: header.firstElementChild!.scrollWidth,
        // A link squeezed onto two lines (the active one did, raised and without its underline).
        wrapped: shown.filter((el) => el.getBoundingClientRect().height > 44).map((el) => el.textContent),
      };
    });
    expect(fit, `at ${width}px`).toEqual({ pageWidth: width, headerWidth: width, wrapped: [] });
  }
});

test('phone: the profile tab strip shows the active tab, on load and on change', async ({ browser, baseURL }) => {
  const context = await phoneContext(browser, baseURL);
  const page = await context.newPage();
  await signUpAndSignIn(page, 'trust-tabs');
  const strip = page.getByRole('navigation', { name: 'Account sections' });
  const inView = async (name: string) => {
    const tab = strip.getByRole('link', { name });
    await expect(tab).toHaveAttribute('aria-current', 'page');
    await expect
      .poll(
        async () => {
          const box = (await tab.boundingBox())!;
          return box.x >= 0 && box.x + box.width <= PHONE.width;
        },
        { message: `${name} tab inside the screen` },
      )
      .toBe(true);
  };
  await page.goto('/profile/limits');
  await inView('Limits');
  await snap(page, 'profile-limits-phone');
  // A change made elsewhere (the bell's "All notifications") brings the last tab into view.
  await page.goto('/profile/info');
  await inView('Personal');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: 'All notifications' }).click();
  await inView('Notifications');
  await context.close();
});

/** WCAG contrast ratio of two `rgb(…)` colours as getComputedStyle gives them. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('the unread badge on the bell meets WCAG AA contrast in both themes', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'trust-badge');
  await ops('message', email, 'Welcome', 'A message to make the bell count.');
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toBeVisible();
  for (const [theme, size] of [
    ['dark', 'phone'],
    ['light', 'desktop'],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('color-scheme', value), theme);
    await page.setViewportSize(size === 'phone' ? PHONE : DESKTOP);
    await page.reload();
    await expect(badge).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const { color, background } = await badge.evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, background: style.backgroundColor };
    });
    // Small text (10 px bold): AA asks 4.5:1.
    expect(contrast(color, background), `${theme}: ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    const results = await new AxeBuilder({ page }).include('header').withRules(['color-contrast']).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => `${theme}: ${n.target.join(' ')}`))).toEqual([]);
    await page.getByRole('banner').screenshot({ path: `${SHOTS}/badge-${theme}-${size}.png` });
  }
});

test('the guest contact form names its subject and says all fields are needed (en, de)', async ({
  browser,
  baseURL,
}) => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await page.goto('/questions');
    const form = page.getByRole('form', { name: 'Contact us' });
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(form.getByLabel('Subject').locator('option').first()).toHaveText('Choose a subject');
    await expect(form.getByText('All fields are required.')).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await snap(page, `contact-form-en-${size}`);
    await page.goto('/de/questions');
    const formDe = page.getByRole('form', { name: 'Kontakt' });
    await expect(formDe.getByLabel('Betreff').locator('option').first()).toHaveText('Betreff wählen');
    await formDe.scrollIntoViewIfNeeded();
    await snap(page, `contact-form-de-${size}`);
    await context.close();
  }
});

test('modal screens: sign-up-cancel, profile-confirmed, success, an incomplete limit link; no coming-soon', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    for (const [locale, prefix] of [
      ['en', ''],
      ['de', '/de'],
    ] as const) {
      const titles = {
        en: {
          'sign-up-cancel': 'Leave the sign-up?',
          'profile-confirmed': 'Your e-mail address is confirmed',
          success: 'All done',
          'loyalty-earn': 'How to earn points',
        },
        de: {
          'sign-up-cancel': 'Registrierung abbrechen?',
          'profile-confirmed': 'Deine E-Mail-Adresse ist bestätigt',
          success: 'Erledigt',
          'loyalty-earn': 'So sammelst du Punkte',
        },
      }[locale];
      for (const [key, title] of Object.entries(titles)) {
        await page.goto(`${prefix}/?${key}`);
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        await snap(page, `modal-${key}-${locale}-${size}`);
      }
      // A guest has no deposit to cancel.
      await page.goto(`${prefix}/?cancel-deposit`);
      await expect(page).not.toHaveURL(/cancel-deposit/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await context.close();
  }
});

test('an edit-limit link without its limit says so and leads to the limits', async ({ browser, baseURL }) => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await signUpAndSignIn(page, 'trust-limit');
    // English first: a visit to a German page makes German the remembered language.
    for (const [prefix, text, link] of [
      ['', 'This link does not say which limit to change.', 'Go to your limits'],
      ['/de', 'Dieser Link nennt kein Limit.', 'Zu deinen Limits'],
    ] as const) {
      await page.goto(`${prefix}/?edit-cash-limit`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(text);
      await expect(dialog).not.toContainText(/no longer exists|gibt es nicht mehr/);
      await snap(page, `modal-edit-cash-limit-${prefix ? 'de' : 'en'}-${size}`);
      await dialog.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/profile/limits$`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await context.close();
  }
});
