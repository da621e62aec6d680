import {
  expect,
  expectShown,
  followMailedLink,
  ops,
  recordMessages,
  registerByApi,
  shot,
  signUpAndSignIn,
  test,
  uniqueEmail,
} from '../fixtures.ts';

test('password reset by the e-mailed link: the old password and every session stop working', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers
  const email = await signUpAndSignIn(page, 'reset');
  // Another device stays signed in until the reset.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/?sign-in');
  const otherDialog = otherPage.getByRole('dialog', { name: 'Sign in' });
  await otherDialog.getByLabel('Email').fill(email);
  await otherDialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await otherDialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(otherPage.getByTestId('header-balance')).toBeVisible();

  // A guest asks for a link from the sign-in dialog.
  const guest = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guestPage = await guest.newPage();
  await guestPage.goto('/?sign-in');
  await guestPage.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = guestPage.getByRole('dialog', { name: 'Forgot your password?' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  await expect(forgot.getByText(`If an account uses ${email}`)).toBeVisible();
  await shot(guestPage, 'forgot-sent-phone');

  await followMailedLink(guestPage, email, 'Reset your password');
  await guestPage.getByRole('link', { name: 'Set a new password' }).click();
  const reset = guestPage.getByRole('dialog', { name: 'Choose a new password' });
  // A password from the breach lists is refused by the server, in words.
  await reset.getByLabel('New password', { exact: true }).fill('password1');
  await reset.getByLabel('Repeat the new password').fill('password1');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expect(reset.getByText(/one of the most common/)).toBeVisible();
  await reset.getByLabel('New password', { exact: true }).fill('a-fresh-start-42');
  await reset.getByLabel('Repeat the new password').fill('a-fresh-start-42');
  await shot(guestPage, 'reset-pass-phone');
  await reset.getByRole('button', { name: 'Save the new password' }).click();

  // Signed out everywhere: the other device's tab asks to sign in again.
  await expect(otherPage.getByRole('dialog', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });

  await expect(guestPage.getByRole('dialog', { name: 'Sign in' })).toBeVisible();

  // The link works once.
  await followMailedLink(guestPage, email, 'Reset your password');
  await guestPage.getByRole('link', { name: 'Set a new password' }).click();
  const again = guestPage.getByRole('dialog', { name: 'Choose a new password' });
  await again.getByLabel('New password', { exact: true }).fill('another-try-43');
  await again.getByLabel('Repeat the new password').fill('another-try-43');
  await again.getByRole('button', { name: 'Save the new password' }).click();
  await expect(again.getByText(/This link is no longer valid/)).toBeVisible();
  await again.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(guestPage.getByRole('dialog', { name: 'Forgot your password?' })).toBeVisible();

  await guestPage.goto('/?sign-in');
  const signIn = guestPage.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByText('Wrong email or password.')).toBeVisible();
  await signIn.getByLabel('Password', { exact: true }).fill('a-fresh-start-42');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(guestPage.getByTestId('header-balance')).toBeVisible();
  await other.close();
  await guest.close();
});

test('e-mail confirmation: the mailed link confirms the address and the verification tab shows it', async ({
  page,
}) => {
  const email = await signUpAndSignIn(page, 'confirm');
  await page.goto('/profile/verification');
  await expect(page.getByText('Not confirmed yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`A new link is on its way to ${email}.`)).toBeVisible();
  await shot(page, 'verification-unconfirmed-desktop');

  // The link sent again, not the one from sign-up, which the new one replaced.
  await followMailedLink(page, email, 'Confirm your e-mail address', { count: 2 });
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await page.goto('/profile/verification');
  await expect(page.getByText(/^Confirmed on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);

  // The phone number, confirmed with the texted code.
  const number = `+49 152 ${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Phone number').fill(number);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  const inbox = await page.context().newPage();
  await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(number.replace(/\s/g, ''))}`);
  const sms = inbox.getByRole('article', { name: 'Your code' }).first();
  await expect(sms).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await sms.textContent()) ?? '')?.[1];
  await inbox.close();
  await page.getByLabel('Code from the SMS').fill(code!);
  await page.getByRole('button', { name: 'Confirm the number' }).click();
  await expect(page.getByText('Confirmed. You can sign in with this number too.')).toBeVisible();
  await shot(page, 'verification-confirmed-desktop');
});

test('password change in the security tab: a wrong current password is refused, then the new one signs in', async ({
  page,
}) => {
  const email = await signUpAndSignIn(page, 'change');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/security');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('changed-it-77');
  await page.getByLabel('Repeat the new password').fill('changed-it-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not right')).toBeVisible();
  // Still signed in: a wrong current password is a form error, not a lost session.
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.getByLabel('Current password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectShown(page, 'Your password is changed');
  await shot(page, 'security-phone');
  const relogin = await page.request.post('/api/player/sessions', {
    data: { login: email, password: 'changed-it-77' },
  });
  expect(relogin.ok()).toBe(true);
});

