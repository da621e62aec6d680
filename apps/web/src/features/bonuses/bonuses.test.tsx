import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  accountSchema,
  currencySchema,
  dataEnvelope,
  pageEnvelope,
  playerBonusSchema,
  playerInitSchema,
  type Account,
  type PlayerBonus,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { all, get, put, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { clearToasts } from '@/shared/ui/toast.ts';
import { patchBonus } from './api.ts';
import { forgetBonuses } from './bonus-notices.ts';

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
  isBonusCancelLock: false,
  packageId: null,
  packagePriority: 0,
  issueSessionId: null,
  ...over,
});
const welcome = bonus({});
const reload = bonus({
  id: 'b2',
  name: 'Reload bonus',
  amount: 10,
  status: 1,
  activationExpiredAt: '2026-12-01T10:00:00Z',
  wageringExpiredAt: null,
  maxBetAmount: null,
  wagerCasino: 3,
  currentWagerPercentage: 0,
  currentWagerAmount: 0,
  currentWagerCasinoAmount: 0,
  requiredWagerCasinoAmount: 30,
});
const ended = bonus({ id: 'b0', name: 'Spring bonus', status: 3, result: 2, finishedAt: '2026-11-10T10:00:00Z' });

// The EUR account holds €80 of real money and the active bonus's €20 of bonus money.
const eur: Account = { ...testAccount('a1', 'EUR', 100, 1), realBalance: 80, bonusBalance: 20, withdrawalBalance: 80 };

let open: PlayerBonus[];
let finished: PlayerBonus[];
let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => `${r.method} ${decodeURIComponent(r.url)}`);
/** Called in the PUT's handler before it answers: a test plays a push there, or holds the answer. */
let beforeAnswer: () => Promise<void>;
/** Answers the PUT instead of the server's success (a refusal). */
let refusal: (() => Response) | null;
const meta = (rows: number) => ({ page: 1, perPage: 20, totalPages: 1, totalRows: rows });

beforeEach(() => {
  open = [welcome, reload];
  finished = [ended];
  sent = recordRequests();
  beforeAnswer = async () => {};
  refusal = null;
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith() })),
    get('/api/wallet/accounts', () => reply(dataEnvelope(z.array(accountSchema)), { data: [eur] })),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
    get('/api/game/player-bonuses', ({ request }) => {
      const rows = new URL(request.url).searchParams.getAll('status[]').includes('3') ? finished : open;
      return reply(pageEnvelope(playerBonusSchema), { data: rows, meta: meta(rows.length) });
    }),
    put('/api/game/player-bonuses/:id/:verb', async ({ params }) => {
      if (refusal) return refusal();
      const { id, verb } = params as { id: string; verb: string };
      const target = open.find((b) => b.id === id)!;
      const after =
        verb === 'activate'
          ? { ...target, status: 2, activationExpiredAt: null, wageringExpiredAt: '2026-12-27T10:00:00Z' }
          : { ...target, status: 3, result: 3, finishedAt: '2026-11-25T10:00:00Z' };
      open = open.filter((b) => b.id !== id && (verb === 'cancel' || b.status !== 2));
      if (after.status !== 3) open.unshift(after);
      const answer = reply(dataEnvelope(playerBonusSchema), { data: after });
      await beforeAnswer();
      return answer;
    }),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});
afterEach(() => {
  clearToasts();
  forgetBonuses();
});

// The first lazy page and modal chunks of a run are slow on a busy machine.
const slow = { timeout: 5_000 };
const card = (name: string) => screen.findByRole('article', { name }, slow);
const puts = () => requests().filter((r) => r.startsWith('PUT'));

/**
 * Holds the server's answer to the bonus action until `answer()`, and meanwhile plays the push the
 * action caused (it can come first: the outbox is quicker than the HTTP reply on a busy node).
 */
function pushBeforeAnswer(change: Parameters<typeof patchBonus>[0]) {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  beforeAnswer = async () => {
    patchBonus(change);
    await held;
  };
  return answer;
}

