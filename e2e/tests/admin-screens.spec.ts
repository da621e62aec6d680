import fs from 'node:fs';
import { checked, enrolled, signInAdmin } from '../admin-kit.ts';
import { expect, ops, registerByApi, signUpAndSignIn, test, uniqueEmail } from '../fixtures.ts';

/**
 * The back office's other screens, as the roles that work them: an alert raised by a sign-in during an
 * exclusion worked to its close, the books' reports with a chart and a CSV, a bonus created with the
 * player's preview, the sportsbook's risk page, and a support agent's note on a player.
 */

test('compliance works an alert to its close; finance reads a report, its chart and its CSV', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // A player on a cooling-off tries to sign in: the alert is raised at once.
  const email = uniqueEmail('alerted');
  await registerByApi(page, email);
  await ops('exclude', email, 'cooling-off', '1');
  const refused = await page.request.post('/api/player/sessions', {
    data: { login: email, password: 'secret-pass-1' },
  });
  expect(refused.status()).toBe(403);

  const compliance = await (await browser.newContext()).newPage();
  await signInAdmin(compliance, await enrolled(request, 'compliance'));
  await compliance.getByRole('menuitem', { name: 'Alerts' }).click();
  const row = compliance.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Sign-in while excluded')).toBeVisible();
  await row.getByText('Sign-in while excluded').click();
  await compliance.getByRole('button', { name: 'Assign to me' }).click();
  await expect(compliance.getByText('Assigned to you')).toBeVisible();
  await compliance.getByRole('button', { name: 'Add note' }).click();
  await compliance.getByRole('textbox', { name: 'Note' }).fill('Called the player: the cooling-off stays.');
  await compliance.getByRole('dialog').getByRole('button', { name: 'Add note' }).click();
  await expect(compliance.getByText('Called the player: the cooling-off stays.')).toBeVisible();
  await checked(compliance, 'alert');
  await compliance.getByRole('button', { name: 'Close', exact: true }).click();
  await compliance.getByLabel('Why it is closed').fill('The exclusion held: nothing to do.');
  await compliance.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(compliance.getByText('Alert closed')).toBeVisible();
  await expect(compliance.getByText('The exclusion held: nothing to do.')).toBeVisible();

  const finance = await (await browser.newContext()).newPage();
  await signInAdmin(finance, await enrolled(request, 'finance'));
  await expect(finance.locator('[data-figure="ggrToday"]')).toHaveText(/^-?[\d,]+\.\d{2} EUR$/);
  // The players report by day: today counts the player this journey signed up.
  await finance.getByRole('menuitem', { name: 'Reports' }).click();
  const reports = finance.getByRole('region', { name: 'Reports' });
  await reports.getByLabel('Report').click();
  await finance.getByRole('option', { name: 'Players' }).click();
  await reports.getByLabel('Group by').click();
  await finance.getByRole('option', { name: 'day' }).click();
  await reports.getByRole('button', { name: 'Run report' }).click();
  await expect(reports.getByRole('img')).toBeVisible();
  await expect(reports.getByRole('table')).toBeVisible();
  await checked(finance, 'reports');
  const download = finance.waitForEvent('download');
  await reports.getByRole('link', { name: 'Download CSV' }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^day,/);
  expect(csv.split('\n').length).toBeGreaterThan(1);
  // Finance reads; the alerts are not theirs to work on.
  await finance.getByRole('menuitem', { name: 'Alerts' }).click();
  await finance.getByRole('row').filter({ hasText: email }).getByText('Sign-in while excluded').click();
  await expect(finance.getByText('The exclusion held: nothing to do.')).toBeVisible();
  await expect(finance.getByRole('button', { name: 'Add note' })).toHaveCount(0);
});

test('marketing creates a bonus with what a player sees; risk reads its exposure; support notes a player', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const marketing = await (await browser.newContext()).newPage();
  await signInAdmin(marketing, await enrolled(request, 'marketing'));
  await marketing.getByRole('menuitem', { name: 'Bonuses' }).click();
  await marketing.getByRole('link', { name: 'New bonus' }).click();
  const name = `Screen bonus ${Math.random().toString(36).slice(2, 7)}`;
  await marketing.getByLabel('Name (players read it)').fill(name);
  await marketing.getByRole('textbox', { name: 'Amount' }).first().fill('25');
  const preview = marketing.getByRole('region', { name: 'What a player sees' });
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('25');
  await checked(marketing, 'bonus-create');
  await marketing.getByRole('button', { name: 'Save' }).click();
  await expect(marketing.getByRole('cell', { name })).toBeVisible();
  await marketing.getByRole('menuitem', { name: 'Content' }).click();
  await expect(marketing.getByRole('row').nth(1)).toBeVisible();
  await checked(marketing, 'content');

  const risk = await (await browser.newContext()).newPage();
  await signInAdmin(risk, await enrolled(request, 'risk'));
  await risk.getByRole('menuitem', { name: 'Sportsbook risk' }).click();
  await expect(risk.getByText('Maximum stakes')).toBeVisible();
  await expect(risk.getByRole('button', { name: 'Set limits' })).toBeVisible();
  await checked(risk, 'sportsbook-risk');

  const email = await signUpAndSignIn(page, 'noted');
  const support = await (await browser.newContext()).newPage();
  await signInAdmin(support, await enrolled(request, 'support'));
  await support.getByRole('menuitem', { name: 'Players' }).click();
  await support.getByLabel('E-mail, phone, id, name, IBAN or card fingerprint').fill(email);
  await support.getByRole('cell', { name: email }).click();
  await support.getByRole('tab', { name: 'Notes' }).click();
  await support.getByLabel('New note').fill('Asked about the welcome bonus by chat.');
  await support.getByRole('button', { name: 'Add note' }).click();
  await expect(support.getByRole('cell', { name: 'Asked about the welcome bonus by chat.' })).toBeVisible();
  await checked(support, 'player-notes');
  await support.getByRole('tab', { name: 'Promotions' }).click();
  await expect(support.getByText(/^Loyalty:/)).toBeVisible();
  await checked(support, 'player-promotions');
});
