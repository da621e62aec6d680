import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { runServer } from '../scripts/run-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  context: async ({ context }, use) => {
    await recordMessages(context);
    await use(context);
  },
});
export { expect };

/** What each page of a recorded context has shown as a toast, a status or an alert, in order. */
const shownBy = new WeakMap<Page, string[]>();
const MESSAGE = '[data-toast-type],[role=status],[role=alert],output';

/**
 * Records every toast, status and alert text the pages of a context show, as it appears. Toasts are on
 * screen for 3 s: on a loaded machine a poll can fall either side of them, so a journey asks whether
 * the player was shown a message (`expectShown`) rather than whether it is still there. The default
 * `context` records; a journey's own `browser.newContext()` calls this.
 */
export async function recordMessages(context: BrowserContext) {
  await context.exposeBinding('e2eShown', ({ page }, text: string) => {
    const list = shownBy.get(page) ?? [];
    list.push(text);
    shownBy.set(page, list);
  });
  await context.addInitScript((selector) => {
    const reported = new Set<string>();
    const report = (el: Element) => {
      const text = el.textContent?.replace(/\s+/g, ' ').trim();
      if (!text || reported.has(text) || !el.checkVisibility()) return;
      reported.add(text);
      (window as unknown as { e2eShown: (text: string) => void }).e2eShown(text);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const host = target?.closest(selector);
        if (host) report(host);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) report(node);
          node.querySelectorAll(selector).forEach(report);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, MESSAGE);
}

/** Whether the page has shown a toast, status or alert whose text contains `text` (or matches it). */
export function wasShown(page: Page, text: string | RegExp): boolean {
  return (shownBy.get(page) ?? []).some((shown) =>
    typeof text === 'string' ? shown.includes(text) : text.test(shown),
  );
}

/** Waits until the page has shown such a message (see `recordMessages`). */
export async function expectShown(page: Page, text: string | RegExp, timeout = 15_000) {
  await expect.poll(() => wasShown(page, text), { message: `a message shown: ${text}`, timeout }).toBe(true);
}

/** A server of a journey's own (its own settings or clock), on a copy of the run's prepared database. */
export const startServer = (env: Record<string, string | undefined>) =>
  runServer(env, { from: process.env.E2E_PREPARED_DIR });

/**
 * Runs the real ops CLI (bundled once by global-setup.ts) for the server whose data dir is given: it
 * reaches that server over loopback.
 */
export async function opsAt(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [process.env.E2E_OPS_CLI!, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return stdout;
}

/** The ops CLI of the run's shared server. */
export const ops = (...args: string[]) => opsAt(process.env.E2E_DATA_DIR!, ...args);

/** Credits a player through the ops CLI. */
export const opsCredit = (email: string, amount: string, currency: string) => ops('credit', email, amount, currency);

export const uniqueEmail = (prefix = 'player') =>
  `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Before a screenshot: the splash gone (it fades out after the first render), then fonts and images
 * loaded. A page with a live game may never fall quiet (a CI run waited 60 s for it); the picture is for
 * people, not an assertion, so it is taken after at most 5 s of waiting.
 */
export async function settledForPicture(page: Page) {
  await page.locator('#preloader').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** Saves a screenshot under e2e/screenshots for people to look at (phone and desktop sizes). */
export async function shot(page: Page, name: string) {
  await settledForPicture(page);
  await page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), fullPage: false });
}

/**
 * Waits for the screen to stand still: two frames painted, then no transition or animation running
 * (a dialog's open transition, a layout after a resize). Endless ones (a spinner) do not count.
 */
export async function stillScreen(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Screenshots of the page as it is now at phone and desktop size (`/tmp/shots/<name>-phone|desktop.png`); ends at desktop. */
export async function shotsAtBothSizes(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await stillScreen(page);
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png` });
  }
}

/** A new player registered through the API and signed in through the real sign-in dialog. */
/** Registers a player through the API, as the sign-up form would (password `secret-pass-1`, EUR, English). */
export async function registerByApi(page: Page, email: string): Promise<void> {
  const registered = await page.request.post('/api/player/register', {
    data: {
      email,
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
      currency: 'EUR',
      agreements: true,
      // As the sign-up form sends it: the language the site is shown in (mail follows it).
      locale: 'en',
    },
  });
  expect(registered.ok()).toBe(true);
}

