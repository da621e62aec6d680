import { expect, shot, signUpAndSignIn, test } from '../fixtures.ts';

test('a player signs out another device from the sessions list, and that tab is signed out at once', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers
  const laptop = await browser.newContext({ baseURL });
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const onLaptop = await laptop.newPage();
  const email = await signUpAndSignIn(onLaptop, 'sessions');

  const onPhone = await phone.newPage();
  await onPhone.goto('/?sign-in');
  const dialog = onPhone.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(onPhone.getByTestId('header-balance')).toBeVisible();

  await onPhone.goto('/profile/history?tab=sessions');
  const list = onPhone.getByRole('list', { name: 'Where you are signed in' });
  const sessions = list.getByRole('listitem');
  // Newest first: this phone, the laptop's sign-in, and the session registration opened.
  await expect(sessions).toHaveCount(3);
  await expect(sessions.first()).toContainText('This device');
  await shot(onPhone, 'sessions-phone');
  const laptopSession = sessions.nth(1);
  await laptopSession.getByRole('button', { name: /^Sign out/ }).click();
  await expect(laptopSession).toContainText('Ended');

  // The laptop did nothing: its live connection was closed and it is asked to sign in again.
  await expect(onLaptop.getByRole('dialog', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  await expect(onLaptop.getByTestId('header-balance')).toHaveCount(0);
  // The phone is still signed in.
  await onPhone.reload();
  await expect(onPhone.getByTestId('header-balance')).toBeVisible();
  await laptop.close();
  await phone.close();
});
