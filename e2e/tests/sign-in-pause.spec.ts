import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerByApi, shotsAtBothSizes, test, uniqueEmail } from '../fixtures.ts';

/**
 * Issue 34, finding 3: an attacker who types wrong passwords from rotating addresses pauses the
 * account, and used to lock its owner out for as long as they kept at it. Now the owner's own browser
 * signs in at once, and a new browser signs in with the code mailed to the owner; the pause stays for
 * the attacker.
 */
let n = 0;
/** The attacker's next address (the server believes the forwarded address: it stands behind a CDN here). */
const rotating = () => ({ 'x-forwarded-for': `198.51.${Math.floor(++n / 250)}.${n % 250}` });

const guess = (request: APIRequestContext, email: string, password: string) =>
  request.post('/api/player/sessions', { data: { login: email, password }, headers: rotating() });

/**
 * Ten wrong passwords, each after the wait the last one asked for (1, 2, 4, 8, 16 s): a try made too
 * early is refused unchecked (429), so the attacker tries again until one is counted.
 */
async function pauseByGuessing(request: APIRequestContext, email: string) {
  for (let i = 0; i < 10; i++) {
    await expect
      .poll(async () => (await guess(request, email, `guess-${i}`)).status(), { intervals: [500], timeout: 40_000 })
      .toBe(401);
  }
  const paused = await guess(request, email, 'guess-10');
  expect(paused.status()).toBe(429);
  expect((await paused.json()).error.code).toBe(11010);
}

async function signInFrom(page: Page, email: string) {
  await page.goto('/?sign-in');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  return dialog;
}

test('an attacker pauses the account: the owner signs in from their browser at once, and from a new one with the mailed code', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000); // the attack honours waits of 31 s in all
  const email = uniqueEmail('paused');
  await page.goto('/');
  // Signed up in this browser: it keeps the device cookie, which makes it the owner's.
  await registerByApi(page, email);
  await pauseByGuessing(request, email);

  // The owner's own browser is not held back by the pause.
  await signInFrom(page, email);
  await expect(page.getByTestId('header-balance')).toBeVisible();

  // A browser the owner never used: the right password asks for the code that was just mailed.
  const laptop = await browser.newContext({ baseURL });
  const laptopPage = await laptop.newPage();
  const dialog = await signInFrom(laptopPage, email);
  const codeField = dialog.getByLabel('Sign-in code');
  await expect(codeField).toBeFocused();
  await expect(dialog.getByText(/we have sent a 6-digit sign-in code/)).toBeVisible();
  await shotsAtBothSizes(laptopPage, 'sign-in-code');

  const inbox = await laptop.newPage();
  await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = inbox.getByRole('article', { name: 'Your sign-in code' }).first();
  await expect(mail).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  await inbox.close();

  await codeField.fill(code === '000000' ? '000001' : '000000');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByText('The code is wrong or has expired')).toBeVisible();
  await codeField.fill(code!);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(laptopPage.getByTestId('header-balance')).toBeVisible();

  // The attacker still finds the account paused, right password or not.
  const still = await guess(request, email, 'secret-pass-1');
  expect(still.status()).toBe(429);
  expect((await still.json()).error.code).toBe(11010);
  await laptop.close();
});
