import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checked, codeOf, enrolled, invite, PASSWORD, signInAdmin } from '../admin-kit.ts';
import { bearerOf, expect, ops, opsCredit, signUpAndSignIn, test } from '../fixtures.ts';

/**
 * The back office at /admin, as staff use it: enrolment with an authenticator app, the KYC queue, the
 * withdrawals queue with four eyes, a marketing manager's bonus code, and what a role may not do.
 */

/** A player with `euros` on their balance and an identity document waiting for review. */
async function playerWithDocument(page: Page, euros: string) {
  const email = await signUpAndSignIn(page, 'kyc');
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a7e0b5f70000000049454e44ae426082',
    'hex',
  );
  const uploaded = await page.request.post('/api/player/documents', {
    headers: await bearerOf(page),
    multipart: { type: 'identity_front', file: { name: 'passport.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.ok()).toBe(true);
  await opsCredit(email, euros, 'EUR');
  return email;
}

test('an administrator enrols with an authenticator app, keeps the recovery codes and signs in again', async ({
  page,
}) => {
  const { email, link } = await invite('admin');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Set up your back-office account' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  await checked(page, 'enrol');
  await page.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await page.getByLabel('Password again').fill(PASSWORD);
  const enrolCode = codeOf(secret);
  await page.getByLabel('Code from the app').fill(enrolCode);
  await page.getByRole('button', { name: 'Finish enrolment' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await checked(page, 'recovery-codes');
  await page.getByRole('button', { name: /I have kept them/ }).click();
  await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
  await checked(page, 'dashboard');

  // Signed out, the enrolment's code (already spent) is refused; the next one signs in.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(enrolCode);
  await checked(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong e-mail, password or code')).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await checked(page, 'staff');
  await page.getByRole('menuitem', { name: 'Audit trail' }).click();
  await expect(page.getByRole('cell', { name: 'staff.sign-in' }).first()).toBeVisible();
  await checked(page, 'audit');
});

test('a KYC reviewer approves a document in the queue, and the player can then withdraw', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const email = await playerWithDocument(page, '100');
  const reviewer = await enrolled(request, 'kyc');
  const staff = await (await browser.newContext()).newPage();
  await signInAdmin(staff, reviewer);
  await staff.getByRole('menuitem', { name: 'KYC documents' }).click();
  await staff.getByRole('cell', { name: email }).click();
  await expect(staff.getByRole('img', { name: `Identity document (front) of ${email}` })).toBeVisible();
  await checked(staff, 'document-review');
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Document approved: the player can now withdraw')).toBeVisible();
  await expect(staff.getByRole('cell', { name: email })).toHaveCount(0);

  await page.goto('/?wallet=withdraw');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByLabel('Amount (EUR)').fill('40');
  await wallet.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await wallet.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(wallet.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
});

test('a withdrawal above the threshold needs a second approver; a support agent cannot approve one', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const email = await playerWithDocument(page, '2000');
  await ops(
    'documents',
    'approve',
    (await ops('documents', 'list'))
      .split('\n')
      .find((l) => l.includes(email))!
      .split(/\s+/)[0]!,
  );
  // A payments approver's dashboard is open; the request reaches it on the staff channel, no reload.
  const first = await (await browser.newContext()).newPage();
  await signInAdmin(first, await enrolled(request, 'payments'));
  const waiting = first.locator('[data-figure="withdrawals"]');
  await expect(waiting).toHaveText(/^\d+$/);
  const before = (await waiting.textContent())!;
  await page.goto('/?wallet=withdraw');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByLabel('Amount (EUR)').fill('1500');
  await wallet.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await wallet.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(wallet.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
  await expect(waiting).not.toHaveText(before);
  await checked(first, 'dashboard-payments');

  // Support sees the queue, without a button to approve; the API refuses the call all the same.
  const support = await (await browser.newContext()).newPage();
  await signInAdmin(support, await enrolled(request, 'support'));
  await support.getByRole('menuitem', { name: 'Withdrawals' }).click();
  const row = support.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await checked(support, 'withdrawals-support');
  // Support finds the player by e-mail and reads their page; money and limits are not theirs to change.
  await support.getByRole('menuitem', { name: 'Players' }).click();
  await support.getByLabel('E-mail, phone, id, name, IBAN or card fingerprint').fill(email);
  await support.getByRole('cell', { name: email }).click();
  await expect(support.getByText(email).first()).toBeVisible();
  await support.getByRole('tab', { name: 'Accounts', exact: true }).click();
  await expect(support.getByRole('heading', { name: /^EUR: 500\.00 real/ })).toBeVisible();
  await expect(
    support.getByRole('table', { name: 'EUR transfers' }).getByRole('cell', { name: 'withdrawal', exact: true }),
  ).toBeVisible();
  await expect(support.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
  await checked(support, 'player-accounts');
  await support.getByRole('tab', { name: 'Sessions' }).click();
  await expect(
    support.getByRole('table', { name: 'Sessions' }).getByRole('cell', { name: 'open' }).first(),
  ).toBeVisible();
  await checked(support, 'player-sessions');
  const invoice = (await ops('withdrawals', 'list'))
    .split('\n')
    .find((l) => l.includes(email))!
    .split(/\s+/)[0]!;
  const { csrfToken } = (await (await support.request.get('/api/admin/auth/me')).json()).data;
  const refused = await support.request.post('/api/admin/commands/invoices', {
    headers: { 'x-csrf-token': csrfToken },
    data: { action: 'withdrawals-approve', invoice },
  });
  expect(refused.status()).toBe(403);

  // The first payments approver's decision waits; the second's sends it.
  await first.getByRole('menuitem', { name: 'Withdrawals' }).click();
  await first.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Approve' }).click();
  await expect(first.getByText(/waiting for a second approver/)).toBeVisible();
  await first.getByRole('menuitem', { name: 'Approvals' }).click();
  await expect(first.getByRole('row').filter({ hasText: '1500' })).toHaveCount(0);

  const second = await (await browser.newContext()).newPage();
  await signInAdmin(second, await enrolled(request, 'payments'));
  await second.getByRole('menuitem', { name: 'Approvals' }).click();
  const held = second.getByRole('row').filter({ hasText: invoice });
  await expect(held).toBeVisible();
  await checked(second, 'approvals');
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByText('Approved: done')).toBeVisible();
  await expect.poll(async () => (await ops('withdrawals', 'list')).includes(invoice)).toBe(false);

  // Support ends the player's sessions from their page: the player's token no longer works.
  await support.getByRole('tab', { name: 'Sessions' }).click();
  await support.getByRole('button', { name: 'End all sessions' }).click();
  await support.getByLabel(/Reason/).fill('The player called: lost phone');
  await support.getByRole('dialog').getByRole('button', { name: 'End all sessions' }).click();
  await expect(support.getByText(/^Ended \d+ sessions?$/)).toBeVisible();
  const profile = await page.request.get('/api/player/profile', { headers: await bearerOf(page) });
  expect(profile.status()).toBe(401);
});

test('a marketing manager creates a bonus code, and a player redeems it', async ({ page, browser, request }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `Admin code bonus ${suffix}`;
  const file = path.join(os.tmpdir(), `admin-bonus-${suffix}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, amounts: { EUR: 500 }, wagerMultiplier: 5 }));
  await ops('bonus', 'create', file);
  fs.rmSync(file);

  const marketing = await (await browser.newContext()).newPage();
  await signInAdmin(marketing, await enrolled(request, 'marketing'));
  await marketing.getByRole('menuitem', { name: 'Bonus codes' }).click();
  await marketing.getByRole('link', { name: 'Create' }).click();
  const code = `ADMIN${suffix}`.toUpperCase();
  await marketing.getByRole('textbox', { name: 'Code' }).fill(code);
  await marketing.getByLabel('Bonus').click();
  await marketing.getByRole('option', { name }).click();
  await marketing.getByLabel('Uses in total').fill('10');
  await checked(marketing, 'bonus-code-create');
  await marketing.getByRole('button', { name: 'Save' }).click();
  await expect(marketing.getByRole('cell', { name: code })).toBeVisible();
  // Marketing has no business in the payments queue: not in the menu.
  await expect(marketing.getByRole('menuitem', { name: 'Withdrawals' })).toHaveCount(0);

  await signUpAndSignIn(page, 'admincode');
  await page.goto('/bonuses');
  const form = page.getByRole('form', { name: 'Have a bonus code?' });
  await form.getByLabel('Bonus code').fill(code);
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
});
