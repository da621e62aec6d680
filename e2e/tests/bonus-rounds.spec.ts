import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, ops, shot, signUpAndSignIn, test } from '../fixtures.ts';

/** An operator's bonus definition (a unique name), created through the ops CLI and issued to `email`. */
async function issueBonus(email: string, label: string, rule: Record<string, unknown>): Promise<string> {
  const name = `${label} ${Math.random().toString(36).slice(2, 7)}`;
  const file = path.join(os.tmpdir(), `bonus-${name.replaceAll(' ', '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, contributions: { crash: 100 }, ...rule }));
  await ops('bonus', 'create', file);
  fs.rmSync(file);
  await ops('bonus', 'issue', email, name, 'EUR');
  return name;
}

async function crashGame(request: APIRequestContext): Promise<{ identity: string; name: string }> {
  const response = await request.get('/api/game/games?collectionId[]=crash&perPage=50');
  const games = (await response.json()).data as { identity: string; name: string; platforms: number[] }[];
  return games.find((g) => g.platforms.includes(2))!;
}

/** Activates `name` on the bonuses page (no other bonus active). */
async function activate(page: Page, name: string) {
  await page.getByRole('button', { name: `Activate ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Activate ${name}?` })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
}

/** The crash game's one action button: "Bet" between rounds, "Cash out" while one runs. */
const action = (frame: FrameLocator) => frame.locator('button.crash-action');

test('a player switches bonuses while a round of the first is open: its win pays the second nothing, live in another tab', async ({
  page,
  context,
  request,
}) => {
  test.slow(); // rounds keep the game's minimum time apart; a crash may come before the switch (then again)
  const email = await signUpAndSignIn(page, 'hopper');
  const game = await crashGame(request);
  const bonuses = await context.newPage();
  await bonuses.goto('/bonuses');

  // The switch must land while a round of the first bonus runs: the replace dialog is opened first, the
  // round started, then the switch confirmed. A crash can still come first (about one round in twenty
  // within the half second that takes), so the attempt is then made again with a fresh pair of bonuses.
  let first = '';
  let second = '';
  let frame!: FrameLocator;
  for (let attempt = 1; ; attempt++) {
    first = await issueBonus(email, 'Welcome', { amounts: { EUR: 2_000 }, wagerMultiplier: 10 });
    second = await issueBonus(email, 'Quest reward', { amounts: { EUR: 500 }, wagerMultiplier: 5 });
    await bonuses.bringToFront();
    await bonuses.reload();
    if (attempt === 1) await activate(bonuses, first);
    else {
      await bonuses.getByRole('button', { name: `Activate ${first}` }).click();
      await bonuses.getByRole('button', { name: /^Cancel .* and activate / }).click();
    }
    await expect(bonuses.getByText('€0.00 of €200.00 wagered')).toBeVisible();
    await bonuses.getByRole('button', { name: `Activate ${second}` }).click();
    const replace = bonuses.getByRole('dialog', { name: 'Replace your active bonus?' });
    await expect(replace).toContainText(`activating ${second} cancels ${first}`);

    // Each tab is brought to the front before it is used, as a player switches tabs (Chromium does not
    // hand a tab behind another, whose dialog is open, the mouse).
    await page.bringToFront();
    if (attempt === 1) {
      await page.goto(`/games/${game.identity}`);
      frame = page.frameLocator(`iframe[title="${game.name} — game"]`);
    }
    await expect(action(frame)).toHaveText(/^Bet/, { timeout: 45_000 });
    await expect(action(frame)).toBeEnabled({ timeout: 15_000 });
    await action(frame).click();
    const started = await expect(action(frame))
      .toHaveText(/^Cash out/, { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    await bonuses.bringToFront();
    await replace.getByRole('button', { name: `Cancel ${first} and activate ${second}` }).click();
    await expect(replace).toHaveCount(0);
    // Still running after the switch: the round of the first bonus is open. Cashed out at once (it wins).
    await page.bringToFront();
    if (started && ((await action(frame).textContent()) ?? '').startsWith('Cash out')) {
      await action(frame).click();
      const result = frame.getByText(/^(Cashed out at|Crashed at)/);
      await expect(result).toBeVisible({ timeout: 15_000 });
      if (((await result.textContent()) ?? '').startsWith('Cashed out at')) break;
    }
    expect(attempt, 'the round crashed before the switch in every attempt').toBeLessThan(5);
  }

  // The first bonus ended with the switch; its round won after that, but all of its stake was the first
  // bonus's money, so the win's bonus share is forfeited: the second bonus gets none of it, nor its wagering.
  await expect(bonuses.getByTestId('header-bonus-balance')).toContainText('€5.00');
  await expect(bonuses.getByText('€0.00 of €25.00 wagered')).toBeVisible();
  await expect(bonuses.getByTestId('header-balance')).toHaveText('€0.00'); // real money: none came of the win
  await bonuses.evaluate(() => window.scrollTo(0, 0));
  await shot(bonuses, 'bonus-switch-second-tab');

  // A round of the second bonus counts toward it, and the other tab follows without a reload.
  await page.bringToFront();
  await expect(action(frame)).toBeEnabled({ timeout: 15_000 });
  await action(frame).click();
  // Cashed out at once if it has not crashed already: either way the €1 stake is settled.
  await action(frame)
    .filter({ hasText: /^Cash out/ })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(action(frame)).toHaveText(/^Bet/, { timeout: 15_000 });
  await bonuses.bringToFront();
  await expect(bonuses.getByText('€1.00 of €25.00 wagered')).toBeVisible({ timeout: 15_000 });
});