export async function signUpAndSignIn(page: Page, prefix = 'player'): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto('/');
  await registerByApi(page, email);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await submitSignIn(page, email);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  return email;
}

/** Fills and sends the open sign-in dialog (password `secret-pass-1`); answers the dialog. */
async function submitSignIn(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  return dialog;
}

/** Signs a registered player in through `/?sign-in`; answers the dialog (to read a refusal in it). */
export async function signIn(page: Page, email: string) {
  await page.goto('/?sign-in');
  return submitSignIn(page, email);
}

/** The signed-in player's bearer header, read from the session the site keeps. */
export async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').accessToken as string);
  return { authorization: `Bearer ${token}` };
}

/** Opens the development mailbox for `to` and follows the link of the newest message titled `subject`. */
/** The player's rounds, newest first, in minor units. */
export async function roundsOf(page: Page) {
  const spins = (await (await page.request.get('/api/game/spins', { headers: await bearerOf(page) })).json()).data as {
    amount: number;
    payout: number;
  }[];
  return spins.map((s) => ({ stake: Math.round(s.amount * 100), win: Math.round(s.payout * 100) }));
}

export async function followMailedLink(page: Page, to: string, subject: string, { count = 1 } = {}) {
  await page.goto('/dev/mailbox');
  await page.getByLabel('E-mail address or phone number').fill(to);
  // Mail leaves through the outbox, a moment after the answer that asked for it: the box is opened
  // again until it holds `count` such messages (the newest is first).
  const messages = page.getByRole('article', { name: subject });
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: 'Open' }).click();
      return messages.count();
    })
    .toBeGreaterThanOrEqual(count);
  await messages.first().getByRole('link').click();
}

/**
 * Verifies the signed-in player's identity the cheap way an operator can: an identity document sent
 * through the API and approved with `ops documents approve` (withdrawals need it by default).
 */
export async function verifyIdentity(page: Page): Promise<void> {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const uploaded = await page.request.post('/api/player/documents', {
    headers: await bearerOf(page),
    multipart: { type: 'identity_front', file: { name: 'id.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.ok()).toBe(true);
  const { id } = (await uploaded.json()).data as { id: string };
  expect(await ops('documents', 'approve', id)).toContain('pproved');
}

/**
 * Phone and desktop pictures (`<name>-phone`, `<name>-desktop`) of a page with a game: no toast over it,
 * and the game's frame repainted at each size before the picture (a resize repaints the frame later).
 */
/** Plays the free spins the slot has awarded, if any, until its button says "Spin" again and is enabled. */
export async function playOutFreeSpins(frame: FrameLocator, timeout = 45_000) {
  const either = frame.getByRole('button', { name: /^(Free spin|Spin)/ });
  const free = frame.getByRole('button', { name: /^Free spin/ });
  for (;;) {
    // Disabled while a round runs (set in the click itself), enabled with its label once it is over.
    await expect(either).toBeEnabled({ timeout });
    if (!(await free.isVisible())) return;
    await free.click();
  }
}

/**
 * One real-money spin of the sandbox slot at its current stake, then its result line. Free spins an
 * earlier spin won are played out first (the button says "Free spin" until they are): they stake
 * nothing, so a journey counting stakes (wagering, points, a quest's bets) counts only paid spins.
 */
export async function paidSpin(frame: FrameLocator, { settled = true, timeout = 45_000 } = {}) {
  await playOutFreeSpins(frame, timeout);
  await frame.getByRole('button', { name: /^Spin/ }).click();
  if (settled) await expect(frame.locator('.result-text')).toHaveText(/You won|No win|free spins/, { timeout: 15_000 });
}

export async function gameShots(page: Page, name: string) {
  await expect(page.locator('[data-toast-type]')).toHaveCount(0, { timeout: 15_000 });
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page
      .frameLocator('iframe[sandbox]')
      .locator('body')
      .evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    await shot(page, `${name}-${label}`);
  }
}
