import {
  expect,
  expectShown,
  followMailedLink,
  ops,
  opsAt,
  registerByApi,
  shot,
  signIn,
  signUpAndSignIn,
  startServer,
  test,
  uniqueEmail,
} from '../fixtures.ts';

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

test('a daily deposit limit refuses a larger deposit; raising it waits for the e-mail link and 24 hours', async ({
  page,
}) => {
  test.slow(); // a deposit attempt, the mailbox, screenshots at two sizes
  const email = await signUpAndSignIn(page, 'limits');
  await page.goto('/profile/limits');
  await page.getByRole('button', { name: 'Add deposit limit' }).click();
  const add = page.getByRole('dialog', { name: 'Add deposit limit' });
  await add.getByLabel('Amount').fill('20');
  await add.getByRole('button', { name: 'Save limit' }).click();
  // The spec's words when no currency is chosen.
  await expect(add.getByText('Please, select your currency for new deposit limit')).toBeVisible();
  await add.getByLabel('Currency').selectOption('EUR');
  await add.getByRole('button', { name: 'Save limit' }).click();
  await expect(add).toHaveCount(0);
  const row = page.getByRole('listitem', { name: 'Daily deposit limit' });
  await expect(row).toContainText('€20.00');
  await expect(row).toContainText('Used €0.00 · €20.00 left this period');

  // A deposit above it is refused with the reason; the limit holds.
  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: 'Card' }).check();
  await wallet.getByLabel('Amount (EUR)').fill('30');
  await wallet.getByRole('button', { name: /^Deposit €/ }).click();
  await expect(wallet).toContainText('Your daily deposit limit is reached: you can deposit €20.00 more this period.');

  // Raising it: nothing changes now; the page shows it waiting for the e-mail confirmation.
  await page.goto('/profile/limits');
  await row.getByRole('button', { name: 'Change' }).click();
  const edit = page.getByRole('dialog', { name: 'Change limit' });
  await edit.getByLabel('Amount').fill('100');
  await edit.getByRole('button', { name: 'Save limit' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('€20.00');
  await expect(row).toContainText('Change to €100.00 (Daily) requested. Confirm it with the link');

  await followMailedLink(page, email, 'Confirm your limit change');
  await expect(page).toHaveURL(/\/profile\/limits$/);
  await expectShown(page, 'Limit change confirmed');
  await expect(row).toContainText(/It takes effect on .+ \(in (23 h 5\d|24 h 0) min\)/);
  await expect(row).toContainText('€20.00');
  await shot(page, 'limits-pending-desktop');
  await page.setViewportSize(SIZES[0][1]);
  await page.goto('/profile/limits');
  await expect(row).toContainText('Change to €100.00');
  await shot(page, 'limits-pending-phone');

  // The player can change their mind while it waits.
  await row.getByRole('button', { name: 'Cancel change' }).click();
  await expect(row).not.toContainText('Change to €100.00');
  await expect(row.getByRole('button', { name: 'Change' })).toBeVisible();
});

