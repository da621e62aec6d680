import type { APIRequestContext } from '@playwright/test';
import {
  bearerOf,
  expect,
  expectShown,
  followMailedLink,
  paidSpin,
  signUpAndSignIn,
  test,
  shotsAtBothSizes,
} from '../fixtures.ts';

type Game = { id: string; identity: string; name: string; platforms: number[]; isDemoMode: boolean };

/** A slot of the `slots` collection that runs on desktop (the starter quest's bet task counts slots). */
async function slot(request: APIRequestContext): Promise<Game> {
  const response = await request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=50');
  const games = (await response.json()).data as Game[];
  const game = games.find((g) => g.platforms.includes(1) && g.platforms.includes(2));
  expect(game).toBeTruthy();
  return game!;
}

test('a new player starts the starter quest and sees each task tick live, then the quest rewarded', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await signUpAndSignIn(page, 'quests');
  // Real-money play earns loyalty points: a level-up dialog may open above the quest's; it is closed.
  const levelUp = page.getByRole('dialog', { name: 'New level reached' });
  await page.addLocatorHandler(levelUp, async () => {
    await levelUp.getByRole('button', { name: 'Close' }).first().click();
  });

  // The hub from the site's sections (it is in the account menu too): the starter quest is on offer.
  await page.getByRole('navigation', { name: 'Site sections' }).getByRole('button', { name: 'Quests' }).click();
  const hub = page.getByRole('dialog', { name: 'Quests' });
  await expect(hub.getByText('No quest in progress. Pick one under Available.')).toBeVisible();
  await hub.getByRole('tab', { name: 'Available' }).click();
  const offer = hub.getByRole('article', { name: 'Starter quest' });
  await expect(offer).toBeVisible();
  await shotsAtBothSizes(page, 'quests-hub-available');
  await offer.getByRole('button', { name: 'Start quest' }).click();
  await expect(hub.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  const card = hub.getByRole('article', { name: 'Starter quest' });
  await expect(card).toContainText('0 of 4 tasks');
  await shotsAtBothSizes(page, 'quests-hub-active');
  await card.getByRole('button', { name: 'Tasks' }).click();
  const tasks = page.getByRole('dialog', { name: 'Starter quest: tasks' });
  const task = (name: string) => tasks.getByTestId('quest-task').filter({ hasText: name });
  await expect(task('Bet €20 on slots')).toContainText('€0.00 of €20.00');
  await shotsAtBothSizes(page, 'quests-tasks');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Everything else happens in a second tab: this one is never reloaded and follows by push.
  const other = await page.context().newPage();
  await followMailedLink(other, email, 'Confirm your e-mail address');
  await expect(other.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await expect(task('Confirm your e-mail')).toContainText('Done', { timeout: 15_000 });

  const saved = await other.request.put('/api/player/profile', {
    headers: await bearerOf(page),
    data: { firstName: 'Quinn', lastName: 'Quester', city: 'Lisbon' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await expect(task('Fill in your profile')).toContainText('Done', { timeout: 15_000 });

  await other.goto('/?wallet=deposit');
  const wallet = other.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: 'Card' }).check();
  await wallet.getByLabel('Amount (EUR)').fill('50');
  await wallet.getByRole('button', { name: /^Deposit €50/ }).click();
  const pay = wallet.frameLocator('iframe[title="Card payment"]');
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM/YY)').fill('12/39');
  await pay.getByLabel('Security code').fill('123');
  // By keyboard: the quests' toasts of this tab may lie over the frame's button.
  await pay.getByLabel('Security code').press('Enter');
  await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 20_000 });
  await expect(task('Make a deposit')).toContainText('Done', { timeout: 15_000 });

  // Real-money spins at the largest stake up to €10: two or three spins make €20.
  const game = await slot(request);
  await other.goto(`/games/${game.identity}`);
  const frame = other.frameLocator(`iframe[title="${game.name} — game"]`);
  const select = frame.locator('select.bet-select');
  await expect(select).toBeVisible({ timeout: 15_000 });
  const labels = await select.locator('option').allTextContents();
  const values = labels.map((label) => Number(label.replace(/[^\d.]/g, '')));
  const best = values.reduce((at, value, i) => (value <= 10 && value > (values[at] ?? 0) ? i : at), 0);
  await select.selectOption(String(best));
  const betTask = task('Bet €20 on slots');
  const betDone = async () => {
    try {
      await expect(betTask).toContainText('Done', { timeout: 2_000 });
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 12 && !(await betDone()); i++) await paidSpin(frame, { timeout: 15_000 });
  await expect(betTask).toContainText('Done', { timeout: 15_000 });

  // Completed and rewarded: the toast, and the Completed tab.
  await expectShown(page, 'Quest "Starter quest": rewarded');
  await page.goto('/?quests-hub=completed');
  const done = page.getByRole('dialog', { name: 'Quests' }).getByRole('article', { name: 'Starter quest' });
  await expect(done).toContainText('rewarded');
  await expect(done).toContainText('4 of 4 tasks');
  await shotsAtBothSizes(page, 'quests-hub-completed');
  await other.close();
});
