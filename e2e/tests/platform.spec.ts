import { expect, test } from '../fixtures.ts';

test('pages load without console errors or CSP violations, with security headers', async ({ page }) => {
  test.slow(); // five pages and a game
  const problems: string[] = [];
  page.on('console', (message) => {
    // Warnings count too: Chrome warns of headers that contradict each other (Origin-Agent-Cluster).
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // A refused `eval` that the code catches is no console error, but it is still a violation.
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `CSP ${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await page.goto('/categories/slots');
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await page.goto('/de/profile');
  await page.goto('/pt-br/');
  await expect(page.getByRole('main')).toBeVisible();
  // The game page and the provider's page in its sandboxed frame.
  const games = await page.request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=20');
  const game = ((await games.json()).data as { identity: string; isDemoMode: boolean }[]).find((g) => g.isDemoMode)!;
  // The visitor chose Portuguese above (/pt-br/), so the game speaks it too.
  await page.goto(`/games/${game.identity}?real=false`);
  await expect(page).toHaveURL(/\/pt-br\/games\//);
  await expect(page.frameLocator('iframe').getByRole('button', { name: /^Girar/ })).toBeVisible({ timeout: 15_000 });
  expect(problems).toEqual([]);
});

test('the theme toggle switches to light and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the OpenAPI reference is served at /api/docs', async ({ page, request }) => {
  const spec = await request.get('/api/docs/json');
  expect(spec.ok()).toBe(true);
  const doc = await spec.json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/player/register', '/api/wallet/accounts', '/api/settings/currencies']),
  );
  expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/ops'))).toBe(false);
  await page.goto('/api/docs');
  await expect(page.getByText('Casino platform API').first()).toBeVisible();
});

test('a stag affiliate tag becomes a cookie and leaves the URL', async ({ page }) => {
  await page.goto('/?stag=partner-42');
  await expect(page).not.toHaveURL(/stag=/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'stag');
  expect(cookie?.value).toBe('partner-42');
});

test('the home page arrives painted: its first screen shows before any script runs, then the app takes over', async ({
  browser,
  baseURL,
  page,
}) => {
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.getByRole('banner').getByText('Search games')).toBeVisible();
  await expect(bare.getByRole('main').getByRole('heading').first()).toBeVisible();
  // Other paths are the plain SPA shell: only `/` is prerendered.
  await bare.goto('/categories/slots');
  await expect(bare.getByRole('banner')).toHaveCount(0);
  await noScript.close();

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Search games' }).click();
  await expect(page.getByRole('dialog', { name: 'Search games' })).toBeVisible();
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  // The app's script is asked for only once the first screen has been painted.
  const timing = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    script: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))
      ?.startTime,
  }));
  expect(timing.script).toBeGreaterThan(timing.painted);
});
