import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet } from '@/shared/router';
import { z } from 'zod';
import {
  accountSchema,
  currencySchema,
  dataEnvelope,
  loyaltyAccountSchema,
  loyaltyLevelSchema,
  loyaltyRateSchema,
  pageEnvelope,
  playerInitSchema,
  type LoyaltyAccount,
  type LoyaltyLevel,
  type LoyaltyRate,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { renderRouter } from '@/features/test-support.tsx';
import { all, get, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { playerInitQuery } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { clearToasts, useToasts } from '@/shared/ui/toast.ts';
import { levelProgress, setLoyaltyAccount } from './api.ts';
import { HeaderLoyalty, LEVEL_NOTICE_MS } from './header-loyalty.tsx';
import { emitLoyaltyLevelUpdated } from './level-events.ts';

const level = (order: number, name: string, points: number): LoyaltyLevel => ({ id: `l${order}`, name, order, points });
const LEVELS = [
  level(1, 'Bronze', 0),
  level(2, 'Silver', 5),
  level(3, 'Gold', 50),
  level(4, 'Platinum', 500),
  level(5, 'Diamond', 2500),
];
const accountAt = (points: number, current: number): LoyaltyAccount => ({
  id: 'acc1',
  playerId: 'p1',
  points,
  currentLevel: LEVELS[current - 1]!,
  nextLevel: LEVELS[current] ?? null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: null,
});
const RATES: LoyaltyRate[] = [
  { gameType: 'slots', points: 1, perAmount: 1, currency: 'EUR' },
  { gameType: 'roulette', points: 1, perAmount: 5, currency: 'EUR' },
  { gameType: 'dice', points: 0, perAmount: 1, currency: 'EUR' },
];

let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => decodeURIComponent(r.url));
let account: LoyaltyAccount;
beforeEach(() => {
  sent = recordRequests();
  account = accountAt(30, 2);
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith({}, { loyalty: true }) })),
    get('/api/wallet/accounts', () =>
      reply(dataEnvelope(z.array(accountSchema)), { data: [testAccount('a1', 'EUR', 100, 1)] }),
    ),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
    get('/api/retention/levels', () =>
      reply(pageEnvelope(loyaltyLevelSchema), {
        data: LEVELS,
        meta: { page: 1, perPage: 50, totalPages: 1, totalRows: 5 },
      }),
    ),
    get('/api/retention/account', () => reply(dataEnvelope(loyaltyAccountSchema), { data: account })),
    get('/api/retention/rates', () => reply(dataEnvelope(z.array(loyaltyRateSchema)), { data: RATES })),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});
afterEach(() => {
  clearToasts();
});

const slow = { timeout: 5_000 };

describe('progress', () => {
  it('is the points above the current level over the points between the levels', () => {
    expect(levelProgress(accountAt(30, 2))).toBe(55); // (30 − 5) / (50 − 5)
    expect(levelProgress(accountAt(5, 2))).toBe(0);
    expect(levelProgress(accountAt(3000, 5))).toBe(100); // the top level
  });
});

