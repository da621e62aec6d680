import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, gameShots, opsCredit, playOutFreeSpins, roundsOf, signUpAndSignIn, test } from '../fixtures.ts';

/**
 * Two game aggregators live side by side (docs/decisions.md, "Partners behind adapters"): the sandbox
 * provider speaks the native protocol, the sandbox Lantern Hub its own (docs/lantern-wallet-api.md). A
 * player finds a Lantern game in the lobby and in search, plays it for real, and the header follows the
 * round; a native game still plays for the same player.
 */
type Game = { id: string; identity: string; name: string; isDemoMode: boolean; platforms: number[] };

const LANTERN_SLOT = 'lantern-festival-reels';

async function gameOf(request: APIRequestContext, identity: string): Promise<Game> {
  const response = await request.get(`/api/game/games/${identity}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data as Game;
}

/** The most popular slot of the catalogue: a game of the native aggregator. */
async function nativeSlot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as Game[];
  const game = games.find((g) => g.isDemoMode && g.platforms.includes(1) && g.platforms.includes(2));
  expect(game).toBeTruthy();
  return game!;
}

const frameOf = (page: Page, game: Game): FrameLocator => page.frameLocator(`iframe[title="${game.name} — game"]`);

/** One real spin inside the game's frame; the round's stake and win as the history lists them. */
async function spinOnce(page: Page, game: Game) {
  const frame = frameOf(page, game);
  await playOutFreeSpins(frame, 15_000);
  const spin = frame.getByRole('button', { name: /^Spin/ });
  const result = frame.locator('.result-text');
  await expect(async () => {
    if (await spin.isEnabled()) await spin.click();
    await expect(result).toHaveText(/You won|No win|free spins/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test('a Lantern game is in the lobby and in search, plays for real, and the header follows the round', async ({
  page,
  request,
}) => {
  const lantern = await gameOf(request, LANTERN_SLOT);
  expect(lantern.name).toBe('Lantern Festival Reels');
  // In the lobby: its studio lists it, with generated artwork like every game.
  const studio = await request.get('/api/game/games?providerId[]=lantern-originals&perPage=10');
  expect(((await studio.json()).data as Game[]).map((g) => g.identity)).toContain(LANTERN_SLOT);

  const email = await signUpAndSignIn(page, 'lantern');
  await opsCredit(email, '50.00', 'EUR');
  await expect(page.getByTestId('header-balance')).toContainText('50.00');

  // Search finds it by part of its name.
  await page.getByRole('banner').getByRole('button', { name: 'Search games' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search games' });
  await dialog.getByLabel('Game name').fill('festival ree');
  const found = dialog.getByRole('link', { name: /Lantern Festival Reels/ }).first();
  await expect(found).toBeVisible();
  const art = found.locator('img');
  await expect(art).toHaveAttribute('src', /\/media\/v1\/games\/lantern-festival-reels\//);
  const artwork = await request.get((await art.getAttribute('src'))!);
  expect(artwork.headers()['content-type']).toContain('image/svg+xml');
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/games/${LANTERN_SLOT}`));

  // Real money at once; the frame is the sandbox Lantern's page, showing the casino's balance.
  await expect(page.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(`iframe[title="${lantern.name} — game"]`)).toHaveAttribute(
    'src',
    /\/sandbox\/lantern\/play\//,
  );
  const frame = frameOf(page, lantern);
  await expect(frame.locator('.balance-value')).toHaveText('€50.00');
  await spinOnce(page, lantern);

  const [round] = await roundsOf(page);
  expect(round!.stake).toBeGreaterThan(0);
  const afterLantern = 5000 - round!.stake + round!.win;
  await expect(page.getByTestId('header-balance')).toContainText((afterLantern / 100).toFixed(2));
  await expect(frame.locator('.balance-value')).toHaveText(`€${(afterLantern / 100).toFixed(2)}`);
  await gameShots(page, 'lantern-game');

  // The native aggregator's game plays for the same player, beside it.
  const native = await nativeSlot(request);
  await page.goto(`/games/${native.identity}`);
  await expect(page.locator(`iframe[title="${native.name} — game"]`)).toHaveAttribute(
    'src',
    /\/sandbox\/games\/play\//,
  );
  await expect(frameOf(page, native).locator('.balance-value')).toHaveText(`€${(afterLantern / 100).toFixed(2)}`);
  await spinOnce(page, native);
  const rounds = await roundsOf(page);
  expect(rounds).toHaveLength(2);
  const afterBoth = afterLantern - rounds[0]!.stake + rounds[0]!.win;
  await expect(page.getByTestId('header-balance')).toContainText((afterBoth / 100).toFixed(2));
});