describe('/bonuses', () => {
  it('lists the active bonus and those waiting, in the active account’s currency, with wagering in money', async () => {
    renderApp('/bonuses', { status: 'player' });
    const active = await card('Welcome bonus');
    expect(requests()).toContain('GET /api/game/player-bonuses?status[]=1&status[]=2&currency[]=EUR&page=1&perPage=50');
    expect(within(screen.getByRole('region', { name: 'Active bonus' })).getByRole('article')).toBe(active);
    expect(active).toHaveTextContent('€12.50 of €100.00 wagered');
    const bar = within(active).getByRole('progressbar', { name: 'Wagering of Welcome bonus' });
    expect(bar).toHaveAttribute('value', '12.5');
    expect(bar).toHaveAttribute('max', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '€12.50 of €100.00 wagered');
    expect(active).toHaveTextContent('Max bet€5.00');
    expect(active).toHaveTextContent('Wager by');
    expect(within(active).queryByRole('button', { name: /^Activate/ })).toBeNull();

    const waiting = within(screen.getByRole('region', { name: 'Waiting for activation' })).getByRole('article', {
      name: 'Reload bonus',
    });
    expect(waiting).toHaveTextContent('€10.00');
    expect(waiting).toHaveTextContent('To wager€30.00 (3× the bonus)');
    expect(waiting).toHaveTextContent('Max betNo limit');
    expect(waiting).toHaveTextContent('Activate by');
    expect(within(waiting).getByRole('button', { name: 'Activate Reload bonus' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Cancel Reload bonus' })).toBeInTheDocument();
  });

  it('names each bonus in the page’s language, falling back to its default name', async () => {
    open = [{ ...welcome, names: { de: 'Willkommensbonus' } }, reload];
    renderApp('/de/bonuses', { status: 'player' });
    // The German texts are a chunk of their own: the first load of it is slow.
    const german = await screen.findByRole('article', { name: 'Willkommensbonus' }, { timeout: 15_000 });
    expect(german).toHaveTextContent('Willkommensbonus');
    // No German name: the default one.
    expect(await card('Reload bonus')).toBeInTheDocument();
    expect(screen.queryByText('Welcome bonus')).toBeNull();
  }, 30_000);

  it('says so when there is no bonus', async () => {
    open = [];
    renderApp('/bonuses', { status: 'player' });
    expect(
      await screen.findByText(
        'You have no bonus in EUR right now. When you get one, it appears here, ready to activate.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Active bonus' })).toBeNull();
  });

  it('asks a guest to sign in', async () => {
    const app = renderApp('/bonuses');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(/Sign in to see your bonuses/, {}, slow)).toBeInTheDocument();
    await userEvent.setup().click(within(main).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?sign-in'));
    expect(requests().some((r) => r.includes('player-bonuses'))).toBe(false);
  });
});

describe('activating', () => {
  it('while another bonus is active: says that one goes, with its bonus money, then activates', async () => {
    const user = userEvent.setup();
    const app = renderApp('/bonuses', { status: 'player' });
    await user.click(within(await card('Reload bonus')).getByRole('button', { name: 'Activate Reload bonus' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?change-active-bonus=b2'));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your active bonus?' }, slow);
    expect(dialog).toHaveTextContent('activating Reload bonus cancels Welcome bonus');
    expect(dialog).toHaveTextContent('You lose the bonus money of Welcome bonus: €20.00 is removed from your account.');
    expect(puts()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Welcome bonus and activate Reload bonus' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses'));
    expect(puts()).toEqual(['PUT /api/game/player-bonuses/b2/activate']);
    expect(await screen.findByText('Bonus activated: Reload bonus')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const active = within(screen.getByRole('region', { name: 'Active bonus' }));
    expect(await active.findByRole('article', { name: 'Reload bonus' })).toBeInTheDocument();
  });

  it('keeping the active bonus changes nothing', async () => {
    const user = userEvent.setup();
    const app = renderApp('/bonuses?change-active-bonus=b2', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Replace your active bonus?' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Keep Welcome bonus' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses'));
    expect(puts()).toEqual([]);
  });

  it('with none active: a plain confirmation of what the bonus gives and asks', async () => {
    open = [reload];
    const user = userEvent.setup();
    const app = renderApp('/bonuses', { status: 'player' });
    await user.click(within(await card('Reload bonus')).getByRole('button', { name: 'Activate Reload bonus' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?bonus-confirm-action=b2'));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Reload bonus?' }, slow);
    expect(dialog).toHaveTextContent('€10.00 goes to your EUR account as bonus money.');
    expect(dialog).toHaveTextContent('Wager €30.00 (3× the bonus)');
    expect(dialog).toHaveTextContent('real money first, then bonus money');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(puts()).toEqual(['PUT /api/game/player-bonuses/b2/activate']));
  });

  it('a link to the plain confirmation while another bonus is active turns into the change question', async () => {
    const app = renderApp('/bonuses?bonus-confirm-action=b2', { status: 'player' });
    await waitFor(() => expect(app.url()).toBe('/bonuses?change-active-bonus=b2'), slow);
    expect(await screen.findByRole('dialog', { name: 'Replace your active bonus?' }, slow)).toBeInTheDocument();
  });

  it('the push that the bonus is active, arriving before the answer, does not call it "not available"', async () => {
    open = [reload];
    const user = userEvent.setup();
    const answer = pushBeforeAnswer({ ...reload, status: 2 });
    const app = renderApp('/bonuses?bonus-confirm-action=b2', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Activate Reload bonus?' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(puts()).toEqual(['PUT /api/game/player-bonuses/b2/activate']));
    expect(screen.queryByRole('dialog', { name: 'Bonus not available' })).toBeNull();
    answer();
    await waitFor(() => expect(app.url()).toBe('/bonuses'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why the server refused (409)', async () => {
    open = [reload];
    const user = userEvent.setup();
    refusal = () => refuse(409, { code: 409, message: 'This bonus expired before it was activated' });
    renderApp('/bonuses?bonus-confirm-action=b2', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Activate Reload bonus?' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This bonus expired before it was activated');
  });
});

describe('cancelling', () => {
  it('an active bonus: says exactly how much bonus money is lost, and cancels only when confirmed', async () => {
    const user = userEvent.setup();
    const app = renderApp('/bonuses', { status: 'player' });
    await user.click(within(await card('Welcome bonus')).getByRole('button', { name: 'Cancel Welcome bonus' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?cancel-active-bonus=b1'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Welcome bonus?' }, slow);
    expect(dialog).toHaveTextContent('Cancelling removes its bonus money from your account: you lose €20.00.');
    expect(dialog).toHaveTextContent('Your real money stays yours.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and lose €20.00' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses'));
    expect(puts()).toEqual(['PUT /api/game/player-bonuses/b1/cancel']);
    expect(await screen.findByText('Bonus cancelled: Welcome bonus')).toBeInTheDocument();
  });

  it('the push that the bonus ended, arriving before the answer, does not call it "not available"', async () => {
    const user = userEvent.setup();
    const answer = pushBeforeAnswer({ ...welcome, status: 3, result: 3 });
    const app = renderApp('/bonuses?cancel-active-bonus=b1', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Welcome bonus?' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and lose €20.00' }));
    await waitFor(() => expect(puts()).toEqual(['PUT /api/game/player-bonuses/b1/cancel']));
    expect(screen.queryByRole('dialog', { name: 'Bonus not available' })).toBeNull();
    answer();
    await waitFor(() => expect(app.url()).toBe('/bonuses'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an active bonus with open rounds warns of them', async () => {
    open = [{ ...welcome, openedTransactionsCount: 2 }, reload];
    const user = userEvent.setup();
    const app = renderApp('/bonuses', { status: 'player' });
    await user.click(within(await card('Welcome bonus')).getByRole('button', { name: 'Cancel Welcome bonus' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?cancel-unsettled-bonus=b1'));
    const dialog = await screen.findByRole('dialog', { name: 'Rounds of Welcome bonus are still open' }, slow);
    expect(dialog).toHaveTextContent('2 rounds played with money of Welcome bonus have not finished yet.');
    expect(dialog).toHaveTextContent('you lose €20.00');
    expect(dialog).toHaveTextContent('the bonus share of what its 2 open rounds still pay');
  });

  it('an issued bonus only ends', async () => {
    const user = userEvent.setup();
    renderApp('/bonuses', { status: 'player' });
    await user.click(within(await card('Reload bonus')).getByRole('button', { name: 'Cancel Reload bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Reload bonus?' }, slow);
    expect(dialog).toHaveTextContent('This €10.00 bonus has not been activated yet.');
    expect(dialog).not.toHaveTextContent('you lose');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the bonus' }));
    await waitFor(() => expect(puts()).toEqual(['PUT /api/game/player-bonuses/b2/cancel']));
  });

  it('a link with the wrong question for the bonus asks the right one; a stale one says it is gone', async () => {
    const app = renderApp('/bonuses?cancel-issued-bonus=b1', { status: 'player' });
    await waitFor(() => expect(app.url()).toBe('/bonuses?cancel-active-bonus=b1'), slow);
    expect(await screen.findByRole('dialog', { name: 'Cancel Welcome bonus?' }, slow)).toHaveTextContent('€20.00');
    app.unmount();
    renderApp('/bonuses?cancel-active-bonus=nope', { status: 'player' });
    expect(await screen.findByRole('dialog', { name: 'Bonus not available' }, slow)).toBeInTheDocument();
  });
});

describe('/profile/bonuses', () => {
  it('adds the ended bonuses, with how each ended in words', async () => {
    renderApp('/profile/bonuses', { status: 'player' });
    const region = await screen.findByRole('region', { name: 'Ended bonuses' }, slow);
    const row = await within(region).findByRole('listitem');
    expect(row).toHaveTextContent('Spring bonus');
    expect(row).toHaveTextContent(/Wagered · Nov 10, 2026/);
    expect(requests()).toContain('GET /api/game/player-bonuses?status[]=3&page=1&perPage=10');
    expect(await screen.findByRole('article', { name: 'Welcome bonus' })).toBeInTheDocument();
  });

  it('opens an ended bonus’s details', async () => {
    const user = userEvent.setup();
    renderApp('/profile/bonuses', { status: 'player' });
    const region = await screen.findByRole('region', { name: 'Ended bonuses' }, slow);
    await user.click(await within(region).findByRole('button', { name: 'Details of Spring bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spring bonus' }, slow);
    expect(dialog).toHaveTextContent('StatusWagered');
    expect(dialog).toHaveTextContent('Bonus money can never be withdrawn');
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows a waiting deposit bonus’s own terms in its details, and says it lapses once money is staked', async () => {
    const user = userEvent.setup();
    open = [
      welcome,
      {
        ...reload,
        terms: {
          currency: 'EUR',
          wagerMultiplier: 3,
          contributions: { slots: 100, dice: 50 },
          excludedGames: [],
          maxBet: null,
          maxConversion: null,
          activationDays: null,
          wageringDays: 14,
          lapsesOnStake: true,
        },
      },
    ];
    renderApp('/bonuses', { status: 'player' });
    const waiting = await card('Reload bonus');
    expect(waiting).toHaveTextContent('It lapses as soon as money is staked on your account while it waits');
    await user.click(within(waiting).getByRole('button', { name: 'Details of Reload bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reload bonus' }, slow);
    const terms = await within(dialog).findByRole('region', { name: 'Full terms' }, slow);
    await waitFor(() => expect(terms).toHaveTextContent('Stake 3× the bonus amount within 14 days of activating it.'));
    expect(terms).toHaveTextContent('Slots 100 %, Dice 50 %; every other game 0 %.');
    expect(terms).toHaveTextContent('No maximum bet.');
    expect(terms).toHaveTextContent('the bonus money becomes real money. If the bonus money runs out first');
    expect(terms).toHaveTextContent('activate it before you play');
  }, 20_000);
});

describe('real and bonus money', () => {
  it('the header shows them apart, and explains bonus money', async () => {
    const user = userEvent.setup();
    const app = renderApp('/bonuses', { status: 'player' });
    const banner = await screen.findByRole('banner');
    const toggle = await within(banner).findByRole('button', { name: /^Your accounts:/ }, slow);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Your accounts: €80.00 real money, Bonus €20.00'));
    expect(within(banner).getByTestId('header-balance')).toHaveTextContent('€80.00');
    await user.click(toggle);
    await user.click(within(banner).getByRole('button', { name: 'How bonus money works' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?wallet-bonus-info'));
    const dialog = await screen.findByRole('dialog', { name: 'Real money and bonus money' }, slow);
    expect(dialog).toHaveTextContent('Every stake takes your real money first, then your bonus money.');
    expect(dialog).toHaveTextContent('You can play with it, but you can never withdraw it.');
    expect(dialog).toHaveTextContent('Real money€80.00Bonus money€20.00');
  });
});
