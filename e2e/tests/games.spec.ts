import type { APIRequestContext, Page } from '@playwright/test';
import { expect, opsCredit, playOutFreeSpins, roundsOf, shot, signUpAndSignIn, test } from '../fixtures.ts';

type Game = {
  id: string;
  identity: string;
  name: string;
  isDemoMode: boolean;
  platforms: number[];
  isFavorite: boolean;
};

/** The most popular slot with a demo that runs on desktop and phones: what a visitor would open first. */
async function popularSlot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  expect(response.ok()).toBe(true);
  const games = (await response.json()).data as Game[];
  const game = games.find((g) => g.isDemoMode && g.platforms.includes(1) && g.platforms.includes(2));
  expect(game).toBeTruthy();
  return game!;
}

const gameFrame = (page: Page, game: Game) => page.frameLocator(`iframe[title="${game.name} — game"]`);

/** Spins once inside the game iframe and waits for the result line (the UI keeps a 2.5 s minimum). */
async function spinOnce(page: Page, game: Game): Promise<string> {
  const frame = gameFrame(page, game);
  await playOutFreeSpins(frame, 15_000);
  const spin = frame.getByRole('button', { name: /^Spin/ });
  const result = frame.locator('.result-text');
  // A click landing as a dialog above closes (the page reflows under the frame) can miss the button:
  // press again only while no round runs (the button is disabled during one), so it spins once.
  await expect(async () => {
    if (await spin.isEnabled()) await spin.click();
    await expect(result).toHaveText(/You won|No win|free spins/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return (await result.textContent()) ?? '';
}

test('a guest plays a demo spin: play money in the game, no account needed', async ({ page, request }) => {
  const game = await popularSlot(request);
  await page.goto(`/games/${game.identity}`);
  const frame = gameFrame(page, game);
  await expect(frame.getByText('Demo', { exact: true })).toBeVisible();
  await expect(frame.locator('.balance-value')).toHaveText('€1,000.00');
  // The offer to play for real comes at the start; after that, spins are not interrupted.
  const nudge = page.getByRole('dialog', { name: `Enjoying ${game.name}?` });
  await expect(nudge).toBeVisible();
  await nudge.getByRole('button', { name: 'Keep playing demo' }).click();
  await expect(nudge).toHaveCount(0);
  await spinOnce(page, game);
  await spinOnce(page, game);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The sandboxed provider page has an opaque origin: no way into the casino page's storage.
  await expect(page.locator('iframe').first()).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(page.locator('iframe').first()).not.toHaveAttribute('sandbox', /allow-same-origin/);
});

test('a credited player plays for real and the header balance follows the round', async ({ page, request }) => {
  const game = await popularSlot(request);
  const email = await signUpAndSignIn(page, 'realplay');
  await opsCredit(email, '50.00', 'EUR');
  await expect(page.getByTestId('header-balance')).toContainText('50.00');

  // A player with money starts in real money without asking for it: one balance on screen.
  await page.goto(`/games/${game.identity}`);
  await expect(page.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(gameFrame(page, game).locator('.balance-value')).toHaveText('€50.00');
  await expect(gameFrame(page, game).getByText('Demo', { exact: true })).toHaveCount(0);
  await spinOnce(page, game);

  // The round is in the player's history, and the header shows the ledger's balance.
  const rounds = await roundsOf(page);
  expect(rounds).toHaveLength(1);
  const expected = (5000 - rounds[0]!.stake + rounds[0]!.win) / 100;
  await expect(page.getByTestId('header-balance')).toContainText(expected.toFixed(2));
  await shot(page, 'game-real-desktop');
});

test('favourites persist across a reload and show on /favorites', async ({ page }) => {
  await signUpAndSignIn(page, 'favourites');
  await page.goto('/categories/slots');
  const heart = page.getByRole('button', { name: /^Favourite: / }).first();
  const label = (await heart.getAttribute('aria-label'))!;
  const name = label.replace(/^Favourite: /, '');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByRole('button', { name: label }).first()).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/favorites');
  await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
});

test('search finds a game by a partial name typed without accents', async ({ page, request }) => {
  const accented = (await (await request.get('/api/game/games/sol-dorado-juegos-fortuna-magica')).json()).data as Game;
  expect(accented.name).toBe('Fortuna Mágica');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Search games' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search games' });
  await dialog.getByLabel('Game name').fill('ortuna magi');
  await expect(dialog.getByRole('link', { name: /Fortuna Mágica/ }).first()).toBeVisible();
  await dialog
    .getByRole('link', { name: /Fortuna Mágica/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/games\/sol-dorado-juegos-fortuna-magica/);
});

test('catalogue screenshots at phone and desktop size', async ({ browser, baseURL, request }) => {
  test.slow(); // six pages at two sizes
  const game = await popularSlot(request);
  for (const [size, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({
      baseURL,
      viewport,
      ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('region').first()).toBeVisible();
    await shot(page, `home-${size}`);
    await page.goto('/categories/slots');
    await expect(page.getByRole('button', { name: /^Favourite: / }).first()).toBeVisible();
    await shot(page, `category-${size}`);
    await page.goto('/providers');
    await shot(page, `providers-${size}`);
    await page.goto(`/games/${game.identity}`);
    await expect(gameFrame(page, game).getByRole('button', { name: /^Spin/ })).toBeVisible();
    await shot(page, `game-demo-${size}`);
    await context.close();
  }
});