test('cooling-off signs the player out on two devices at once and sign-in is refused until it ends', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers
  const email = await signUpAndSignIn(page, 'break');
  const laptop = await browser.newContext({ baseURL });
  const other = await laptop.newPage();
  await signIn(other, email);
  await expect(other.getByTestId('header-balance')).toBeVisible();

  await page.goto('/profile/limits');
  await page.getByRole('button', { name: 'Cooling-off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cooling-off' });
  await dialog.getByRole('radio', { name: '1 week' }).check();
  await shot(page, 'cooling-off-desktop');
  await dialog.getByRole('button', { name: 'Start cooling-off' }).click();
  await expect(dialog.getByText('Please confirm that you understand what happens.')).toBeVisible();
  await dialog.getByLabel(/I understand that the break starts now/).check();
  await dialog.getByRole('button', { name: 'Start cooling-off' }).click();
  const done = page.getByRole('dialog', { name: 'Your break has started' });
  await expect(done).toContainText('Your account is closed to play and deposits until');

  // The other device is signed out within moments, without touching it.
  await expect(other.getByRole('dialog', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  await expect(other.getByTestId('header-balance')).toHaveCount(0);

  await done.getByRole('button', { name: 'Close and sign out' }).click();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  const refused = await signIn(page, email);
  await expect(refused).toContainText(/You have taken a break from play until .+\. You can sign in again then/);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await laptop.close();
});

test('a deposit result arrives as a toast and in the bell; an operator message too; read all clears the count', async ({
  page,
}) => {
  test.slow(); // a deposit through the provider's page
  const email = await signUpAndSignIn(page, 'bell');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await page.goto('/?wallet=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('radio', { name: 'Card' }).check();
  await wallet.getByLabel('Amount (EUR)').fill('25');
  await wallet.getByRole('button', { name: /^Deposit €/ }).click();
  const frame = wallet.frameLocator('iframe[title="Card payment"]');
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
  await frame.getByLabel('Security code').fill('123');
  // By keyboard, as a player may: nothing lying over the frame can take the press.
  await frame.getByLabel('Security code').press('Enter');
  await expect(wallet.getByRole('heading', { name: 'Deposit successful' })).toBeVisible({ timeout: 15_000 });
  // The toast (toasts are buttons: a click dismisses one).
  await expectShown(page, /Your €25\.00 deposit is in your balance/);
  await page.keyboard.press('Escape');
  await expect(wallet).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await ops('message', email, 'Weekend tournament', 'Join us on Saturday <script>alert(1)</script>');
  // An operator message shows as a toast with its words as text.
  await expectShown(page, 'Weekend tournament');
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

  await page.keyboard.press('Escape');
  await bell.click();
  const popover = page.getByRole('region', { name: 'Notifications' });
  await expect(popover.getByRole('article')).toHaveCount(2);
  await expect(popover.getByRole('article').first()).toContainText('Join us on Saturday <script>alert(1)</script>');
  await expect(popover.getByRole('article').nth(1)).toContainText('Deposit received');
  await shot(page, 'notifications-popover-desktop');
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await popover.getByRole('link', { name: 'All notifications' }).click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  const list = page.getByRole('main').getByRole('article');
  await expect(list).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete: Weekend tournament' }).click();
  await expect(list).toHaveCount(1);
  await page.setViewportSize(SIZES[0][1]);
  await page.goto('/profile/notifications');
  await shot(page, 'notifications-tab-phone');
});

test('live support: the player writes, the operator answers from the CLI, the answer appears at once', async ({
  page,
}) => {
  const email = await signUpAndSignIn(page, 'support');
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const panel = page.getByRole('region', { name: 'Support 24/7' });
  await panel.getByLabel('Your message').fill('Hello, where can I see my bonus?');
  await panel.getByRole('button', { name: 'Send' }).click();
  // In the conversation, and the field is empty again.
  await expect(panel.getByRole('listitem').getByText('Hello, where can I see my bonus?')).toBeVisible();
  await expect(panel.getByLabel('Your message')).toHaveValue('');

  expect(await ops('support', 'list')).toContain(email);
  await ops('support', 'reply', email, 'Hi! Under Profile, Bonuses.');
  await expect(panel.getByRole('listitem').getByText('Hi! Under Profile, Bonuses.')).toBeVisible();
  await shot(page, 'support-chat-desktop');
  // The conversation is kept.
  await page.reload();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(
    page.getByRole('region', { name: 'Support 24/7' }).getByText('Hi! Under Profile, Bonuses.'),
  ).toBeVisible();
  await page.setViewportSize(SIZES[0][1]);
  await shot(page, 'support-chat-phone');
});

test('a guest writes to support through the contact form in the help centre', async ({ page }) => {
  await page.goto('/questions');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Enter your name')).toBeVisible();
  await form.getByLabel('Name').fill('Guest Player');
  await form.getByLabel('E-mail').fill('guest.contact@example.com');
  await form.getByLabel('Subject').selectOption({ label: 'Deposits and withdrawals' });
  await form.getByLabel('Message').fill('I would like to know which cards you accept.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! We received your message')).toBeVisible();
  expect(await ops('support', 'list')).toContain('guest.contact@example.com  [payments]  I would like to know');
});

test('the reality check interrupts real-money play at the configured interval', async ({ browser }) => {
  test.slow(); // its own server, with reminders every 6 seconds
  const server = await startServer({ TRUST_PROXY: '1', REALITY_CHECK_MINUTES: '0.1' });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const email = uniqueEmail('reality');
    await page.goto('/');
    await registerByApi(page, email);
    await opsAt(server.dataDir, 'credit', email, '50', 'EUR');
    await signIn(page, email);
    await expect(page.getByTestId('header-balance')).toContainText('50.00');

    const games = (
      await (await page.request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=20')).json()
    ).data as { identity: string; name: string }[];
    const game = games[0]!;
    await page.goto(`/games/${game.identity}`);
    await expect(page.getByRole('button', { name: 'Real money', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // One spin of €1.00, then the reminder (every 6 seconds on this server).
    const frame = page.frameLocator(`iframe[title="${game.name} — game"]`);
    const spin = frame.getByRole('button', { name: /^Spin/ });
    await expect(spin).toBeEnabled({ timeout: 15_000 });
    await spin.press('Enter');
    await expect(frame.locator('.result-text')).toHaveText(/You won|No win|free spins/, { timeout: 15_000 });
    const check = page.getByRole('dialog', { name: 'Reality check' });
    await expect(check).toBeVisible({ timeout: 15_000 });
    await expect(check).toContainText('You have been playing for 1 min');
    // On a slow machine the first reminder can come before the spin (its figures are those of that
    // moment); the next one, an interval later, has it.
    if (!/Staked€1\.00/.test((await check.textContent()) ?? '')) {
      await check.getByRole('button', { name: 'Keep playing' }).click();
      await expect(check).toHaveCount(0);
      await expect(check).toBeVisible({ timeout: 15_000 });
    }
    await expect(check).toContainText(/Staked€1\.00/);
    await expect(check).toContainText('Net result');
    await shot(page, 'reality-check-desktop');
    await check.getByRole('button', { name: 'Keep playing' }).click();
    await expect(check).toHaveCount(0);
    // It comes back after the next interval; "stop" leaves the game.
    await expect(check).toBeVisible({ timeout: 15_000 });
    await check.getByRole('button', { name: 'Stop playing' }).click();
    await expect(page).not.toHaveURL(/\/games\//);
    await context.close();
  } finally {
    await server.stop();
  }
});
