import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, followMailedLink, ops, signIn, signUpAndSignIn, test, uniqueEmail } from '../fixtures.ts';

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

const SHOTS = process.env.SHOTS_DIR ?? path.join(import.meta.dirname, '..', 'screenshots');

/** Screenshots of what the player reads, at phone and desktop size, for people to look at. */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.locator('#preloader').waitFor({ state: 'detached' });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`) });
  }
  await page.setViewportSize(SIZES.desktop);
}

/** Registers through "Continue with Google" on the sandbox provider, which then remembers the browser. */
async function registerWithGoogle(page: Page, email: string) {
  await page.goto('/?sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Jo');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

test('Google sign-in during a self-exclusion says, in the sign-in dialog, it is a self-exclusion and until when', async ({
  page,
}) => {
  test.slow(); // the provider round trips, screenshots in two languages
  const email = uniqueEmail('social-excluded');
  await registerWithGoogle(page, email);
  // A new player lands with the wallet open; out of it, then out of the account.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

  await ops('exclude', email, 'self-exclusion', '30');
  // The provider knows this browser: it sends the player straight back, where the casino refuses.
  // The player is back on the sign-in they started from, told what the password sign-in would say.
  await page.goto('/favorites?sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByRole('alert')).toHaveText(
    /^You have excluded yourself from play \(self-exclusion\) until .+ \d{4}.+\. You can sign in again then/,
  );
  await expect(page).toHaveURL(/\/favorites\?sign-in$/);
  await expect(page.getByText(/did not work|could not be checked/)).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await shots(page, 'trust-social-excluded-en');

  // Started from the German site: the whole page and the refusal are German.
  await page.goto('/de/?sign-in');
  await page.getByRole('button', { name: 'Weiter mit Google' }).click();
  await expect(page.getByRole('dialog', { name: 'Anmelden' }).getByRole('alert')).toHaveText(
    /^Du hast dich bis .+ vom Spiel ausgeschlossen \(Selbstausschluss\)/,
  );
  await expect(page).toHaveURL(/\/de\/?\?sign-in$/);
  await shots(page, 'trust-social-excluded-de');
});

test('a device signed out from the sessions list of another is told why, in its language', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // three browsers
  const phone = await browser.newContext({ baseURL, viewport: SIZES.phone });
  const onPhone = await phone.newPage();
  const email = await signUpAndSignIn(onPhone, 'ended');

  const laptops = [];
  for (const locale of ['en', 'de'] as const) {
    const context = await browser.newContext({ baseURL });
    const laptop = await context.newPage();
    await signIn(laptop, email);
    await expect(laptop.getByTestId('header-balance')).toBeVisible();
    if (locale === 'de') await laptop.goto('/de/');
    laptops.push({ context, laptop, locale });
  }

  await onPhone.goto('/profile/history?tab=sessions');
  const sessions = onPhone.getByRole('list', { name: 'Where you are signed in' }).getByRole('listitem');
  await expect(sessions).toHaveCount(4);
  // Newest first: the German laptop, then the English one.
  for (const index of [0, 1]) {
    await sessions
      .nth(index)
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect(sessions.nth(index)).toContainText('Ended');
  }

  const [english, german] = laptops;
  const enDialog = english!.laptop.getByRole('dialog', { name: 'Sign in' });
  await expect(enDialog).toBeVisible({ timeout: 10_000 });
  await expect(enDialog.getByRole('status')).toHaveText(
    'You were signed out because this session was ended on another device. Sign in again to continue.',
  );
  await shots(english!.laptop, 'trust-session-ended-en');
  const deDialog = german!.laptop.getByRole('dialog', { name: 'Anmelden' });
  await expect(deDialog).toBeVisible({ timeout: 10_000 });
  await expect(deDialog.getByRole('status')).toHaveText(
    'Du wurdest abgemeldet, weil diese Sitzung auf einem anderen Gerät beendet wurde. Melde dich erneut an, um weiterzumachen.',
  );
  await shots(german!.laptop, 'trust-session-ended-de');

  // Said once: opening sign-in later is an ordinary sign-in.
  await english!.laptop.goto('/?sign-in');
  await expect(enDialog).toBeVisible();
  await expect(enDialog.getByRole('status')).toHaveCount(0);
  for (const { context } of laptops) await context.close();
  await phone.close();
});

test('the sessions tab shows this device as active now', async ({ page }) => {
  await signUpAndSignIn(page, 'active-now');
  await page.goto('/profile/history?tab=sessions');
  const current = page.getByRole('list', { name: 'Where you are signed in' }).getByRole('listitem').first();
  await expect(current).toContainText('This device');
  await expect(current.getByRole('definition').last()).toHaveText('Active now');
  await shots(page, 'trust-sessions-active-now-en');
  await page.goto('/de/profile/history?tab=sessions');
  const currentDe = page.getByRole('list', { name: 'Wo du angemeldet bist' }).getByRole('listitem').first();
  await expect(currentDe.getByRole('definition').last()).toHaveText('Jetzt aktiv');
  await shots(page, 'trust-sessions-active-now-de');
});

test('opening a limit-confirmation link again after cancelling the change says it is no longer valid', async ({
  page,
}) => {
  test.slow(); // the mailbox twice
  const email = await signUpAndSignIn(page, 'stale-link');
  await ops('limit', email, 'deposit', '20', 'EUR', 'daily');
  await page.goto('/profile/limits');
  const row = page.getByRole('listitem', { name: 'Daily deposit limit' });
  await row.getByRole('button', { name: 'Change' }).click();
  const edit = page.getByRole('dialog', { name: 'Change limit' });
  await edit.getByLabel('Amount').fill('100');
  await edit.getByRole('button', { name: 'Save limit' }).click();
  await expect(row).toContainText('Change to €100.00 (Daily) requested');
  await row.getByRole('button', { name: 'Cancel change' }).click();
  await expect(row).not.toContainText('Change to €100.00');

  await followMailedLink(page, email, 'Confirm your limit change');
  await expect(page).toHaveURL(/\/profile\/limits$/);
  const notice = page.getByRole('alert').filter({ hasText: 'This confirmation link is no longer valid' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The change was cancelled, already made, or the link expired.');
  // It stays until the player has read it, and the limit is as it was.
  await page.waitForTimeout(6_000);
  await expect(notice).toBeVisible();
  await expect(row).toContainText('€20.00');
  await shots(page, 'trust-limit-link-invalid-en');

  await page.goto('/dev/mailbox');
  const link = await mailedLink(page, email, 'Confirm your limit change');
  await page.goto(link.replace(/^(https?:\/\/[^/]+)\//, '$1/de/'));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Dieser Bestätigungslink ist nicht mehr gültig' }),
  ).toBeVisible();
  await shots(page, 'trust-limit-link-invalid-de');
});

/** The link of the newest mailed message titled `subject`. */
async function mailedLink(page: Page, to: string, subject: string): Promise<string> {
  await page.getByLabel('E-mail address or phone number').fill(to);
  await page.getByRole('button', { name: 'Open' }).click();
  const message = page.getByRole('article', { name: subject }).first();
  await expect(message).toBeVisible();
  return (await message.getByRole('link').getAttribute('href'))!;
}

/** The most popular slot with a demo: what a visitor opens first. */
async function popularSlot(request: APIRequestContext): Promise<{ identity: string; name: string }> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as { identity: string; name: string; isDemoMode: boolean }[];
  return games.find((g) => g.isDemoMode)!;
}

test('in German: the deposit-limit refusal, a sandbox game and an English-only help page speak German', async ({
  page,
  request,
}) => {
  test.slow(); // a deposit attempt, a game, screenshots
  const email = await signUpAndSignIn(page, 'deutsch');
  await ops('limit', email, 'deposit', '20', 'EUR', 'daily');

  await page.goto('/de/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: 'Karte' }).check();
  await wallet.getByLabel('Betrag (EUR)').fill('30');
  await wallet.getByRole('button', { name: /einzahlen$/ }).click();
  await expect(wallet).toContainText(
    'Ihr tägliches Einzahlungslimit ist erreicht: in diesem Zeitraum sind noch 20,00 € möglich.',
  );
  await expect(wallet).not.toContainText('deposit limit');
  await shots(page, 'trust-deposit-limit-de');

  const game = await popularSlot(request);
  await page.goto(`/de/games/${game.identity}`);
  const frame = page.frameLocator(`iframe[title="${game.name} – Spiel"]`);
  await expect(frame.getByRole('button', { name: /^Drehen/ })).toBeVisible({ timeout: 15_000 });
  await expect(frame.locator('.balance-label')).toHaveText('Guthaben');
  await expect(frame.getByText('Einsatz', { exact: true })).toBeVisible();
  await shots(page, 'trust-game-de');
  await page.goto(`/pt-br/games/${game.identity}`);
  const framePt = page.frameLocator(`iframe[title="${game.name} — jogo"]`);
  await expect(framePt.getByRole('button', { name: /^Girar/ })).toBeVisible({ timeout: 15_000 });
  await expect(framePt.locator('.balance-label')).toHaveText('Saldo');
  await shots(page, 'trust-game-pt-br');

  // The help centre: an answer that exists only in English says so in German, in the list and on the page.
  await page.goto('/de/questions');
  const englishOnly = page.getByRole('link', { name: /Why was my bet refused during a bonus\?/ });
  await expect(englishOnly).toContainText('Nur auf Englisch');
  await expect(page.getByRole('link', { name: 'Wie mache ich eine Spielpause?' })).not.toContainText('Englisch');
  await englishOnly.scrollIntoViewIfNeeded();
  await shots(page, 'trust-help-list-de');
  await englishOnly.click();
  await expect(page.getByText('Diese Seite ist noch nicht übersetzt: sie wird auf Englisch angezeigt.')).toBeVisible();
  await shots(page, 'trust-help-english-only-de');
});
