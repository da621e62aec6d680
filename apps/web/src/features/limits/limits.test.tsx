import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  dataEnvelope,
  limitsSummarySchema,
  playerLimitSchema,
  realityCheckSchema,
  type LimitsSummary,
  type PlayerLimit,
  type RealityCheck,
} from '@casino/contracts';
import { accountsQueryKey } from '@/features/wallet';
import { testAccount } from '@/features/wallet/test-fixtures.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { createMemoryRouter } from '@/shared/router';
import { clearToasts } from '@/shared/ui/toast.ts';
import { Toaster } from '@/shared/ui/toaster.tsx';
import { del, get, post, put, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { renderInModal, renderRouter } from '../test-support.tsx';
import AddCashLimitModal from './add-cash-limit-modal.tsx';
import { LimitsPanel } from './limits-panel.tsx';

const limit = (over: Partial<PlayerLimit> = {}): PlayerLimit => ({
  id: 'l1',
  definition: 3,
  period: 'daily',
  amount: 100,
  currency: 'EUR',
  status: 1,
  createdAt: '2025-01-01T00:00:00Z',
  expiredAt: null,
  used: 40,
  pendingExist: false,
  cancelProcess: false,
  pending: null,
  ...over,
});
const totals = (netDeposits: number, netResult: number) => ({
  deposits: netDeposits,
  withdrawals: 0,
  netDeposits,
  stakes: 0,
  wins: 0,
  netResult,
});
const summary: LimitsSummary = {
  currency: 'EUR',
  daily: totals(10, -5),
  weekly: totals(50, 12.5),
  monthly: totals(200, -80),
};

let limits: PlayerLimit[];
let reality: RealityCheck;
beforeEach(() => {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 60, 1)]);
  limits = [limit()];
  reality = { intervalMinutes: 30, sessionMinutes: null };
  server.use(
    get('/api/player/limits', () => reply(dataEnvelope(z.array(playerLimitSchema)), { data: limits })),
    get('/api/player/limits/summary', () => reply(dataEnvelope(limitsSummarySchema), { data: summary })),
    get('/api/player/limits/reality-check', () => reply(dataEnvelope(realityCheckSchema), { data: reality })),
  );
});
afterEach(() => clearToasts());

const renderPanel = () =>
  renderRouter(
    createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <LimitsPanel />
              <Toaster />
            </>
          ),
        },
      ],
      { initialEntries: ['/profile/limits'] },
    ),
  );

describe('the limits page', () => {
  it('shows each limit with what is used and left, the sections without one, and the net figures', async () => {
    renderPanel();
    const row = await screen.findByRole('listitem', { name: 'Daily deposit limit' });
    expect(row).toHaveTextContent('€100.00');
    expect(row).toHaveTextContent('Used €40.00 · €60.00 left this period');
    const play = screen.getByRole('region', { name: 'Bet and loss limits' });
    expect(within(play).getByText('No limit set.')).toBeInTheDocument();
    const week = await screen.findByRole('row', { name: /This week/ });
    expect(week).toHaveTextContent('€50.00');
    expect(week).toHaveTextContent('€12.50');
  });

  it('a change waiting for its e-mail says so and offers to cancel it instead of editing', async () => {
    limits = [
      limit({
        pendingExist: true,
        cancelProcess: true,
        pending: {
          id: 'c1',
          amount: 500,
          period: 'weekly',
          confirmed: false,
          effectiveAt: null,
          requestedAt: '2025-01-02T00:00:00Z',
        },
      }),
    ];
    renderPanel();
    const row = await screen.findByRole('listitem', { name: 'Daily deposit limit' });
    expect(row).toHaveTextContent('Change to €500.00 (Weekly) requested.');
    expect(row).toHaveTextContent('Confirm it with the link we sent you by e-mail');
    expect(within(row).getByRole('button', { name: 'Cancel change' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('says so when the limits cannot be loaded', async () => {
    server.use(get('/api/player/limits', () => refuse(500, { code: 500, message: 'Internal error' })));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your limits could not be loaded. Please try again.');
  });

  it('asking to remove a limit: the removal is sent and the e-mail step announced; a refusal is shown on the row', async () => {
    const sent = recordRequests();
    server.use(del('/api/player/limits/:id', () => reply(dataEnvelope(playerLimitSchema), { data: limit() })));
    const user = userEvent.setup();
    renderPanel();
    const row = await screen.findByRole('listitem', { name: 'Daily deposit limit' });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('We sent you an e-mail to confirm the removal.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/player/limits/l1']);

    server.use(
      del('/api/player/limits/:id', () =>
        refuse(409, { code: 13003, message: 'A change of this limit is already waiting' }),
      ),
    );
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('A change of this limit is already waiting');
  });

  it('a new reality-check interval is saved and confirmed', async () => {
    let body: unknown;
    server.use(
      put('/api/player/limits/reality-check', async ({ request }) => {
        body = await request.json();
        reality = realityCheckSchema.parse(body);
        return reply(dataEnvelope(realityCheckSchema), { data: reality });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Remind me every'), '60');
    await user.click(save);
    expect(await screen.findByText('Reality check saved')).toBeInTheDocument();
    expect(body).toEqual({ intervalMinutes: 60, sessionMinutes: null });
    expect(screen.getByLabelText('Remind me every')).toHaveValue('60');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('adding a limit', () => {
  it('sends the limit and closes; the server’s refusal of a field is shown under it', async () => {
    let body: unknown;
    server.use(
      post('/api/player/limits', async ({ request }) => {
        body = await request.json();
        return refuse(422, {
          code: 422,
          message: 'Validation failed',
          fields: { amount: ['Must be at most your current limit'] },
        });
      }),
    );
    const closed: string[] = [];
    const user = userEvent.setup();
    renderInModal(<AddCashLimitModal name="add-cash-limit" value="1" close={() => closed.push('closed')} />);
    await user.type(await screen.findByLabelText('Amount'), '25,5');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Must be at most your current limit')).toBeInTheDocument();
    expect(body).toEqual({ definition: 1, period: 'daily', currency: 'EUR', amount: '25.5' });
    expect(closed).toEqual([]);

    server.use(post('/api/player/limits', () => reply(dataEnvelope(playerLimitSchema), { data: limit() })));
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await expect.poll(() => closed).toEqual(['closed']);
  });

  it('a deposit limit asks for its currency before anything is sent', async () => {
    const sent = recordRequests();
    const user = userEvent.setup();
    renderInModal(<AddCashLimitModal name="add-cash-limit" value="3" close={() => {}} />);
    await user.type(await screen.findByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Please, select your currency for new deposit limit')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
