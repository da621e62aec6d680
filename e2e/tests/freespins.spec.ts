import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { bearerOf, expect, expectShown, gameShots, ops, opsCredit, shot, signUpAndSignIn, test } from '../fixtures.ts';

type Game = { id: string; identity: string; name: string; platforms: number[] };

async function slot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as Game[];
  return games.find((g) => g.platforms.includes(1) && g.platforms.includes(2))!;
}

/** A free-spins definition (type 3) through the ops CLI: `count` spins at €0.20 on `game`, winnings wagered ×2. */
async function defineSpins(game: Game, count: number): Promise<string> {
  const name = `Test spins ${Math.random().toString(36).slice(2, 7)}`;
  const file = path.join(os.tmpdir(), `spins-${name.replaceAll(' ', '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      name,
      type: 3,
      amounts: { EUR: 0 },
      freespins: { count, game: game.identity, stakes: { EUR: 20 } },
      wagerMultiplier: 2,
    }),
  );
  await ops('bonus', 'create', file);
  fs.rmSync(file);
  return name;
}

test('free spins are activated, played in the sandbox game without a stake, and their winnings become a bonus', async ({
  page,
  request,
}) => {
  test.slow();
  const email = await signUpAndSignIn(page, 'spins');
  await opsCredit(email, '5.00', 'EUR');
  const game = await slot(request);
  const name = await defineSpins(game, 3);
  await ops('bonus', 'issue', email, name, 'EUR');

  await page.goto('/profile/bonuses');
  const card = page.getByRole('article', { name });
  await expect(card).toContainText(game.name);
  await expect(card).toContainText('€0.20');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'freespins-issued-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'freespins-issued-desktop');

  await card.getByRole('button', { name: `Activate ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Activate ${name}?` });
  await expect(dialog).toContainText(`3 free spins at €0.20 each on ${game.name}`);
  await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expectShown(page, `3 free spins on ${game.name} are ready to play.`);
  await expect(card).toContainText('0 of 3 spins played');

  // Play: the game is in its locked free-spin mode, one button plays the next free spin at the grant's
  // stake; there is no stake control and no real-money spin until the free spins are played.
  await card.getByRole('link', { name: `Play the free spins in ${game.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/games/${game.identity}`));
  const frame = page.frameLocator(`iframe[title="${game.name} — game"]`);
  const freeSpin = frame.getByRole('button', { name: /Play free spin/ });
  await expect(freeSpin).toContainText('3 left', { timeout: 45_000 });
  await expect(frame.getByText('Free spins from the casino: 3 of 3 left')).toBeVisible();
  await expect(frame.locator('.grant-stake')).toContainText('€0.20');
  await expect(frame.getByRole('button', { name: /^Spin/ })).toHaveCount(0);
  await expect(frame.getByRole('combobox', { name: 'Bet' })).toBeHidden();
  await gameShots(page, 'freespins-locked-en');
  for (let left = 2; left >= 0; left--) {
    await expect(freeSpin).toBeEnabled({ timeout: 20_000 });
    await freeSpin.click();
    if (left > 0) await expect(freeSpin).toContainText(`${left} left`, { timeout: 20_000 });
    // No real money leaves the balance on a free spin.
    await expect(page.getByTestId('header-balance')).toContainText('5.00');
  }
  // The summary: spins played, total won, and what it becomes (bonus money to wager twice).
  const summary = frame.getByRole('dialog', { name: 'Free spins over' });
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(summary.locator('.summary-figures')).toContainText('Spins played3');
  const over = frame.locator('.result-text');
  await expect(over).toContainText('Free spins played');
  const won = Number(
    (/€([\d.,]+) won in total/.exec((await over.textContent()) ?? '')?.[1] ?? 'NaN').replaceAll(',', ''),
  );
  expect(Number.isNaN(won)).toBe(false);
  await expect(summary.locator('.summary-figures')).toContainText(`Total won€${won.toFixed(2)}`);
  await expect(summary).toContainText(
    won > 0
      ? `€${won.toFixed(2)} becomes bonus money in your casino account. Wager it 2 times (€${(won * 2).toFixed(2)} in bets)`
      : 'Nothing was won this time',
  );
  await gameShots(page, 'freespins-summary-en');
  await summary.getByRole('button', { name: 'Continue playing' }).click();
  // The game is the player's again: the real-money spin and the stake control are back.
  await expect(frame.getByRole('button', { name: /^Spin/ })).toBeVisible();
  await expect(frame.getByRole('combobox', { name: 'Bet' })).toBeVisible();
  await expect(freeSpin).toHaveCount(0);

  // The real balance was not touched; the winnings (if any) are an active bonus of that name.
  await expect(page.getByTestId('header-balance')).toContainText('5.00');
  await page.goto('/profile/bonuses');
  await expect(page.getByRole('article', { name }).getByRole('button', { name: `Activate ${name}` })).toHaveCount(0);
  if (won > 0) {
    const bonus = page.getByRole('article', { name });
    await expect(bonus).toContainText(`€${won.toFixed(2)}`);
    await expect(page.getByTestId('header-bonus-balance')).toContainText(`€${won.toFixed(2)}`);
  } else {
    await expect(page.getByRole('article', { name })).toHaveCount(0);
  }
  await shot(page, 'freespins-after-desktop');
});

test('free spins can be cancelled before they are played', async ({ page, request }) => {
  test.slow(); // the ops CLI starts twice
  const email = await signUpAndSignIn(page, 'spins-cancel');
  const game = await slot(request);
  const name = await defineSpins(game, 5);
  await ops('bonus', 'issue', email, name, 'EUR');
  await page.goto('/bonuses');
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Cancel ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${name}?` });
  await expect(dialog).toContainText('The 5 spins left');
  await dialog.getByRole('button', { name: 'Cancel the free spins' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('the locked free-spin mode and its summary speak German and Portuguese', async ({ page, request }) => {
  test.slow(); // the ops CLI starts three times
  // No money at all: free spins need none, and the game starts for real money to play them.
  const email = await signUpAndSignIn(page, 'spins-lang');
  const game = await slot(request);
  const name = await defineSpins(game, 1);
  // Two grants of one spin, activated as the card's button does: one finished in each language.
  await ops('bonus', 'issue', email, name, 'EUR');
  await ops('bonus', 'issue', email, name, 'EUR');
  const headers = await bearerOf(page);
  const issued = (await (await page.request.get('/api/game/player-freespins?status[]=1', { headers })).json()).data as {
    id: string;
  }[];
  expect(issued).toHaveLength(2);
  for (const spins of issued)
    expect((await page.request.put(`/api/game/player-freespins/${spins.id}/activate`, { headers })).ok()).toBe(true);

  const languages = [
    {
      locale: 'de',
      spin: 'Freispiel spielen',
      left: 'noch 1',
      title: 'Freispiele beendet',
      played: 'Gespielte Freispiele1',
    },
    {
      locale: 'pt-br',
      spin: 'Jogar giro grátis',
      left: 'restam 1',
      title: 'Giros grátis encerrados',
      played: 'Giros jogados1',
    },
  ];
  for (const { locale, spin, left, title, played } of languages) {
    await page.goto(`/${locale}/games/${game.identity}`);
    const frame = page.frameLocator('iframe[sandbox]');
    const freeSpin = frame.getByRole('button', { name: new RegExp(spin) });
    await expect(freeSpin).toContainText(left, { timeout: 45_000 });
    await expect(frame.locator('.grant-stake')).toContainText('0,20');
    await gameShots(page, `freespins-locked-${locale}`);
    await freeSpin.click();
    const summary = frame.getByRole('dialog', { name: title });
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary.locator('.summary-figures')).toContainText(played);
    await expect(page.getByTestId('header-balance')).toContainText('0,00');
    await gameShots(page, `freespins-summary-${locale}`);
  }
});
