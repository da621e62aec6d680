import fs from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import {
  bearerOf,
  expect,
  opsAt,
  registerByApi,
  shotsAtBothSizes,
  signIn,
  signUpAndSignIn,
  startServer,
  test,
  uniqueEmail,
} from '../fixtures.ts';

/** Odds in thousandths, as the provider's API sends them. */
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
  const server = await startServer({ TRUST_PROXY: '1' });
  const ops = (...args: string[]) => opsAt(server.dataDir, ...args);
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
    // A live basketball game in its first half with a side priced between 1.25 and 5.00: its odds move
    // with every basket, and a few baskets cannot make it decided (the simulation then suspends it for
    // good). A later one, and any pre-match event.
    const pickable = (e: SportEvent) =>
      e.main?.outcomes.find((o) => !o.suspended && o.odds >= 1_250 && o.odds <= 5_000);
    let live: SportEvent | undefined;
    for (let i = 0; i < 8 && !live; i++) {
      live = (await events()).find(
        (e) => e.sport === 'basketball' && e.status === 'live' && /^Q[12]$/.test(e.clock ?? '') && !!pickable(e),
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
    const side = pickable(live!)!;
    const liveOutcome = async () =>
      (await events()).find((e) => e.id === live!.id)?.main?.outcomes.find((o) => o.id === side.id);
    const picked = await liveOutcome();
    await odds(frame, live!, side).click();
    await odds(frame, later).click();
    await expect(frame.getByText('Accumulator', { exact: true })).toBeVisible();
    await frame.getByLabel('Stake (EUR)').fill('2');
    const changed = frame.getByText('The odds changed');
    const accept = frame.getByRole('button', { name: /^Accept new odds/ });
    // The game clock moves two minutes at a time until a basket moves the odds (outside a break, where
    // they are suspended); once they moved, the slip's poll is awaited: moving the clock on would only
    // bring the game nearer its end (a loaded machine's slow poll once let it end, the bet with it).
    await expect(async () => {
      const now = await liveOutcome();
      if (!now || now.suspended || now.odds === picked?.odds) await ops('sportsbook', 'clock', '--advance', '2');
      await expect(changed).toBeVisible({ timeout: 8_000 });
      await expect(accept).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
    await expect(frame.getByRole('button', { name: /^Place bet/ })).toHaveCount(0);
    await shotsAtBothSizes(page, 'sportsbook-odds-changed');
    await accept.click();
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
    // Each round: confirm while the dialog is open, then give it time to close. Waiting for "The price
    // changed" instead raced: the text of the previous change was still there when the confirmation
    // had already gone through, and the next click then waited for a button that never came back.
    const dialog = frame.getByRole('dialog');
    for (let i = 0; i < 4 && (await dialog.count()) > 0; i++) {
      await dialog
        .getByRole('button', { name: 'Confirm' })
        .click({ timeout: 10_000 })
        .catch(() => {}); // closed meanwhile: the confirmation went through
      await dialog.waitFor({ state: 'detached', timeout: 8_000 }).catch(() => {}); // else: a new price to confirm
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

    // A restricted event: the launch tells the client, which shows it not available, with no odds to pick.
    const target = (await events()).find((e) => e.status === 'scheduled' && open(e))!;
    await ops('sportsbook', 'restrict', '*', 'event', target.id);
    await page.goto(`/betting?setIframePath=${encodeURIComponent(`/events/${target.id}`)}`);
    await expect(frame.locator('.na-notice')).toHaveText('Bets on this event are not available in your country.');
    await expect(frame.locator('[data-focus-key^="odd:"]')).toHaveCount(0);
    await shotsAtBothSizes(page, 'sportsbook-restricted');
    await context.close();
  } finally {
    await server.stop();
  }
});

/**
 * A new player with €100 on the shared server, the operator's maximums set to €20 a ticket and €30 an
 * event, and one open pre-match event restricted everywhere; `cleanUp` puts the rules back. Operator
 * commands go to the server's ops route as the CLI sends them (a CLI process each costs seconds).
 */
async function cappedPlayer(page: Page, prefix: string) {
  const endpoint = JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'ops-endpoint.json'), 'utf8')) as {
    url: string;
    secret: string;
  };
  const operator = async (route: string, body: Record<string, unknown>) => {
    const answer = await page.request.post(`${endpoint.url}/api/admin/commands/${route}`, {
      headers: { 'x-ops-secret': endpoint.secret },
      data: body,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { data: { message?: string } }).data.message ?? '';
  };
  const risk = (body: Record<string, unknown>) => operator('sportsbook-risk', body);
  const email = await signUpAndSignIn(page, prefix);
  await operator('credit', { email, amount: '100', currency: 'EUR' });
  const events = (await (await page.request.get('/sandbox/sportsbook/api/events')).json()) as SportEvent[];
  const open = (e: SportEvent) =>
    e.status === 'scheduled' && e.main !== null && e.main.outcomes.every((o) => !o.suspended);
  const [target, restricted] = events.filter(open);
  expect(target && restricted, 'two open pre-match events').toBeTruthy();
  expect(await risk({ action: 'limits-set', maxBet: '20', maxEvent: '30' })).toContain('at most 20.00 EUR per ticket');
  // A run stopped before its clean-up may have left either restricted.
  await risk({ action: 'unrestrict', country: '*', kind: 'event', ref: target!.id });
  expect(await risk({ action: 'restrict', country: '*', kind: 'event', ref: restricted!.id })).toMatch(
    /from now on|already restricted/,
  );
  return {
    target: target!,
    restricted: restricted!,
    async cleanUp() {
      await risk({ action: 'unrestrict', country: '*', kind: 'event', ref: restricted!.id });
      await risk({ action: 'limits-set', maxBet: '500', maxEvent: '1000' });
    },
  };
}

