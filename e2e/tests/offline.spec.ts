import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  expect,
  expectShown,
  registerByApi,
  shotsAtBothSizes,
  signIn,
  startServer,
  test,
  uniqueEmail,
} from '../fixtures.ts';

const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** Waits until the service worker (/sw.js) controls the page: from then on a page load without network gets the offline page. */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.scriptURL.endsWith('/sw.js'), null, {
    timeout: 15_000,
  });
}

/** The paths in the service worker's caches. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

test('without network a page load shows the offline page; the session is kept and the site comes back by itself', async ({
  page,
  context,
}) => {
  test.slow(); // waits for the worker, and for the page's own retry
  await page.goto('/');
  // The worker's first install says so, briefly.
  await expectShown(page, 'Ready to work offline', 30_000);
  await controlledByServiceWorker(page);
  const email = uniqueEmail('offline');
  await registerByApi(page, email);
  await signIn(page, email);
  // A player's header: the deposit button where a guest has "Sign in".
  const signedIn = page.getByRole('banner').getByRole('button', { name: 'Deposit' });
  await expect(signedIn).toBeVisible();
  await page.goto('/categories/slots');
  await expect(page.getByTestId('game-card').first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText('You stay signed in')).toBeVisible();
  // The address is the page the player asked for, so coming back loads it.
  expect(new URL(page.url()).pathname).toBe('/categories/slots');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status')).toHaveText('Still offline. We keep trying.');
  await shotsAtBothSizes(page, 'offline-page');
  // Nothing that carries data was kept: the API (money, session), providers and the build manifest pass by.
  const cached = await cachedPaths(page);
  expect(cached).toContain('/offline.html');
  expect(cached.filter((p) => /^\/(api|sandbox|media|builds|connection)\//.test(p))).toEqual([]);

  // Back online: the page retries by itself (no click) and the player is still signed in.
  await context.setOffline(false);
  await expect(page.getByTestId('game-card').first()).toBeVisible({ timeout: 25_000 });
  await expect(signedIn).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/categories/slots');
});

/** A deploy as the server sees it: the build's version changes in the files it serves (compressed copies too). */
function deploy(dir: string, from: string, to: string) {
  for (const file of ['index.html', 'home.html', 'sw.js', 'builds/latest.json']) {
    const target = path.join(dir, file);
    const text = fs.readFileSync(target, 'utf8');
    expect(text, file).toContain(from);
    const next = text.replaceAll(from, to);
    fs.writeFileSync(target, next);
    if (fs.existsSync(`${target}.br`)) fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(next));
    if (fs.existsSync(`${target}.gz`)) fs.writeFileSync(`${target}.gz`, zlib.gzipSync(next));
  }
}

test('a new build is noticed: the prompt waits until the player leaves the game, then reloads into it', async ({
  browser,
}) => {
  test.slow(); // a server of its own, whose build this test replaces
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-web-deploy-'));
  fs.cpSync(webDist, dir, { recursive: true });
  const version = (JSON.parse(fs.readFileSync(path.join(dir, 'builds/latest.json'), 'utf8')) as { version: string })
    .version;
  const server = await startServer({ WEB_DIST: dir });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    // A guest playing a demo is offered to sign up after a while; that dialog is not what this is about.
    await page.addLocatorHandler(page.getByRole('dialog', { name: /^Enjoying/ }), (dialog) =>
      dialog.getByRole('button', { name: 'Keep playing demo' }).click(),
    );
    const games = await page.request.get('/api/game/games?collectionId[]=slots&sortBy=popularity&perPage=20');
    const game = ((await games.json()).data as { identity: string; isDemoMode: boolean }[]).find((g) => g.isDemoMode)!;
    await page.goto(`/games/${game.identity}?real=false`);
    await expect(page.frameLocator('iframe').getByRole('button', { name: /^Spin/ })).toBeVisible({ timeout: 15_000 });
    await controlledByServiceWorker(page);
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', version);

    deploy(dir, version, 'e2e-next-build');
    // The tab comes back into view: it asks the build manifest, and the new worker installs and waits.
    const polled = page.waitForResponse((r) => r.url().endsWith('/builds/latest.json'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await (await polled).json()).toEqual({ version: 'e2e-next-build' });
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    // Mid-game nothing is offered, and the game goes on.
    await page.waitForTimeout(500);
    await expect(prompt).toBeHidden();
    await expect(page.frameLocator('iframe').getByRole('button', { name: /^Spin/ })).toBeVisible();

    await page.getByRole('link', { name: 'Lobby' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    await shotsAtBothSizes(page, 'update-prompt');

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', 'e2e-next-build');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(prompt).toBeHidden();
    // The new build's worker took over (its activation may end after the page loads) and dropped the old build's cache.
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 }).toEqual(['shell-e2e-next-build']);
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