test('autologin: an operator link signs the player in once and opens the wallet on the page it names', async ({
  page,
}) => {
  const email = uniqueEmail('autologin');
  await registerByApi(page, email);
  const printed = await ops('autologin', email, '--redirect', '/favorites');
  const link = /(http:\/\/\S+\/auth\/autologin\?\S+)/.exec(printed)?.[1];
  expect(link, printed).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/favorites\?wallet=deposit$/);
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toBeVisible();

  // Once only: a second visit (a forwarded mail, say) signs nobody in.
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await second.goto(link!);
  await expect(second.getByRole('heading', { name: 'This sign-in link is no longer valid' })).toBeVisible();
  await expect(second.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await other.close();
});

test('phone sign-up: the code texted to the number (read from the mailbox) opens the account; it signs in by phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const number = `+49 151 ${String(Date.now()).slice(-8)}`;
  const e164 = number.replace(/\s/g, '');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?sign-up');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByRole('button', { name: 'Phone' }).click();
  await dialog.getByLabel('Phone number').fill('0151 123');
  await dialog.getByLabel('Password', { exact: true }).fill('by-phone-pass-1');
  await dialog.getByLabel('Repeat password').fill('by-phone-pass-1');
  await dialog.getByLabel('Currency').selectOption('EUR');
  await dialog.getByRole('checkbox', { name: /I am at least 18/ }).check();
  await dialog.getByRole('button', { name: 'Text me a code' }).click();
  await expect(dialog.getByText('Value is not a valid phone number')).toBeVisible();
  await dialog.getByLabel('Phone number').fill(number);
  await dialog.getByRole('button', { name: 'Text me a code' }).click();
  await expect(dialog.getByText(`We texted a 6-digit code to ${number}`)).toBeVisible();
  await expect(dialog.getByLabel('Code from the SMS')).toBeFocused();
  await shot(page, 'phone-code-phone');

  // The SMS, as the development mailbox shows it, in a second tab.
  const inbox = await page.context().newPage();
  await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(e164)}`);
  const sms = inbox.getByRole('article', { name: 'Your code' }).first();
  await expect(sms).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await sms.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  await inbox.close();

  await dialog.getByLabel('Code from the SMS').fill(code === '000000' ? '000001' : '000000');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByText('The code is wrong or has expired')).toBeVisible();
  await dialog.getByLabel('Code from the SMS').fill(code!);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  // Registered: straight to the deposit, as after an e-mail sign-up.
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toBeVisible();

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/?sign-in');
  const signIn = otherPage.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByRole('button', { name: 'Phone' }).click();
  await signIn.getByLabel('Phone number').fill(number);
  await signIn.getByLabel('Password', { exact: true }).fill('by-phone-pass-1');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(otherPage.getByTestId('header-balance')).toBeVisible();
  await other.close();

  // Forgotten: a guest resets the password with a code texted to the number.
  const guest = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await recordMessages(guest);
  const guestPage = await guest.newPage();
  await guestPage.goto('/?forgot-pass');
  const forgot = guestPage.getByRole('dialog', { name: 'Forgot your password?' });
  await forgot.getByRole('button', { name: 'Phone' }).click();
  await forgot.getByLabel('Phone number').fill(number);
  await forgot.getByRole('button', { name: 'Text me a code' }).click();
  await expect(forgot.getByText(`If an account uses ${e164}`)).toBeVisible();
  const inbox2 = await guest.newPage();
  await inbox2.goto(`/dev/mailbox?to=${encodeURIComponent(e164)}`);
  const texts = inbox2.getByRole('article', { name: 'Your code' });
  await expect(texts).toHaveCount(2);
  const resetSms = /\b(\d{6})\b/.exec((await texts.first().textContent()) ?? '')?.[1];
  await inbox2.close();
  await forgot.getByLabel('Code from the SMS').fill(resetSms!);
  await forgot.getByRole('button', { name: 'Continue' }).click();
  const reset = guestPage.getByRole('dialog', { name: 'Choose a new password' });
  await reset.getByLabel('New password', { exact: true }).fill('new-phone-pass-2');
  await reset.getByLabel('Repeat the new password').fill('new-phone-pass-2');
  await shot(guestPage, 'reset-by-phone-phone');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expectShown(guestPage, 'Your password is changed');
  await guest.close();
});

test('profile edit: the server refuses an under-age birth date in words, then saves and locks the name', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'profile');
  await page.goto('/profile/info');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/profile\/info\?edit=true$/);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  const year = new Date().getFullYear();
  await page.getByLabel('Date of birth').fill(`${year - 15}-06-01`);
  // The country was given at sign-up: it is locked, like the name once saved (it decides the licence).
  await expect(page.getByLabel('Country')).toHaveAttribute('readonly', '');
  await page.getByLabel('City').fill('Porto');
  await page.getByRole('button', { name: 'Save' }).click();
  // The age rule is the server's: the form shows its answer under the field.
  await expect(page.getByText('You must be at least 18 years old')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-06-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectShown(page, 'Your details are saved');
  await expect(page).toHaveURL(/\/profile\/info$/);
  await expect(page.getByRole('definition').filter({ hasText: 'Porto' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Germany' })).toBeVisible();
  await shot(page, 'profile-info-desktop');

  // The name is now locked: shown, not editable.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'profile-edit-phone');
  // A reload keeps what was saved (the server has it, not just this tab).
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Porto');

  // The offers toggle saves at once.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('checkbox', { name: 'Send me offers and promotions by SMS' }).check();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Send me offers and promotions by SMS' })).toBeChecked();
});

test('documents: an upload shows its progress, and the operator approval appears without a reload', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'documents');
  await page.goto('/profile/documents');
  // A real PNG of a little over a megabyte, so the progress bar has something to show.
  const png = Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    Buffer.alloc(1_200_000, 7),
  ]);
  await page.getByLabel('Kind of document').selectOption('identity_front');
  await page.getByLabel('File').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
  // Over loopback the upload is too quick to watch: record that the progress bar was there.
  await page.evaluate(() => {
    const seen = { progress: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('progress[aria-label="Upload progress"]')) seen.progress = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectShown(page, 'Document uploaded. We will review it shortly.');
  expect(await page.evaluate(() => (window as unknown as { seen: { progress: boolean } }).seen.progress)).toBe(true);
  const list = page.getByRole('list', { name: 'Your documents' });
  const row = list.getByRole('listitem').filter({ hasText: 'passport.png' });
  await expect(row).toContainText('In review');

  // A file that is not an image or PDF is refused by what it is, whatever its name says.
  await page.getByLabel('Kind of document').selectOption('address');
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html></html>') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Upload a JPEG, PNG or PDF file.' })).toBeVisible();

  const pending = await ops('documents', 'list');
  const id = pending
    .split('\n')
    .find((line) => line.includes('passport.png'))
    ?.split(/\s+/)[0];
  expect(id, pending).toBeTruthy();
  await ops('documents', 'approve', id!);
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await shot(page, 'documents-desktop');
});

test('identity verification: documents sent in the provider frame, its review shown in the tab without a reload', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'kyc');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/verification');
  const card = page.locator('div.rounded-3xl').filter({ has: page.getByRole('heading', { name: 'Identity' }) });
  await expect(card.getByText('Not verified yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Verify identity' }).click();
  const frame = page.frameLocator('iframe[title="Identity verification"]');
  await expect(frame.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082',
    'hex',
  );
  await frame.getByLabel('Identity card').check();
  // The frame's buttons are pressed by keyboard: on a phone the site's bottom bar may cover them, and a
  // click that lands on the bar is lost.
  await frame.getByLabel(/Photo of the document/).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
  await frame.getByLabel(/A selfie holding it/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await shot(page, 'kyc-frame-phone');
  await frame.getByRole('button', { name: 'Send for review' }).press('Enter');
  await expect(frame.getByRole('heading', { name: 'We are checking your documents' })).toBeVisible();
  // The casino's tab follows the provider's webhook by push.
  await expect(card.getByText('We are checking your documents.')).toBeVisible();

  // The sandbox reviewer turns them down with a reason; the tab says why and offers another try.
  await frame.getByLabel('Reason, when not accepted').fill('The photo is blurred');
  await frame.getByRole('button', { name: 'Reject' }).press('Enter');
  await expect(card.getByText('The photo is blurred')).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Send new documents' }).click();
  await expect(frame.getByText('Your last documents were not accepted: The photo is blurred')).toBeVisible();
  await frame.getByLabel(/Photo of the document/).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
  await frame.getByLabel(/A selfie holding it/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await frame.getByRole('button', { name: 'Send for review' }).press('Enter');
  await frame.getByRole('button', { name: 'Approve' }).press('Enter');
  await expect(card.getByText(/^Verified on /)).toBeVisible();
  // After a reload it is still so (the state is the casino's, not the page's).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(card.getByText(/^Verified on /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Verify identity' })).toHaveCount(0);
  await shot(page, 'kyc-verified-desktop');
});

test('social login through the sandbox OpenID provider: registers once, then signs the same person in', async ({
  page,
}) => {
  const email = uniqueEmail('social');
  await page.goto('/favorites?sign-in');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  // The provider's own page (oidc-provider on the Auth0 paths, PKCE code flow from @auth0/auth0-spa-js).
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Sofia');
  await page.getByRole('button', { name: 'Continue' }).click();
  // A new player: back where they started, with the deposit open, as after any registration.
  await expect(page).toHaveURL(/\/favorites\?wallet=deposit$/);
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.goto('/profile/verification');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/^Confirmed on /)).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/?sign-in');
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Continue with Google' }).click();
  // The provider still knows this browser (its own session), so it sends the player straight back.
  await expect(page.getByTestId('header-balance')).toBeVisible();
  // The same person: no second registration, so no wallet pushed at them.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toHaveCount(0);
});
