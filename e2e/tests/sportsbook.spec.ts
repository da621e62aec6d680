import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FrameLocator } from '@playwright/test';
import { runServer } from '../../scripts/run-server.mjs';
import { bearerOf, expect, registerByApi, signIn, test, uniqueEmail, shotsAtBothSizes } from '../fixtures.ts';

type Outcome = { id: string; name: string; odds: number; suspended: boolean };
type SportEvent = {
  id: string;
  sport: string;
  home: string;
  away: string;
  status: string;
  clock: string | null;
  main: { id: string; name: string; outcomes: Outcome[] } | null;
};

const root = path.resolve(import.meta.dirname, '../..');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The odds button of an event's main-market outcome in the sportsbook's frame. Found by its name
 * and pinned to the event by its focus key: two fixtures can pair the same teams. */
const odds = (frame: FrameLocator, event: SportEvent, outcome = event.main!.outcomes[0]!) =>
  frame
    .getByRole('button', {
      name: new RegExp(`^${escape(`${event.home} – ${event.away}, ${event.main!.name}: ${outcome.name} `)}`),
    })
    .and(frame.locator(`[data-focus-key^="odd:${event.id}|"]`));

test('a new player deposits, bets a single and an accumulator re-confirmed at new odds, cashes out, and follows the settlement live', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // A server of its own: the test moves the sportsbook's clock.
  const server = await runServer({ TRUST_PROXY: '1' });
  const ops = async (...args: string[]) =>
    (
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: server.dataDir },
      })
    ).stdout;
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const email = uniqueEmail('sports');
    await page.goto('/');
    await registerByApi(page, email);
    await signIn(page, email);
    const balance = page.getByTestId('header-balance');
    await expect(balance).toContainText('0.00');

    // A deposit by card.
    await page.goto('/?wallet=deposit');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByRole('radio', { name: 'Card' }).check();
    await wallet.getByLabel('Amount (EUR)').fill('50');
    await wallet.getByRole('button', { name: /^Deposit €50/ }).click();
    const pay = wallet.frameLocator('iframe[title="Card payment"]');
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry (MM/YY)').fill('12/39');
    await pay.getByLabel('Security code').fill('123');
    // Sent by Enter from the last field, as a player may: no pointer aimed at a frame that is still settling.
    await pay.getByLabel('Security code').press('Enter');
    await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 20_000 });
    await expect(balance).toContainText('50.00');

    const events = async () =>
      (await (await page.request.get('/sandbox/sportsbook/api/events')).json()) as SportEvent[];
    const open = (e: SportEvent) => e.main !== null && e.main.outcomes.every((o) => !o.suspended);
    // A live basketball game in its first three quarters (its odds move with every basket, not in a
    // break), a later one, and any pre-match event.
    let live: SportEvent | undefined;
    for (let i = 0; i < 8 && !live; i++) {
      live = (await events()).find(
        (e) => e.sport === 'basketball' && e.status === 'live' && /^Q[1-3]$/.test(e.clock ?? '') && open(e),
      );
      if (!live) await ops('sportsbook', 'clock', '--advance', '10');
    }
    expect(live, 'a live basketball game').toBeTruthy();
    const all = await events();
    const single = all.find((e) => e.status === 'scheduled' && open(e) && e.sport !== 'basketball')!;
    const later = all.find((e) => e.sport === 'basketball' && e.status === 'scheduled' && open(e))!;

    // A single, from the event's page (the page's ?setIframePath= opens it in the frame).
    await page.goto(`/betting?setIframePath=${encodeURIComponent(`/events/${single.id}`)}`);
    const frame = page.frameLocator('iframe[title="Sportsbook"]');
    await odds(frame, single).click();
    await frame.getByLabel('Stake (EUR)').fill('5');
    await frame.getByRole('button', { name: /^Place bet/ }).click();
    await expect(frame.locator('.placed-title')).toContainText('Bet placed', { timeout: 15_000 });
    await expect(balance).toContainText('45.00');
    await frame.getByRole('button', { name: 'Done' }).click();

    // An accumulator of the live game and a later one; the live odds move before it is placed.
    await page.goto(`/betting?setIframePath=${encodeURIComponent('/sports/basketball')}`);
    await expect(page).toHaveURL(/setIframePath=%2Fsports%2Fbasketball/);
    await odds(frame, live!).click();
    await odds(frame, later).click();
    await expect(frame.getByText('Accumulator', { exact: true })).toBeVisible();
    await frame.getByLabel('Stake (EUR)').fill('2');
    const changed = frame.getByText('The odds changed');
    for (let i = 0; i < 4 && !(await changed.isVisible()); i++) {
      await ops('sportsbook', 'clock', '--advance', '2');
      await changed.waitFor({ timeout: 8_000 }).catch(() => {});
    }
    await expect(changed).toBeVisible();
    await expect(frame.getByRole('button', { name: /^Place bet/ })).toHaveCount(0);
    await shotsAtBothSizes(page, 'sportsbook-odds-changed');
    await frame.getByRole('button', { name: /^Accept new odds/ }).click();
    await expect(frame.locator('.placed-title')).toContainText('Bet placed', { timeout: 15_000 });
    await expect(balance).toContainText('43.00');

    // My bets: both open; the newest (the accumulator) is cashed out at the offered price.
    await frame.getByRole('button', { name: 'View my bets' }).click();
    await expect(page).toHaveURL(/setIframePath=%2Fmy-bets/);
    const cashOut = frame.getByRole('button', { name: /^Cash out €/ }).first();
    await expect(cashOut).toBeVisible({ timeout: 15_000 });
    await shotsAtBothSizes(page, 'sportsbook-my-bets');
    await cashOut.click();
    // The game is live, so the price may move before the confirmation lands: then the dialog shows the
    // new price and the player confirms again.
    const dialog = frame.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const next = await Promise.race([
        dialog.waitFor({ state: 'detached', timeout: 15_000 }).then(() => 'done'),
        dialog
          .getByText(/The price changed/)
          .waitFor({ timeout: 15_000 })
          .then(() => 'changed'),
      ]).catch(() => 'neither');
      if (next !== 'changed') break;
    }
    await expect(dialog).toHaveCount(0);
    await frame.getByRole('tab', { name: 'Settled' }).click();
    await expect(frame.locator('.ticket').first()).toContainText('Cashed out');
    await expect(balance).not.toContainText('43.00');

    // The bets tab of the history, in a second tab that is never reloaded.
    const history = await context.newPage();
    await history.goto('/profile/history?tab=bets&settled=true');
    const tickets = history.getByRole('main');
    await expect(tickets).toContainText('Cashed out', { timeout: 15_000 });
    await expect(tickets).toContainText('Accumulator · 2 selections');
    await expect(tickets).not.toContainText('Single');

    // The event ends: the provider settles the single by its result; the tab and the balance follow.
    await ops('sportsbook', 'clock', '--advance', '400');
    await expect(tickets).toContainText('Single', { timeout: 30_000 });
    await expect(tickets).toContainText(/Won|Lost/);
    const accounts = (await (
      await history.request.get('/api/wallet/accounts', { headers: await bearerOf(history) })
    ).json()) as { data: { currency: string; balance: number }[] };
    const eur = accounts.data.find((a) => a.currency === 'EUR')!;
    await expect(balance).toContainText(eur.balance.toFixed(2));
    await history.setViewportSize({ width: 390, height: 844 });
    await history.screenshot({ path: '/tmp/shots/sportsbook-history-phone.png', fullPage: true });
    await history.close();

    // A restricted event: the casino refuses the bet and the betting page says why.
    const target = (await events()).find((e) => e.status === 'scheduled' && open(e))!;
    await ops('sportsbook', 'restrict', '*', 'event', target.id);
    await page.goto(`/betting?setIframePath=${encodeURIComponent(`/events/${target.id}`)}`);
    await odds(frame, target).click();
    await frame.getByLabel('Stake (EUR)').fill('1');
    await frame.getByRole('button', { name: /^Place bet/ }).click();
    const restricted = page.getByRole('dialog', { name: 'Bets restricted' });
    await expect(restricted).toBeVisible({ timeout: 15_000 });
    await shotsAtBothSizes(page, 'sportsbook-restricted');
    await context.close();
  } finally {
    await server.stop();
  }
});
