import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  accountSchema,
  cashbackResponseSchema,
  currencySchema,
  dataEnvelope,
  pageEnvelope,
  playerBonusSchema,
  playerFreespinSchema,
  playerInitSchema,
  type Account,
  type CashbackResponse,
  type PlayerBonus,
  type PlayerFreespin,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { all, get, put, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { forgetBonusLockChoices, withdrawNeedsBonusLock } from '@/features/wallet/withdraw-gate.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { clearToasts } from '@/shared/ui/toast.ts';
import { forgetBonuses } from './bonus-notices.ts';
import { runningState } from './cashback.tsx';
import { activeBonusIn } from './modals/cancel-lock-modal.tsx';

const bonus = (over: Partial<PlayerBonus>): PlayerBonus => ({
  id: 'b1',
  playerId: 'p1',
  name: 'Welcome bonus',
  bonusType: 1,
  currency: 'EUR',
  amount: 20,
  status: 2,
  result: 1,
  createdAt: '2026-11-20T10:00:00Z',
  finishedAt: null,
  activationExpiredAt: null,
  wageringExpiredAt: '2026-12-20T10:00:00Z',
  maxBetAmount: 5,
  wagerCasino: 5,
  wagerSportsbook: 0,
  currentWagerPercentage: 12.5,
  currentWagerAmount: 12.5,
  currentWagerCasinoAmount: 12.5,
  currentWagerSportsbookAmount: 0,
  requiredWagerCasinoAmount: 100,
  requiredWagerSportsbookAmount: 0,
  openedTransactionsCount: 0,
  isBonusCancelLock: true,
  packageId: null,
  packagePriority: 0,
  issueSessionId: null,
  ...over,
});

const running = {
  bonusName: 'Weekly cashback',
  currency: 'EUR',
  percentage: 10,
  period: 'week' as const,
  wagerMultiplier: 1,
  periodStart: '2026-11-23',
  periodEnd: '2026-11-30',
  netLoss: 18,
  amount: 1.8,
  nextPayoutAt: '2026-11-30T00:00:00.000Z',
  optedIn: true,
};
const paid = {
  bonusId: 'b9',
  bonusName: 'Weekly cashback',
  amount: 4.5,
  date: '2026-11-23T00:01:00.000Z',
  currency: 'EUR',
  periodStart: '2026-11-16',
  periodEnd: '2026-11-23',
};

let eur: Account;
let open: PlayerBonus[];
let cashback: CashbackResponse;
let freespins: PlayerFreespin[] | null;
let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => `${r.method} ${decodeURIComponent(r.url)}`);
const meta = (rows: number) => ({ page: 1, perPage: 20, totalPages: 1, totalRows: rows });
const notFound = () => refuse(404, { code: 404, message: 'Not found' });

beforeEach(() => {
  eur = { ...testAccount('a1', 'EUR', 100, 1), realBalance: 80, bonusBalance: 20, withdrawalBalance: 80 };
  open = [bonus({})];
  cashback = { data: [paid], current: [running] };
  freespins = null;
  sent = recordRequests();
  forgetBonusLockChoices();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith() })),
    get('/api/wallet/accounts', () => reply(dataEnvelope(z.array(accountSchema)), { data: [eur] })),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
    get('/api/game/bonuses/cashback', () => reply(cashbackResponseSchema, cashback)),
    get('/api/game/player-freespins', () =>
      freespins
        ? reply(pageEnvelope(playerFreespinSchema), { data: freespins, meta: meta(freespins.length) })
        : notFound(),
    ),
    get('/api/game/player-bonuses', ({ request }) => {
      const rows = new URL(request.url).searchParams.getAll('status[]').includes('3')
        ? [bonus({ id: 'b0', name: 'Spring bonus', status: 3, result: 3, finishedAt: '2026-11-10T10:00:00Z' })]
        : open;
      return reply(pageEnvelope(playerBonusSchema), { data: rows, meta: meta(rows.length) });
    }),
    put('/api/game/player-bonuses/:id/cancel', ({ params }) => {
      const target = open.find((b) => b.id === params.id)!;
      open = open.filter((b) => b.id !== target.id);
      eur = { ...eur, bonusBalance: 0, balance: 80 };
      return reply(dataEnvelope(playerBonusSchema), {
        data: { ...target, status: 3, result: 3, finishedAt: '2026-11-25T10:00:00Z' },
      });
    }),
    all('*', notFound),
  );
});
afterEach(() => {
  clearToasts();
  forgetBonuses();
});

