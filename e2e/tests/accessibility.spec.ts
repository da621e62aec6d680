import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, ops, signUpAndSignIn, stillScreen, test } from '../fixtures.ts';

/**
 * axe on every route and the main dialogs, as a guest and as a player, in the dark and the light
 * theme: no serious or critical violation anywhere. Each finding names the page, the rule and the
 * first elements it points at, so a failure says what to fix.
 */
const guestPages = [
  '/',
  '/betting',
  '/categories/slots',
  '/providers',
  'GAME',
  '/static/terms',
  '/questions',
  '/questions/wagering',
  '/bonus/welcome',
  '/bonuses',
  '/promotions',
  '/loyalty',
  '/loyalty?loyalty-earn',
  '/no-such-page',
  '/?sign-in',
  '/?sign-up',
  '/?search',
  '/?categories',
  // Last: a visit to a German page makes German the remembered language of the pages after it.
  '/de',
  '/de/questions',
];
const playerPages = [
  '/',
  '/loyalty',
  '/favorites',
  '/recently-played',
  '/profile/info',
  '/profile/limits',
  '/profile/wallet',
  '/profile/bonuses',
  '/profile/history',
  '/profile/history?tab=transactions',
  '/profile/history?tab=bets',
  '/betting',
  '/profile/security',
  '/profile/verification',
  '/profile/notifications',
  '/?wallet',
  '/?wallet=deposit',
  '/?wallet=withdraw',
];

type Finding = { page: string; rule: string; impact: string; help: string; targets: string[] };

async function audit(page: Page, path: string, label: string): Promise<Finding[]> {
  await page.goto(path);
  await page.locator('#preloader').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  // A dialog's open transition: axe must see it at full opacity.
  await stillScreen(page);
  return auditCurrent(page, `${label} ${path}`);
}

/** axe on the page as it is now. */
async function auditCurrent(page: Page, label: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // The game runs in a sandboxed frame of its own origin (its page is checked by itself below).
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    }));
}

/** The most popular demo game of a collection, as a visitor would open it. */
async function gameOf(page: Page, collection: string) {
  const response = await page.request.get(`/api/game/games?collectionId[]=${collection}&sortBy=popularity&perPage=20`);
  const games = (await response.json()).data as { identity: string; isDemoMode: boolean }[];
  return games.find((g) => g.isDemoMode)!.identity;
}

async function auditAll(page: Page, paths: string[], label: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    const url = path === 'GAME' ? `/games/${await gameOf(page, 'slots')}` : path;
    findings.push(...(await audit(page, url, label)));
  }
  return findings;
}

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.addInitScript((value) => localStorage.setItem('color-scheme', value), theme);

/** The light theme on one page of each kind (its own colours; the layout is the same). */
const lightGuestPages = ['/', 'GAME', '/static/terms', '/?sign-up', '/no-such-page'];
const lightPlayerPages = ['/?wallet', '/?wallet=deposit', '/profile/history'];

// The audits are independent and long: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

test('axe: no serious or critical violation on any guest page', async ({ page }) => {
  test.setTimeout(600_000);
  const findings = await auditAll(page, guestPages, 'guest dark');
  await page.context().clearCookies();
  await setTheme(page, 'light');
  findings.push(...(await auditAll(page, lightGuestPages, 'guest light')));
  expect(findings).toEqual([]);
});

test('axe: no serious or critical violation on any player page', async ({ page }) => {
  test.setTimeout(300_000);
  const email = await signUpAndSignIn(page, 'axe');
  // An unread message: every player page is checked with the bell's badge on it.
  await ops('message', email, 'Welcome', 'A message for the bell.');
  await expect(page.getByTestId('unread-badge')).toBeVisible();
  const findings = await auditAll(page, playerPages, 'player dark');
  await setTheme(page, 'light');
  findings.push(...(await auditAll(page, lightPlayerPages, 'player light')));
  expect(findings).toEqual([]);
});

test('axe: the sandbox game pages themselves', async ({ page, request }) => {
  test.setTimeout(120_000);
  const findings: Finding[] = [];
  for (const collection of ['slots', 'table', 'dice', 'crash']) {
    const identity = await gameOf(page, collection);
    const launched = await request.post(`/api/game/games/${encodeURIComponent(identity)}/play`, {
      data: { demoMode: true, platform: 2, locale: 'en', lobbyUrl: '/' },
    });
    const gameUrl = (await launched.json()).data.gameUrl as string;
    findings.push(...(await audit(page, gameUrl, `game ${collection}`)));
  }
  // The sandbox sportsbook's client: its home, an event with its markets (a pick on the slip), my bets.
  const launched = await request.post('/api/game/games/sportsbook/play', {
    data: { demoMode: true, platform: 2, locale: 'en', lobbyUrl: '/' },
  });
  const clientUrl = (await launched.json()).data.gameUrl as string;
  findings.push(...(await audit(page, clientUrl, 'sportsbook')));
  await page.locator('.odd:not([disabled])').first().click();
  await stillScreen(page);
  findings.push(...(await auditCurrent(page, 'sportsbook slip')));
  findings.push(...(await audit(page, clientUrl.replace(/path=[^&]*/, 'path=%2Fmy-bets'), 'sportsbook')));
  expect(findings).toEqual([]);
});

test('with less motion asked for, nothing on the home page keeps moving (no looping spinner or pulse)', async ({
  page,
}) => {
  // The run asks for less motion (playwright.config.ts); the live events' heading has a pulsing dot.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Live events' })).toBeVisible({ timeout: 45_000 });
  await stillScreen(page);
  const looping = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => String((animation.effect as KeyframeEffect | null)?.target?.className ?? '')),
  );
  expect(looping).toEqual([]);
});
