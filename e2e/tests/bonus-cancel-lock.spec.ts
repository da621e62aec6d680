import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, ops, opsCredit, shot, signUpAndSignIn, test } from '../fixtures.ts';

/** An operator's bonus definition, created through the ops CLI from a JSON file; answers its name. */
async function defineBonus(label: string, rule: Record<string, unknown>): Promise<string> {
  const name = `${label} ${Math.random().toString(36).slice(2, 7)}`;
  const file = path.join(os.tmpdir(), `bonus-${name.replaceAll(' ', '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, ...rule }));
  await ops('bonus', 'create', file);
  fs.rmSync(file);
  return name;
}

/** Phone and desktop screenshots (also under /tmp/shots for review). */
async function shots(page: Page, name: string, focus?: Locator) {
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    if (focus) await focus.scrollIntoViewIfNeeded();
    await shot(page, `${name}-${size}`);
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/${name}-${size}.png` });
  }
}

test('withdrawing with an active bonus asks first: keep it and withdraw real money, or cancel it and withdraw', async ({
  page,
}) => {
  test.slow();
  const email = await signUpAndSignIn(page, 'lock');
  await opsCredit(email, '20.00', 'EUR');
  const name = await defineBonus('Lock bonus', { amounts: { EUR: 500 }, wagerMultiplier: 5 });
  // A weekly cashback that is a term of the account (not a promotion): its running figure shows.
  const cashback = await defineBonus('Lock cashback', {
    amounts: { EUR: 0 },
    cashback: { percentage: 10, period: 'week' },
    wagerMultiplier: 1,
    promotional: false,
  });
  await ops('bonus', 'issue', email, name, 'EUR');

  await page.goto('/bonuses');
  await page.getByRole('button', { name: `Activate ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Activate ${name}?` })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
  await expect(page.getByTestId('header-bonus-balance')).toContainText('€5.00');

  // The cashback block: this week so far, and the next payout.
  const block = page.getByRole('region', { name: 'Cashback' });
  await expect(block).toContainText(cashback);
  await expect(block).toContainText('This week so far');
  await expect(block).toContainText('Paid on');
  await shots(page, 'cashback-block', block);

  // The header balance popover lists it too.
  await page.getByRole('button', { name: /Your accounts/ }).click();
  await expect(page.getByTestId('header-cashback')).toContainText(`${cashback}, paid`);
  await shots(page, 'cashback-popover');
  await page.keyboard.press('Escape');

  // Opening a withdrawal (the wallet's Withdraw tab) asks about the bonus first.
  await page.getByRole('button', { name: /Your accounts/ }).click();
  await page.getByRole('button', { name: 'Open wallet' }).click();
  await page.getByRole('dialog', { name: 'Wallet' }).getByRole('button', { name: 'Withdraw' }).click();
  const lock = page.getByRole('dialog', { name: 'Withdraw with an active bonus' });
  await expect(lock).toContainText(`Your bonus ${name} is active.`, { timeout: 20_000 });
  await expect(lock).toContainText('only real money: €20.00 can be withdrawn now');
  await expect(lock).toContainText('forfeits its bonus money (€5.00)');
  await expect(page).toHaveURL(/\?bonus-cancel-lock=EUR$/);
  await shots(page, 'bonus-cancel-lock');

  // Keep: the withdrawal opens and the bonus stays.
  await lock.getByRole('button', { name: 'Keep my bonus' }).click();
  await expect(page).toHaveURL(/\?wallet=withdraw$/);
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('header-bonus-balance')).toContainText('€5.00');

  // A new visit (a link to the withdrawal) asks again; cancelling ends the bonus (its money forfeited)
  // and opens the withdrawal.
  await page.goto('/?wallet=withdraw');
  await expect(page).toHaveURL(/\?bonus-cancel-lock=EUR$/, { timeout: 20_000 });
  await lock.getByRole('button', { name: 'Cancel bonus and withdraw' }).click();
  await expect(page).toHaveURL(/\?wallet=withdraw$/);
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('header-bonus-balance')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('€20.00');

  // The history's bonuses tab lists it as cancelled.
  await page.goto('/profile/history?tab=bonuses');
  await expect(
    page.getByRole('navigation', { name: 'History sections' }).getByRole('link', { name: 'Bonuses' }),
  ).toHaveAttribute('aria-current', 'page');
  const ended = page.getByRole('region', { name: 'Ended bonuses' });
  await expect(ended).toContainText(name);
  await expect(ended).toContainText('Cancelled');
  await shots(page, 'history-bonuses');
});