// Lazy chunks load slowly on a busy machine.
const slow = { timeout: 15_000 };
const puts = () => requests().filter((r) => r.startsWith('PUT'));

describe('the bonus-cancel-lock decision', () => {
  it('asks before a withdrawal only with bonus money on the account, once per currency when chosen', () => {
    expect(withdrawNeedsBonusLock({ currency: 'EUR', bonusBalance: 20 }, new Set())).toBe(true);
    expect(withdrawNeedsBonusLock({ currency: 'EUR', bonusBalance: 0 }, new Set())).toBe(false);
    expect(withdrawNeedsBonusLock({ currency: 'EUR', bonusBalance: 20 }, new Set(['EUR']))).toBe(false);
    expect(withdrawNeedsBonusLock({ currency: 'USD', bonusBalance: 5 }, new Set(['EUR']))).toBe(true);
  });

  it('finds the active bonus of the currency', () => {
    const list = [bonus({ id: 'x', status: 1 }), bonus({ id: 'y', currency: 'USD' }), bonus({ id: 'z' })];
    expect(activeBonusIn(list, 'EUR')?.id).toBe('z');
    expect(activeBonusIn(list, 'BRL')).toBeUndefined();
    expect(activeBonusIn(undefined, 'EUR')).toBeUndefined();
  });
});

