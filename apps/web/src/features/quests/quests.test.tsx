import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataEnvelope, pageEnvelope, playerQuestSchema, type PlayerQuest } from '@casino/contracts';
import { renderInModal } from '@/features/test-support.tsx';
import { get, put, recordRequests, reply, server } from '@/test-api.ts';
import { testCurrency } from '@/features/wallet/test-fixtures.ts';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { patchTask } from './api.ts';
import HubModal from './modals/hub-modal.tsx';
import TasksModal from './modals/tasks-modal.tsx';

const quest = (id: string, state: number, overrides: Partial<PlayerQuest> = {}): PlayerQuest => ({
  id,
  playerId: 'p1',
  questId: `def-${id}`,
  identity: id,
  name: `Quest ${id}`,
  description: 'Four steps',
  order: 0,
  state,
  currency: 'EUR',
  endAt: null,
  taskExecutionOrder: 0,
  packageOrder: null,
  rewards: [
    { type: 1, amount: 5, attributes: { isoCode: 'EUR', lockBalance: true } },
    { type: 3, amount: 50, attributes: { isoCode: 'points', lockBalance: false } },
  ],
  tasks: [
    {
      id: 't1',
      name: 'Confirm your e-mail',
      description: '',
      type: 1,
      executionOrder: 0,
      isActive: true,
      isCompleted: true,
      progress: 1,
      quantity: 1,
      unit: 'count',
      conditions: {},
    },
    {
      id: 't2',
      name: 'Bet €20 on slots',
      description: '',
      type: 4,
      executionOrder: 1,
      isActive: true,
      isCompleted: false,
      progress: 7.5,
      quantity: 20,
      unit: 'amount',
      conditions: { games: ['g1', 'g2'] },
    },
  ],
  ...overrides,
});

const page = (data: PlayerQuest[]) =>
  reply(pageEnvelope(playerQuestSchema), {
    data,
    meta: { page: 1, perPage: 5, totalPages: 1, totalRows: data.length },
  });
let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => `${r.method} ${r.url}`);

beforeEach(() => {
  sent = recordRequests();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/retention/player-quests', ({ request }) => {
      const states = new URL(request.url).searchParams.getAll('state[]');
      if (states.join() === '2') return page([quest('a', 2)]);
      if (states.join() === '3,4') return page([quest('done', 4)]);
      if (states.length === 0) return page([quest('a', 2)]);
      return page([]);
    }),
    get('/api/retention/quests', () =>
      page([quest('def-new', 1, { id: 'def-new', questId: 'def-new', name: 'Starter quest' })]),
    ),
    put('/api/retention/quests/def-new/activate', () =>
      reply(dataEnvelope(playerQuestSchema), { data: quest('new', 2) }),
    ),
  );
});

describe('the quests hub', () => {
  it('shows the active quests, switches tabs and starts an available quest', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderInModal(<HubModal name="quests-hub" value="active" close={() => {}} />, '/?quests-hub=active');
    const card = await screen.findByRole('article', { name: 'Quest a' });
    expect(within(card).getByText('1 of 2 tasks')).toBeInTheDocument();
    expect(within(card).getByText('in progress')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Active',
      'Available',
      'Completed',
      'Expired',
    ]);

    await user.click(within(card).getByRole('button', { name: 'Tasks' }));
    expect(screen.getByTestId('location')).toHaveTextContent('quest-tasks=a');

    await user.click(screen.getByRole('tab', { name: 'Available' }));
    expect(screen.getByTestId('location')).toHaveTextContent('quests-hub=available');
  });

  it('the Available tab starts a quest with its definition id', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderInModal(<HubModal name="quests-hub" value="available" close={() => {}} />, '/?quests-hub=available');
    const card = await screen.findByRole('article', { name: 'Starter quest' });
    await user.click(within(card).getByRole('button', { name: 'Start quest' }));
    await vi.waitFor(() => expect(requests()).toContain('PUT /api/retention/quests/def-new/activate'));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('quests-hub=active'));
  });

  it('the Completed tab lists rewarded quests', { timeout: 20_000 }, async () => {
    renderInModal(<HubModal name="quests-hub" value="completed" close={() => {}} />, '/?quests-hub=completed');
    const card = await screen.findByRole('article', { name: 'Quest done' });
    expect(within(card).getByText('rewarded')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel quest' })).toBeNull();
  });
});

describe('the quest tasks modal', () => {
  it(
    'lists tasks with progress in money, opens eligible games, and ticks live from a push',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderInModal(<TasksModal name="quest-tasks" value="a" close={() => {}} />, '/?quest-tasks=a');
      const tasks = await screen.findAllByTestId('quest-task');
      expect(tasks).toHaveLength(2);
      expect(tasks[0]).toHaveTextContent('Done');
      expect(tasks[1]).toHaveTextContent('€7.50 of €20.00');
      // A task that counts play says from when: rounds before the quest started do not count.
      expect(tasks[1]).toHaveTextContent('Only bets in rounds played after you started this quest count.');
      expect(tasks[0]).not.toHaveTextContent('after you started');
      await act(async () => {
        patchTask({
          id: 't2',
          questId: 'a',
          isActive: true,
          isCompleted: false,
          progress: 12.5,
          quantity: 20,
          type: 4,
          name: 'Bet €20 on slots',
          playerId: 'p1',
          createdAt: '',
          updatedAt: null,
        });
      });
      await vi.waitFor(() => expect(screen.getAllByTestId('quest-task')[1]).toHaveTextContent('€12.50 of €20.00'));
      await user.click(screen.getByRole('button', { name: 'Eligible games' }));
      expect(screen.getByTestId('location')).toHaveTextContent('quest-task-games=a%3At2');
    },
  );
});
