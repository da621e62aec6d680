import { expect, shotsAtBothSizes, startServer, test } from '../fixtures.ts';

// A guest reads the promotions and an offer's full terms before any account exists, in English and
// German; and the sportsbook works on a server started on another port than 3000 without PUBLIC_URL.

test('a guest reads the promotions page and the welcome package’s full terms, in English and German', async ({
  page,
}) => {
  // The home page's welcome offer leads a guest to the offers, not to a sign-up form.
  await page.goto('/');
  await page.getByRole('link', { name: 'See the welcome package' }).click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();

  const first = page.getByRole('article', { name: 'Welcome 1st deposit 100%' });
  await expect(first).toContainText('100 % of your deposit, up to €500.00');
  await expect(first).toContainText('For a deposit of at least €20.00.');
  await first.getByText('Full terms').click();
  // The rules from the definition's data: the demo's welcome step is wagered ×10 within 30 days.
  await expect(first).toContainText('Stake 10× the bonus amount within 30 days of activating it.');
  await expect(first).toContainText('Slots 100 %, Crash 100 %, Dice 50 %, Roulette 10 %; every other game 0 %.');
  await expect(first).toContainText('may not exceed €5.00');
  await expect(first).toContainText('Rounds started before you activated it never count.');
  await expect(first).toContainText('It lapses as soon as money is staked on your account while it waits');
  await expect(page.getByRole('article', { name: 'Welcome 300 free spins' })).toContainText('300 free spins on');
  await expect(page.getByRole('article', { name: 'Weekly cashback' })).toContainText(
    '10 % of each week’s net losses back as a bonus, up to €500.00',
  );
  await shotsAtBothSizes(page, 'promotions-en');

  // The general rules behind the link, as a guest.
  await page.getByRole('link', { name: 'bonus terms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus Terms' })).toBeVisible();
  await expect(page.getByText(/what it won or lost/)).toBeVisible();

  // German: the offers' German names and the terms in German.
  await page.goto('/de/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Aktionen' })).toBeVisible();
  const erste = page.getByRole('article', { name: 'Willkommen: 1. Einzahlung 100 %' });
  await erste.getByText('Alle Bedingungen').click();
  await expect(erste).toContainText(
    'Setze das 10-Fache des Bonusbetrags innerhalb von 30 Tagen nach der Aktivierung ein.',
  );
  await expect(erste).toContainText('Runden, die vor der Aktivierung begonnen haben, zählen nie.');
  await expect(page.getByRole('article', { name: 'Wöchentliches Cashback' })).toBeVisible();
  await shotsAtBothSizes(page, 'promotions-de');
  await page.goto('/pt-br/promotions');
  await expect(page.getByRole('article', { name: 'Boas-vindas: 1º depósito 100%' })).toBeVisible();
  await shotsAtBothSizes(page, 'promotions-pt-br');
});

test('the sportsbook opens on a server started on another port without PUBLIC_URL', async ({ browser }) => {
  // As `PORT=<n> npm start` runs it: no PUBLIC_URL, so it must follow the port the server listens on.
  const server = await startServer({ PUBLIC_URL: undefined });
  try {
    expect(new URL(server.url).port).not.toBe('3000');
    expect(server.startOutput).not.toContain('Warning: PUBLIC_URL');
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const launch = page.waitForResponse((r) => r.url().includes('/api/game/games/sportsbook/play'));
    await page.goto('/betting');
    expect((await launch).status()).toBe(200);
    const frame = page.frameLocator('iframe[title="Sportsbook"]');
    // The provider's client, served from this server's own origin, shows its events.
    await expect(frame.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The sportsbook is not available right now')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
  }
});