describe('/loyalty', () => {
  it("shows a player's level, points and progress, and every level's state", async () => {
    renderApp('/loyalty', { status: 'player' });
    const card = await screen.findByRole('region', { name: 'Your level' }, slow);
    expect(card).toHaveTextContent('Silver');
    expect(card).toHaveTextContent('30 points');
    expect(card).toHaveTextContent('20 points to Gold');
    expect(within(card).getByRole('progressbar', { name: 'Progress to Gold' })).toHaveAttribute('value', '55');
    const levels = within(screen.getByRole('region', { name: 'Levels' })).getAllByRole('listitem');
    expect(levels.map((li) => li.textContent)).toEqual([
      'B1. BronzeFrom 0 pointsReached',
      'S2. SilverFrom 5 pointsYour level',
      'G3. GoldFrom 50 pointsNext',
      'P4. PlatinumFrom 500 points Locked',
      'D5. DiamondFrom 2,500 points Locked',
    ]);
    expect(levels[1]).toHaveAttribute('aria-current', 'step');
    // The header badge links to the page and says the progress.
    expect(await screen.findByRole('link', { name: 'Loyalty: Silver, 55% to the next level' })).toHaveAttribute(
      'href',
      '/loyalty',
    );
  });

  it('shows a guest the levels and the way in, without asking for an account', async () => {
    renderApp('/loyalty', { status: 'guest' });
    await screen.findByText('Diamond', undefined, slow);
    const invite = screen.getByText('Sign up or sign in to collect points and follow your progress.').parentElement!;
    expect(within(invite).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(requests().some((r) => r.startsWith('/api/retention/account'))).toBe(false);
    expect(requests()).toContain('/api/retention/levels?sortBy=order&sortOrder=asc&perPage=50');
  });

  it('opens "how to earn" with the rate of each game type that earns', async () => {
    const app = renderApp('/loyalty', { status: 'guest' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'How to earn points' }, slow));
    expect(app.url()).toBe('/loyalty?loyalty-earn');
    const dialog = await screen.findByRole('dialog', { name: 'How to earn points' }, slow);
    await within(dialog).findByText('Slots');
    expect(dialog).toHaveTextContent('Slots1 point per €1.00 staked');
    expect(dialog).toHaveTextContent('Roulette1 point per €5.00 staked');
    expect(dialog).not.toHaveTextContent('Dice');
    expect(dialog).toHaveTextContent('Stakes of bonus money earn no points');
  });
});

/** The header's badge above a game page and `/bonuses` (with `loader`, if given), on the game. */
async function badgeOverGame(loader?: () => Promise<null>) {
  queryClient.clear();
  queryClient.setQueryData(playerInitQuery.queryKey, initWith({}, { loyalty: true }));
  const router = createMemoryRouter(
    [
      {
        // The badge sits in the header, above the pages.
        element: (
          <>
            <HeaderLoyalty />
            <Outlet />
          </>
        ),
        children: [
          { path: '/games/:id', element: null },
          { path: '/bonuses', loader, element: null },
        ],
      },
    ],
    { initialEntries: ['/games/book-of-gold'] },
  );
  renderRouter(router);
  await screen.findByTestId('header-loyalty', undefined, slow);
  return router;
}

describe('a level-up', () => {
  it('opens the level-up modal away from a game', async () => {
    const app = renderApp('/bonuses', { status: 'player' });
    await screen.findByTestId('header-loyalty', undefined, slow);
    // The channel replaces the cached account, then tells the level-up.
    account = accountAt(60, 3);
    act(() => {
      setLoyaltyAccount(account);
      emitLoyaltyLevelUpdated(account);
    });
    await waitFor(() => expect(app.url()).toBe('/bonuses?loyalty-level=3'));
    const dialog = await screen.findByRole('dialog', { name: 'New level reached' }, slow);
    expect(await within(dialog).findByText('You are now Gold!')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See the levels' })).toHaveAttribute('href', '/loyalty');
  });

  it('reached while the player leaves a game opens the modal on the page they go to', async () => {
    let arrive = () => {};
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    // The next page is still loading when the level-up arrives.
    const router = await badgeOverGame(() => loaded.then(() => null));
    act(() => void router.navigate('/bonuses'));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    act(() => emitLoyaltyLevelUpdated(accountAt(60, 3)));
    expect(useToasts.getState().toasts).toEqual([]);
    act(() => arrive());
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/bonuses?loyalty-level=3'),
    );
  });

  it('reached just as the player left a game, before the next page is drawn, opens the modal there', async () => {
    const router = await badgeOverGame();
    // The navigation commits in the router at once; React has not drawn the next page when the level comes.
    act(() => {
      void router.navigate('/bonuses');
      emitLoyaltyLevelUpdated(accountAt(60, 3));
    });
    expect(useToasts.getState().toasts).toEqual([]);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/bonuses?loyalty-level=3'),
    );
  });

  it('is a notice for 3 seconds on a game page (no modal over the game)', async () => {
    const router = await badgeOverGame();
    act(() => emitLoyaltyLevelUpdated(accountAt(60, 3)));
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['New loyalty level: Gold!']);
    expect(router.state.location.search).toBe('');
    expect(LEVEL_NOTICE_MS).toBe(3000);
  });
});
