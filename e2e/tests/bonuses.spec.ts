import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectShown,
  gameShots,
  ops,
  opsCredit,
  paidSpin,
  roundsOf,
  shot,
  signUpAndSignIn,
  test,
  wasShown,
} from '../fixtures.ts';

/** Minor units of EUR as the header writes them. */
const euros = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);

type Game = { identity: string; name: string; isDemoMode: boolean; platforms: number[] };

/** An operator's bonus definition, created through the ops CLI from a JSON file; answers its name. */
async function defineBonus(label: string, rule: Record<string, unknown>): Promise<string> {
  const name = `${label} ${Math.random().toString(36).slice(2, 7)}`;
  const file = path.join(os.tmpdir(), `bonus-${name.replaceAll(' ', '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, ...rule }));
  await ops('bonus', 'create', file);
  fs.rmSync(file);
  return name;
}

async function slot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as Game[];
  return games.find((g) => g.platforms.includes(1) && g.platforms.includes(2))!;
}

/** One real-money spin at the game's default stake; `settled` waits for its result line. */
const spin = (page: Page, game: Game, { settled = true } = {}) =>
  paidSpin(page.frameLocator(`iframe[title="${game.name} — game"]`), { settled });

test('a bonus is activated, wagered at a slot and turns into real money; another is cancelled', async ({
  page,
  request,
}) => {
  test.slow(); // spins with the game's minimum round time, screenshots at two sizes
  const email = await signUpAndSignIn(page, 'bonus');
  await opsCredit(email, '20.00', 'EUR');
  // A small requirement: €2 bonus × 1, so two €1 spins wager it.
  const wagered = await defineBonus('Quick bonus', { amounts: { EUR: 200 }, wagerMultiplier: 1 });
  const other = await defineBonus('Spare bonus', { amounts: { EUR: 500 }, wagerMultiplier: 5 });
  await ops('bonus', 'issue', email, wagered, 'EUR');
  await ops('bonus', 'issue', email, other, 'EUR');

  await page.goto('/profile/bonuses');
  await expect(page.getByRole('button', { name: `Activate ${wagered}` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'bonuses-issued-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'bonuses-issued-desktop');

  // Cancel the spare one: the modal says it cannot be activated any more.
  await page.getByRole('button', { name: `Cancel ${other}` }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel ${other}?` });
  await expect(cancel).toContainText('cannot be activated any more');
  await cancel.getByRole('button', { name: 'Cancel the bonus' }).click();
  await expect(cancel).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Activate ${other}` })).toHaveCount(0);

  // Activate: the modal explains the rule; the header shows bonus money apart.
  await page.getByRole('button', { name: `Activate ${wagered}` }).click();
  const activate = page.getByRole('dialog', { name: `Activate ${wagered}?` });
  await expect(activate).toContainText('€2.00 goes to your EUR account as bonus money');
  await activate.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(activate).toHaveCount(0);
  await expect(page.getByTestId('header-bonus-balance')).toContainText('€2.00');
  await expect(page.getByText('€0.00 of €2.00 wagered')).toBeVisible();
  await shot(page, 'bonuses-active-desktop');

  // €1 spins at a slot (real money first) wager it in two settled rounds; the bonus money turns real.
  const game = await slot(request);
  await page.goto(`/games/${game.identity}`);
  await expect(page.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const toast = `Bonus wagered: ${wagered}`;
  for (let i = 0; i < 6 && !wasShown(page, toast); i++) await spin(page, game);
  await expectShown(page, toast);
  await expect(page.getByTestId('header-bonus-balance')).toHaveCount(0);

  await page.goto('/profile/bonuses');
  const ended = page.getByRole('region', { name: 'Ended bonuses' });
  await expect(ended).toContainText(wagered);
  await expect(ended).toContainText('Wagered');
  await expect(ended).toContainText(other);
  await expect(ended).toContainText('Cancelled');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'bonuses-ended-phone');
});

test('a stake above the bonus maximum bet is refused in the game, which says the maximum and lowers the stake to it', async ({
  page,
  request,
}) => {
  test.slow();
  const email = await signUpAndSignIn(page, 'maxbet');
  await opsCredit(email, '20.00', 'EUR');
  const name = await defineBonus('Capped bonus', { amounts: { EUR: 1_000 }, wagerMultiplier: 5, maxBet: { EUR: 50 } });
  await ops('bonus', 'issue', email, name, 'EUR');
  await page.goto('/bonuses');
  await page.getByRole('button', { name: `Activate ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Activate ${name}?` })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
  await expect(page.getByTestId('header-bonus-balance')).toContainText('€10.00');

  const game = await slot(request);
  await page.goto(`/games/${game.identity}`);
  const frame = page.frameLocator(`iframe[title="${game.name} — game"]`);
  await spin(page, game, { settled: false }); // the default stake, €1, is above the €0.50 maximum
  const refusal = frame.getByRole('alert');
  await expect(refusal).toContainText('While your bonus is active, a bet may be at most €0.50.', { timeout: 15_000 });
  const lower = frame.getByRole('button', { name: 'Lower the stake to €0.50' });
  await expect(lower).toBeFocused();
  // The game says it itself: no modal of the casino over it, and nothing was taken.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('20.00');
  await gameShots(page, 'bonus-max-bet-en');

  // Lowered to the maximum, the next spin goes through (the same game session: no restart).
  const gameUrl = await page.locator('iframe[sandbox]').getAttribute('src');
  await lower.click();
  await expect(refusal).toBeHidden();
  await expect(frame.getByRole('combobox', { name: 'Bet' })).toHaveValue(/./);
  await expect(frame.getByRole('combobox', { name: 'Bet' }).locator('option:checked')).toHaveText('€0.50');
  await spin(page, game);
  await expect(refusal).toBeHidden();
  expect(await page.locator('iframe[sandbox]').getAttribute('src')).toBe(gameUrl);
  await expect(frame.getByRole('button', { name: /^Spin/ })).toBeEnabled({ timeout: 15_000 });
  // The €0.50 was staked (real money first): the round is in the history, and the header moved by the
  // stake and whatever it won (a win of exactly the stake leaves it at €20.00).
  const rounds = await roundsOf(page);
  expect(rounds.map((r) => r.stake)).toEqual([50]);
  await expect(page.getByTestId('header-balance')).toContainText(euros(2000 - 50 + rounds[0]!.win));

  // The same refusal in German and Portuguese.
  for (const [locale, words] of [
    ['de', 'darf ein Einsatz höchstens 0,50'],
    ['pt-br', 'uma aposta pode ser de no máximo'],
  ] as const) {
    await page.goto(`/${locale}/games/${game.identity}?real=true`);
    const localFrame = page.frameLocator('iframe[sandbox]');
    const button = localFrame.locator('.primary-action');
    await expect(button).toBeEnabled({ timeout: 45_000 });
    await button.click();
    await expect(localFrame.getByRole('alert')).toContainText(words, { timeout: 15_000 });
    await gameShots(page, `bonus-max-bet-${locale}`);
  }
});
