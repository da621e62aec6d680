import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataEnvelope, gameSchema, type PlayerFreespinPush } from '@casino/contracts';
import { testGame } from '@/features/games/test-fixtures.ts';
import { all, get, refuse, reply, server } from '@/test-api.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { toast } from '@/shared/ui/toast.ts';
import { freespinNoticeOf } from './freespin-notices.ts';
import { FREESPINS_REFRESH_DEBOUNCE_MS, subscribePlayerFreespins } from './freespins-channel.ts';

// The push connection is replaced by a recorder of the handlers the channel registers.
const socket = vi.hoisted(() => ({
  channels: new Map<string, { onPublication: (data: unknown) => void }>(),
}));
vi.mock('@/shared/lib/socket.ts', () => ({
  subscribeChannel: async (channel: string, handlers: { onPublication: (data: unknown) => void }) => {
    socket.channels.set(channel, handlers);
    return () => undefined;
  },
}));
vi.mock('@/shared/ui/toast.ts', () => ({ toast: vi.fn() }));

type Change = PlayerFreespinPush['playerFreespin'];
const change = (over: Partial<Change>): Change => ({
  id: 'f1',
  name: 'Starter spins',
  count: 10,
  usedCount: 0,
  currency: 'EUR',
  gameId: 'g1',
  status: 1,
  result: 1,
  winAmount: 0,
  ...over,
});
const publish = (playerFreespin: Change, event = 'player.freespin.updated') =>
  socket.channels.get('bonus:player-freespins#p1')!.onPublication({ event, playerFreespin });
const toasts = () => vi.mocked(toast).mock.calls.map(([input]) => `${input.title} | ${input.description}`);

let stop: () => void;
beforeEach(async () => {
  queryClient.clear();
  vi.mocked(toast).mockClear();
  server.use(
    get('/api/game/games/g1', () =>
      reply(dataEnvelope(gameSchema), { data: testGame('g1', 'Fortuna Mágica', { identity: 'fortuna' }) }),
    ),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
  stop = await subscribePlayerFreespins('p1');
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('which change of free spins is told', () => {
  it.each([
    ['issued', { status: 1, result: 1 }, undefined, '1-1'],
    ['activated', { status: 2, result: 1 }, 1, '2-1'],
    ['activated, first heard of as it happens', { status: 2, result: 1 }, undefined, '2-1'],
    ['a spin played', { status: 2, result: 1, usedCount: 3 }, 2, null],
    ['a spin of free spins activated before this tab heard of them', { status: 2, usedCount: 3 }, undefined, null],
    ['played', { status: 3, result: 2 }, 2, '3-2'],
    ['cancelled', { status: 3, result: 3 }, 1, '3-3'],
    ['expired', { status: 3, result: 4 }, 2, '3-4'],
    ['a repeat', { status: 3, result: 2 }, 3, null],
  ])('%s', (_, over, last, key) => {
    expect(freespinNoticeOf(change(over), last)).toBe(key);
  });
});

describe('bonus:player-freespins#<playerId>', () => {
  it('toasts a change with the count, currency and the game by name; a spin played says nothing', async () => {
    publish(change({}), 'player.freespin.created');
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toBe(
      '10 free spins for you | 10 free spins (EUR) on Fortuna Mágica. Activate them in My bonuses.',
    );
    publish(change({ status: 2 }));
    await vi.waitFor(() => expect(toasts()).toHaveLength(2));
    publish(change({ status: 2, usedCount: 1 }));
    publish(change({ status: 3, result: 2, usedCount: 10 }));
    await vi.waitFor(() => expect(toasts()).toHaveLength(3));
    expect(toasts()[2]).toBe(
      'Free spins played | Your free spins on Fortuna Mágica are played; any winnings are in My bonuses.',
    );
  });

  it('ignores what is not a free-spin push', () => {
    publish({ nonsense: true } as never);
    expect(toasts()).toHaveLength(0);
  });

  it('reloads the lists once, 500 ms after the last of a burst', () => {
    vi.useFakeTimers();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    publish(change({ id: 'f2', status: 2, usedCount: 1 }));
    vi.advanceTimersByTime(FREESPINS_REFRESH_DEBOUNCE_MS - 100);
    publish(change({ id: 'f2', status: 2, usedCount: 2 }));
    vi.advanceTimersByTime(FREESPINS_REFRESH_DEBOUNCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
