import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  accountSchema,
  currencySchema,
  dataEnvelope,
  gameSchema,
  pageEnvelope,
  playerBonusSchema,
  playerFreespinSchema,
  playerInitSchema,
  type Account,
  type PlayerFreespin,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { testGame } from '@/features/games/test-fixtures.ts';
import { all, get, put, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { clearToasts } from '@/shared/ui/toast.ts';
import { refreshFreespins } from './freespins-api.ts';
import { testFreespin } from './test-fixtures.ts';
import { forgetFreespins } from './freespin-notices.ts';

const spins = testFreespin;
const eur: Account = testAccount('a1', 'EUR', 100, 1);
const meta = (rows: number) => ({ page: 1, perPage: 50, totalPages: 1, totalRows: rows });
/** Called in the PUT's handler before it answers (a test holds the answer there). */
let beforeAnswer: () => Promise<void>;

let open: PlayerFreespin[];
let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => `${r.method} ${decodeURIComponent(r.url)}`);
beforeEach(() => {
  beforeAnswer = async () => {};
  open = [
    spins({}),
    spins({
      id: 'f2',
      name: 'Reload spins',
      status: 2,
      usedCount: 4,
      progress: 40,
      winAmount: 1.2,
      expiredAt: '2026-12-03T10:00:00Z',
      activationExpiredAt: null,
    }),
  ];
  sent = recordRequests();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith() })),
    get('/api/wallet/accounts', () => reply(dataEnvelope(z.array(accountSchema)), { data: [eur] })),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
    get('/api/game/player-bonuses', () => reply(pageEnvelope(playerBonusSchema), { data: [], meta: meta(0) })),
    get('/api/game/player-freespins', () =>
      reply(pageEnvelope(playerFreespinSchema), { data: open, meta: meta(open.length) }),
    ),
    get('/api/game/games/g1', () =>
      reply(dataEnvelope(gameSchema), { data: testGame('g1', 'Fortuna Mágica', { identity: 'fortuna-magica' }) }),
    ),
    put('/api/game/player-freespins/:id/:verb', async ({ params }) => {
      const { id, verb } = params as { id: string; verb: string };
      const target = open.find((s) => s.id === id)!;
      const after =
        verb === 'activate'
          ? { ...target, status: 2, activationExpiredAt: null, expiredAt: '2026-12-27T10:00:00Z' }
          : { ...target, status: 3, result: 3, finishedAt: '2026-11-25T10:00:00Z' };
      open = open.filter((s) => s.id !== id);
      if (after.status !== 3) open.unshift(after);
      const answer = reply(dataEnvelope(playerFreespinSchema), { data: after });
      await beforeAnswer();
      return answer;
    }),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});
afterEach(() => {
  clearToasts();
  forgetFreespins();
});

const slow = { timeout: 5_000 };
const card = (name: string) => screen.findByRole('article', { name }, slow);

describe('free spins on /bonuses', () => {
  it('shows each with its game, stake, spins played and winnings; the active one links to its game', async () => {
    renderApp('/bonuses', { status: 'player' });
    const waiting = await card('Starter spins');
    expect(requests()).toContain(
      'GET /api/game/player-freespins?status[]=1&status[]=2&currency[]=EUR&page=1&perPage=50',
    );
    await waitFor(() => expect(waiting).toHaveTextContent('GameFortuna Mágica'));
    expect(waiting).toHaveTextContent('Stake per spin€0.20');
    expect(within(waiting).getByRole('button', { name: 'Activate Starter spins' })).toBeInTheDocument();
    const playing = await card('Reload spins');
    expect(playing).toHaveTextContent('4 of 10 spins played');
    expect(playing).toHaveTextContent('Won so far€1.20');
    const bar = within(playing).getByRole('progressbar', { name: 'Free spins played: Reload spins' });
    expect(bar).toHaveAttribute('value', '4');
    expect(bar).toHaveAttribute('max', '10');
    expect(within(playing).getByRole('link', { name: 'Play the free spins in Fortuna Mágica' })).toHaveAttribute(
      'href',
      '/games/fortuna-magica?real=true',
    );
  });

  it('activates only when confirmed, and says so', async () => {
    const user = userEvent.setup();
    renderApp('/bonuses', { status: 'player' });
    const waiting = await card('Starter spins');
    await user.click(within(waiting).getByRole('button', { name: 'Activate Starter spins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Starter spins?' }, slow);
    await waitFor(() => expect(dialog).toHaveTextContent('10 free spins at €0.20 each on Fortuna Mágica'));
    expect(requests().filter((r) => r.startsWith('PUT'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /^Activate$/ }));
    await waitFor(() => expect(requests()).toContain('PUT /api/game/player-freespins/f1/activate'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('10 free spins on Fortuna Mágica are ready to play.', {}, slow)).toBeInTheDocument();
  });

  it('the push that they are active, arriving before the answer, does not call them "not available"', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let pushed = false;
    beforeAnswer = async () => {
      await refreshFreespins(); // what the push does: the list reloads, the spins now active
      pushed = true;
      await held;
    };
    renderApp('/bonuses?freespins-activate=f1', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Activate Starter spins?' }, slow);
    await user.click(within(dialog).getByRole('button', { name: /^Activate$/ }));
    await waitFor(() => expect(pushed).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Bonus not available' })).toBeNull();
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling says the winnings so far are lost', async () => {
    const user = userEvent.setup();
    renderApp('/bonuses', { status: 'player' });
    const playing = await card('Reload spins');
    await user.click(within(playing).getByRole('button', { name: 'Cancel Reload spins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Reload spins?' }, slow);
    expect(dialog).toHaveTextContent('The 6 spins left');
    expect(dialog).toHaveTextContent('The €1.20 won so far will be lost too.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the free spins' }));
    await waitFor(() => expect(requests()).toContain('PUT /api/game/player-freespins/f2/cancel'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Reload spins' })).toBeNull());
  });

  it('never asks for a game with an empty id while the activation dialog loads the free spins', async () => {
    const user = userEvent.setup();
    // Opened from its address (a notice's link, a reload): the dialog mounts before the free spins arrive.
    renderApp('/bonuses?freespins-activate=f1', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Activate Starter spins?' }, slow);
    await waitFor(() => expect(dialog).toHaveTextContent('10 free spins at €0.20 each on Fortuna Mágica'));
    await user.click(within(dialog).getByRole('button', { name: /^Activate$/ }));
    await waitFor(() => expect(requests()).toContain('PUT /api/game/player-freespins/f1/activate'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests()).toContain('GET /api/game/games/g1');
    expect(requests()).not.toContain('GET /api/game/games/');
  });
});
