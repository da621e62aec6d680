import type { APIRequestContext, Page } from '@playwright/test';
import { expect, opsCredit, settledForPicture, signUpAndSignIn, test } from '../fixtures.ts';

type Game = { id: string; identity: string; name: string; isDemoMode: boolean; platforms: number[] };

/** A popular slot that runs on desktop and phones: the daily tournament counts every slot. */
async function popularSlot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  expect(response.ok()).toBe(true);
  const games = (await response.json()).data as Game[];
  const game = games.find((g) => g.platforms.includes(1) && g.platforms.includes(2));
  expect(game).toBeTruthy();
  return game!;
}

/** A screenshot to /tmp/shots at the page's current size, once the splash has gone and the page settled. */
async function shotAt(page: Page, name: string, size: { width: number; height: number }, fullPage = false) {
  await page.setViewportSize(size);
  await settledForPicture(page);
  await page.screenshot({ path: `/tmp/shots/tournaments-${name}-${size.width}x${size.height}.png`, fullPage });
}
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test('a player opens the daily tournament from the lobby, spins, and sees their place arrive live', async ({
  page,
  context,
  request,
}) => {
  const game = await popularSlot(request);
  const email = await signUpAndSignIn(page, 'tourney');
  await opsCredit(email, '50.00', 'EUR');
  await expect(page.getByTestId('header-balance')).toContainText('50.00');

  // The lobby's section: the daily slots race, running, with its countdown.
  const section = page.getByRole('region', { name: 'Tournaments' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('Daily Slots Race');
  await expect(section).toContainText(/Ends in (\d+ days? )?\d\d:\d\d:\d\d/);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shotAt(page, 'lobby', size);
  }

  await section.getByRole('link', { name: 'View tournament: Daily Slots Race' }).click();
  await expect(page).toHaveURL(/\/tournaments\/daily-slots-\d{4}-\d\d-\d\d$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Slots Race' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How it works' })).toContainText('Counts on: Slots.');
  await expect(page.getByRole('region', { name: 'Prizes' })).toContainText('€50 bonus');
  const own = page.getByRole('region', { name: 'Your place' });
  await expect(own).toContainText('Play a real-money spin');

  // A real-money spin in another tab: the tournament page (not reloaded) gets the player's place.
  const play = await context.newPage();
  await play.goto(`/games/${game.identity}`);
  await expect(play.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const frame = play.frameLocator(`iframe[title="${game.name} — game"]`);
  const spin = frame.getByRole('button', { name: /^Spin/ });
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  const result = frame.locator('.result-text');
  await expect(async () => {
    if (await spin.isEnabled()) await spin.click();
    await expect(result).toHaveText(/You won|No win|free spins/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  // The game page says which tournament this slot counts in.
  await expect(play.getByRole('region', { name: 'This game counts in' })).toContainText('Daily Slots Race');
  await play.close();

  await expect(page.getByTestId('own-place')).toHaveText(/^#\d+$/, { timeout: 10_000 });
  const board = page.getByRole('region', { name: 'Leaderboard' });
  const place = Number((await page.getByTestId('own-place').textContent())!.slice(1));
  // The board names no one in full and carries no ids: the player's own row says "You".
  const mine = board.locator('tr[aria-current="true"]');
  if (place <= 10) await expect(mine.getByRole('cell').nth(1)).toHaveText('You');
  // A prize place names the same player as the leaderboard, though only the board was pushed.
  if (place <= 3) {
    const prize = page
      .getByRole('region', { name: 'Prizes' })
      .getByRole('listitem')
      .nth(place - 1);
    await expect(prize).toContainText('You');
  }

  for (const size of [PHONE, DESKTOP]) await shotAt(page, 'view', size, true);
});

test('a guest sees the tournament rules and prizes, and the bare /tournaments leads home', async ({ page }) => {
  await page.goto('/tournaments');
  await expect(page).toHaveURL(/\/$/);
  const section = page.getByRole('region', { name: 'Tournaments' });
  await section.getByRole('link', { name: 'View tournament: Daily Slots Race' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Slots Race' })).toBeVisible();
  await expect(page.getByText('Sign in to see the leaderboard and your place.')).toBeVisible();
  for (const size of [PHONE, DESKTOP]) await shotAt(page, 'guest-view', size, true);
  const missing = await page.request.get('/tournaments/no-such-race');
  expect(missing.status()).toBe(404);
});
