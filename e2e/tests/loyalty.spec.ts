import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectShown,
  opsCredit,
  paidSpin,
  playOutFreeSpins,
  shot,
  signUpAndSignIn,
  test,
} from '../fixtures.ts';

type Game = { identity: string; name: string; platforms: number[] };

const SHOTS = '/tmp/shots';

async function slot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as Game[];
  return games.find((g) => g.platforms.includes(1) && g.platforms.includes(2))!;
}

const frameOf = (page: Page, game: Game) => page.frameLocator(`iframe[title="${game.name} — game"]`);

/**
 * One real-money spin at the game's default stake (€1), waiting for its result line. A spin that wins
 * free spins is a round that ends with its last free spin, and only an ended round earns its points:
 * those are played out too.
 */
async function spin(page: Page, game: Game) {
  await paidSpin(frameOf(page, game));
  await playOutFreeSpins(frameOf(page, game));
}

/** A screenshot for people to look at, in /tmp/shots as well as with the other specs' pictures. */
async function picture(page: Page, name: string) {
  await shot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('real-money spins earn loyalty points: the level rises live, and /loyalty shows it', async ({ page, request }) => {
  test.slow(); // spins with the game's minimum round time
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await signUpAndSignIn(page, 'loyalty');
  await opsCredit(email, '20.00', 'EUR');

  // A new player starts at the first level; the earning rates are one click away.
  await page.goto('/loyalty');
  const card = page.getByRole('region', { name: 'Your level' });
  await expect(card).toContainText('Bronze');
  await expect(card).toContainText('0 points');
  await expect(card).toContainText('5 points to Silver');
  await page.getByRole('button', { name: 'How to earn points' }).click();
  const earn = page.getByRole('dialog', { name: 'How to earn points' });
  await expect(earn).toContainText('Slots1 point per €1.00 staked');
  await picture(page, 'loyalty-earn-desktop');
  await earn.getByRole('button', { name: 'Close' }).last().click();
  await expect(earn).toHaveCount(0);

  // €1 spins at a slot, 1 point each: the fifth reaches Silver. The header follows each push, and
  // on the game page the level-up is a notice (no modal over the game).
  const game = await slot(request);
  await page.goto(`/games/${game.identity}`);
  await expect(page.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const badge = page.getByTestId('header-loyalty');
  await expect(badge).toHaveAttribute('aria-label', 'Loyalty: Bronze, 0% to the next level');
  await spin(page, game);
  await expect(badge).toHaveAttribute('aria-label', 'Loyalty: Bronze, 20% to the next level', { timeout: 10_000 });
  for (let i = 0; i < 4; i++) await spin(page, game);
  await expectShown(page, 'New loyalty level: Silver!');
  await expect(badge).toHaveAttribute('aria-label', /^Loyalty: Silver, \d+% to the next level$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await picture(page, 'loyalty-game-notice-desktop');
  // The notice goes after 3 seconds.
  await expect(page.getByText('New loyalty level: Silver!')).toHaveCount(0, { timeout: 6_000 });

  await page.goto('/loyalty');
  await expect(card).toContainText('Silver');
  await expect(card).toContainText(/\d+ points to Gold/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Silver' })).toContainText('Your level');
  await expect(page.getByRole('listitem').filter({ hasText: 'Bronze' })).toContainText('Reached');
  await picture(page, 'loyalty-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await picture(page, 'loyalty-phone');
});

test('away from a game, a level-up opens the level-up modal', async ({ page, context, request }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await signUpAndSignIn(page, 'loyalty-modal');
  await opsCredit(email, '20.00', 'EUR');
  const game = await slot(request);
  await page.goto(`/games/${game.identity}`);
  await expect(page.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < 4; i++) await spin(page, game);
  const badge = page.getByTestId('header-loyalty');
  await expect(badge).toHaveAttribute('aria-label', 'Loyalty: Bronze, 80% to the next level', { timeout: 10_000 });
  // The player moves on to another page and plays the fifth round in a second tab: the level it reaches
  // is told on both, as a modal here (away from a game) and as a notice over the game there. (A level
  // reached in the very moment of leaving a game is the web tests' case: here it would be a race.)
  await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Bonuses' }).click();
  await expect(page).toHaveURL(/\/bonuses$/);
  const playing = await context.newPage();
  await playing.goto(`/games/${game.identity}`);
  await spin(playing, game);
  await expectShown(playing, 'New loyalty level: Silver!');
  await expect(playing.getByRole('dialog', { name: 'New level reached' })).toHaveCount(0);
  await page.bringToFront();
  const modal = page.getByRole('dialog', { name: 'New level reached' });
  await expect(modal).toContainText('You are now Silver!', { timeout: 10_000 });
  await picture(page, 'loyalty-level-modal-desktop');
  await modal.getByRole('link', { name: 'See the levels' }).click();
  await expect(page).toHaveURL(/\/loyalty$/);
  await expect(page.getByRole('region', { name: 'Your level' })).toContainText('Silver');
});