test('the slip says the maximum before a bet, a refusal offers to lower the stake, a restricted event is not available', async ({
  page,
}) => {
  const { target, restricted, cleanUp } = await cappedPlayer(page, 'sportsmax');
  try {
    await expect(page.getByTestId('header-balance')).toContainText('100.00');
    await page.goto(`/betting?setIframePath=${encodeURIComponent(`/events/${target.id}`)}`);
    const frame = page.frameLocator('iframe[title="Sportsbook"]');
    await odds(frame, target).click();
    // The maximum beside the stake before any bet; no quick stake above it (the sandbox offers up to €50).
    await expect(frame.locator('.stake-max')).toHaveText('Max €20.00');
    const chips = frame.locator('.presets .chip');
    await expect(chips.last()).toHaveText('€20.00');
    await expect(chips.filter({ hasText: '€50.00' })).toHaveCount(0);
    await shotsWithSlip(page, 'sportsbook-max-en');

    // €20 on the event, then €20 more: the casino leaves €10 on it, and the slip offers exactly that.
    await frame.getByLabel('Stake (EUR)').fill('20');
    await frame.getByRole('button', { name: /^Place bet/ }).click();
    await expect(frame.locator('.placed-title')).toContainText('Bet placed', { timeout: 15_000 });
    await frame.getByRole('button', { name: 'Done' }).click();
    await odds(frame, target, target.main!.outcomes[1]).click();
    await frame.getByLabel('Stake (EUR)').fill('20');
    await frame.getByRole('button', { name: /^Place bet/ }).click();
    // The page also says it (the casino's push) in its own dialog.
    const modal = page.getByRole('dialog', { name: 'Maximum stake' });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await modal.getByRole('button', { name: 'Got it' }).click();
    await expect(frame.locator('.slip-error')).toHaveText(
      'Your open bets on this event leave room for at most €10.00 more.',
    );
    await shotsWithSlip(page, 'sportsbook-max-refused-en');
    await frame.getByRole('button', { name: 'Lower stake to €10.00' }).click();
    await expect(frame.getByLabel('Stake (EUR)')).toHaveValue('10');
    await frame.getByRole('button', { name: /^Place bet/ }).click();
    await expect(frame.locator('.placed-title')).toContainText('Bet placed', { timeout: 15_000 });
    await expect(page.getByTestId('header-balance')).toContainText('70.00');

    // The restricted event: not available, no odds to pick.
    await page.goto(`/betting?setIframePath=${encodeURIComponent(`/events/${restricted.id}`)}`);
    await expect(frame.locator('.na-notice')).toHaveText('Bets on this event are not available in your country.');
    await expect(frame.locator('[data-focus-key^="odd:"]')).toHaveCount(0);
    await shotsWithSlip(page, 'sportsbook-restricted-en');
    // And in its sport's list: the row says so instead of offering odds.
    await page.goto(`/betting?setIframePath=${encodeURIComponent(`/sports/${restricted.sport}`)}`);
    const row = frame.locator(`article.ev:has(a[data-path="/events/${restricted.id}"])`);
    await expect(row).toContainText('Not available');
    await expect(row.locator('[data-focus-key^="odd:"]')).toHaveCount(0);
    await row.scrollIntoViewIfNeeded();
    await shotsWithSlip(page, 'sportsbook-restricted-row-en');
  } finally {
    await cleanUp();
  }
});