describe('withdrawing with an active bonus', () => {
  it('opens bonus-cancel-lock first; keeping the bonus goes on to the withdrawal', async () => {
    const user = userEvent.setup();
    const app = renderApp('/?wallet=withdraw', { status: 'player' });
    await waitFor(() => expect(app.url()).toBe('/?bonus-cancel-lock=EUR'), slow);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw with an active bonus' }, slow);
    expect(await within(dialog).findByText('Your bonus Welcome bonus is active.', {}, slow)).toBeInTheDocument();
    // Each figure named and explained: the bonus's wagering is not what holds a withdrawal back.
    expect(dialog).toHaveTextContent('Bonus wagering: €12.50 of €100.00.');
    expect(dialog).toHaveTextContent('It does not hold back a withdrawal of real money.');
    expect(dialog).toHaveTextContent('only real money: €80.00 can be withdrawn now');
    expect(dialog).toHaveTextContent('forfeits its bonus money (€20.00) and the winnings made with it');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my bonus' }));
    await waitFor(() => expect(app.url()).toBe('/?wallet=withdraw'));
    expect(await screen.findByRole('dialog', { name: /Wallet/ }, slow)).toBeInTheDocument();
    expect(puts()).toEqual([]);
  }, 40_000);

  it('cancelling the bonus cancels it, then opens the withdrawal', async () => {
    const user = userEvent.setup();
    const app = renderApp('/?wallet=withdraw', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw with an active bonus' }, slow);
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel bonus and withdraw' }, slow));
    await waitFor(() => expect(app.url()).toBe('/?wallet=withdraw'));
    expect(puts()).toEqual(['PUT /api/game/player-bonuses/b1/cancel']);
  }, 40_000);

  it('without bonus money the withdrawal opens at once', async () => {
    eur = { ...eur, bonusBalance: 0 };
    open = [];
    const app = renderApp('/?wallet=withdraw', { status: 'player' });
    expect(await screen.findByRole('dialog', { name: /Wallet/ }, slow)).toBeInTheDocument();
    expect(app.url()).toBe('/?wallet=withdraw');
  });

  it('a stale link with no active bonus goes on to the withdrawal', async () => {
    open = [];
    const app = renderApp('/?bonus-cancel-lock=EUR', { status: 'player' });
    await waitFor(() => expect(app.url()).toBe('/?wallet=withdraw'), slow);
  });
});

describe('cashback', () => {
  it('says what it is: running figure, net losses, next payout, and what was paid', async () => {
    renderApp('/bonuses', { status: 'player' });
    const block = await screen.findByRole('region', { name: 'Cashback' }, slow);
    expect(block).toHaveTextContent('10% of your net real-money losses back as a bonus, wagered 1×.');
    expect(block).toHaveTextContent('This week so far€1.80');
    expect(block).toHaveTextContent('Net losses€18.00');
    expect(block).toHaveTextContent('Paid onNov 30, 2026');
    expect(within(block).getByRole('list', { name: 'Cashback paid' })).toHaveTextContent('€4.50');
    expect(requests()).toContain('GET /api/game/bonuses/cashback?currency=EUR');
  });

  it('says why nothing accrues: ahead, or no consent', () => {
    expect(runningState({ optedIn: true, amount: 1.8 })).toBe('earning');
    expect(runningState({ optedIn: true, amount: 0 })).toBe('ahead');
    expect(runningState({ optedIn: false, amount: 3 })).toBe('notOptedIn');
  });

  it('tells a player who has not consented that it will not be paid', async () => {
    cashback = { data: [], current: [{ ...running, optedIn: false }] };
    renderApp('/bonuses', { status: 'player' });
    const block = await screen.findByRole('region', { name: 'Cashback' }, slow);
    expect(block).toHaveTextContent("this week's cashback will not be paid");
    expect(block).toHaveTextContent('No cashback paid yet.');
  });

  it('stays away when there is no programme and nothing paid', async () => {
    cashback = { data: [], current: [] };
    renderApp('/bonuses', { status: 'player' });
    await screen.findByRole('region', { name: 'Active bonus' }, slow);
    await waitFor(() => expect(requests()).toContain('GET /api/game/bonuses/cashback?currency=EUR'));
    expect(screen.queryByRole('region', { name: 'Cashback' })).toBeNull();
  });

  it('shows in the header balance popover', async () => {
    const user = userEvent.setup();
    renderApp('/', { status: 'player' });
    await user.click(await screen.findByRole('button', { name: /Accounts/i }, slow));
    const lines = await screen.findByTestId('header-cashback', {}, slow);
    expect(lines).toHaveTextContent('Weekly cashback, paid Nov 30, 2026€1.80');
    expect(lines).toHaveTextContent('Last paid Nov 23, 2026€4.50');
  });
});

describe('history: bonuses tab', () => {
  it('lists finished bonuses, and finished free spins once their list answers', async () => {
    freespins = [
      {
        id: 'f1',
        name: 'Starter spins',
        status: 3,
        result: 2,
        count: 10,
        usedCount: 10,
        progress: 100,
        gameId: 'g1',
        currency: 'EUR',
        stakeAmount: 0.2,
        winAmount: 3.4,
        bonusId: null,
        issuedAt: '2026-11-01T10:00:00Z',
        expiredAt: null,
        activationExpiredAt: null,
        wageringExpiredAt: null,
        createdAt: '2026-11-01T10:00:00Z',
        finishedAt: '2026-11-02T10:00:00Z',
        packageId: null,
        packagePriority: 0,
        issueSessionId: null,
      },
    ];
    renderApp('/profile/history?tab=bonuses', { status: 'player' });
    expect(await screen.findByRole('link', { name: 'Bonuses', current: 'page' }, slow)).toBeInTheDocument();
    const finished = await screen.findByRole('region', { name: 'Ended bonuses' }, slow);
    expect(await within(finished).findByText('Spring bonus', {}, slow)).toBeInTheDocument();
    const spins = await screen.findByRole('region', { name: 'Ended free spins' }, slow);
    expect(spins).toHaveTextContent('Starter spins');
    expect(spins).toHaveTextContent('Played · 10 of 10 spins');
    expect(spins).toHaveTextContent('Won €3.40');
    expect(requests()).toContain('GET /api/game/player-bonuses?status[]=3&page=1&perPage=10');
  });

  it('shows only bonuses when free spins do not answer', async () => {
    renderApp('/profile/history?tab=bonuses', { status: 'player' });
    expect(await screen.findByText('Spring bonus', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(requests().some((r) => r.startsWith('GET /api/game/player-freespins'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Ended free spins' })).toBeNull();
  });
});