test('the sportsbook speaks German and Brazilian Portuguese: the maximum, the sports, a restricted event', async ({
  page,
}) => {
  const { target, restricted, cleanUp } = await cappedPlayer(page, 'sportslocale');
  try {
    // The frame's title is the page's language's (Sportwetten, Apostas esportivas).
    const frame = page.frameLocator('main iframe');
    for (const [locale, stake, max, notAvailable, sports] of [
      [
        'de',
        'Einsatz (EUR)',
        /^Max\. 20,00\s€$/,
        'Wetten auf dieses Event sind in deinem Land nicht verfügbar.',
        'Fußball',
      ],
      [
        'pt-br',
        'Valor (EUR)',
        /^Máx\. €\s?20,00$/,
        'Apostas neste evento não estão disponíveis no seu país.',
        'Futebol',
      ],
    ] as const) {
      await page.goto(`/${locale}/betting?setIframePath=${encodeURIComponent(`/events/${target.id}`)}`);
      await frame.locator(`[data-focus-key^="odd:${target.id}|"]`).first().click();
      await expect(frame.locator('.stake-max')).toHaveText(max);
      await expect(frame.getByLabel(stake)).toBeVisible();
      // The odds in the page's numbers, like the money beside them.
      await expect(frame.locator('.slip-summary dd').first()).toHaveText(/^\d+,\d{2,3}$/);
      await expect(frame.locator('.sports-nav')).toContainText(sports);
      await expect(frame.locator('.sports-nav')).not.toContainText('Football');
      await shotsWithSlip(page, `sportsbook-max-${locale}`);
      await page.goto(`/${locale}/betting?setIframePath=${encodeURIComponent(`/events/${restricted.id}`)}`);
      await expect(frame.locator('.na-notice')).toHaveText(notAvailable);
      await shotsWithSlip(page, `sportsbook-restricted-${locale}`);
    }
  } finally {
    await cleanUp();
  }
});

/**
 * Screenshots at phone and desktop size with the slip in view: on a phone it is a bottom sheet, opened
 * for the picture when it holds a pick (`/tmp/shots/<name>-phone|desktop.png`); ends at desktop.
 */
async function shotsWithSlip(page: Page, name: string) {
  const frame = page.frameLocator('main iframe');
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = frame.locator('.slip.has-items .slip-bar');
  if (await bar.isVisible()) {
    await bar.click();
    await expect(frame.locator('.slip.expanded')).toBeVisible();
  }
  await page.screenshot({ path: `/tmp/shots/${name}-phone.png` });
  if (await frame.locator('.slip.expanded').isVisible()) await frame.locator('.sheet-close').click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(frame.locator('.slip.expanded')).toHaveCount(0);
  await page.screenshot({ path: `/tmp/shots/${name}-desktop.png` });
}
