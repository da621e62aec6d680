import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerBonusPush } from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { toast } from '@/shared/ui/toast.ts';
import { announceBonus, noticeOf } from './bonus-notices.ts';
import { REFRESH_DEBOUNCE_MS, subscribePlayerBonuses } from './bonuses-channel.ts';

// The push connection is replaced by a recorder of the handlers the channel registers.
const socket = vi.hoisted(() => ({
  channels: new Map<string, { onPublication: (data: unknown) => void; onSubscribed?: (ctx: unknown) => void }>(),
  stopped: [] as string[],
}));
vi.mock('@/shared/lib/socket.ts', () => ({
  subscribeChannel: async (
    channel: string,
    handlers: { onPublication: (data: unknown) => void; onSubscribed?: (ctx: unknown) => void },
  ) => {
    socket.channels.set(channel, handlers);
    return () => socket.stopped.push(channel);
  },
}));
vi.mock('@/shared/ui/toast.ts', () => ({ toast: vi.fn() }));

type Change = PlayerBonusPush['playerBonus'];
const change = (over: Partial<Change>): Change => ({
  id: 'b1',
  name: 'Welcome bonus',
  status: 1,
  result: 1,
  amount: 20,
  currency: 'EUR',
  currentWagerAmount: 0,
  requiredWagerCasinoAmount: 100,
  currentWagerPercentage: 0,
  ...over,
});
const publish = (playerBonus: Change, event = 'player.bonus.updated') =>
  socket.channels.get('bonus:player-bonuses#p1')!.onPublication({ event, playerBonus });
const toasts = () => vi.mocked(toast).mock.calls.map(([input]) => `${input.title} | ${input.description}`);

let stop: () => void;
beforeEach(async () => {
  queryClient.clear();
  vi.mocked(toast).mockClear();
  stop = await subscribePlayerBonuses('p1');
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('which bonus change is told', () => {
  it.each([
    ['issued', { status: 1, result: 1 }, undefined, '1-1'],
    ['activated', { status: 2, result: 1 }, 1, '2-1'],
    ['activated, first heard of as it happens', { status: 2, result: 1 }, undefined, '2-1'],
    ['wagering progress', { status: 2, result: 1, currentWagerAmount: 5 }, 2, null],
    [
      'progress of a bonus activated before this tab heard of it',
      { status: 2, result: 1, currentWagerAmount: 5 },
      undefined,
      null,
    ],
    ['wagered', { status: 3, result: 2 }, 2, '3-2'],
    ['cancelled', { status: 3, result: 3 }, 2, '3-3'],
    ['expired', { status: 3, result: 4 }, 1, '3-4'],
    ['lost', { status: 3, result: 5 }, 2, '3-5'],
    ['a repeat of an end already told', { status: 3, result: 3 }, 3, null],
    ['an unknown combination', { status: 3, result: 9 }, 2, null],
  ])('%s', (_, over, last, key) => {
    expect(noticeOf(change(over), last)).toBe(key);
  });
});

describe('bonus:player-bonuses#<playerId>', () => {
  it('toasts each change by status-result with the amount, and progress not at all', () => {
    publish(change({ status: 1, result: 1 }), 'player.bonus.created');
    publish(change({ status: 2, result: 1 }));
    publish(change({ status: 2, result: 1, currentWagerAmount: 40, currentWagerPercentage: 40 }));
    publish(change({ status: 2, result: 1, currentWagerAmount: 80, currentWagerPercentage: 80 }));
    publish(change({ status: 3, result: 2, currentWagerAmount: 100, currentWagerPercentage: 100 }));
    publish(change({ id: 'b2', name: 'Reload', amount: 5, status: 3, result: 4 }));
    publish(change({ id: 'b3', name: 'Spins', amount: 7.5, status: 3, result: 5 }));
    publish(change({ id: 'b4', name: 'Old', amount: 1, status: 3, result: 3 }));
    expect(toasts()).toEqual([
      'New bonus: Welcome bonus | €20.00 is waiting for you to activate it.',
      'Bonus activated: Welcome bonus | €20.00 is now bonus money on your account.',
      'Bonus wagered: Welcome bonus | Well done! What is left of your €20.00 bonus is now real money.',
      'Bonus expired: Reload | The €5.00 bonus has expired.',
      'Bonus lost: Spins | The bonus money of your €7.50 bonus ran out before it was wagered.',
      'Bonus cancelled: Old | The €1.00 bonus is cancelled.',
    ]);
  });

  it('does not repeat what this tab said after its own action', () => {
    announceBonus(change({ status: 2, result: 1 }));
    publish(change({ status: 2, result: 1 }));
    announceBonus(change({ status: 3, result: 3 }));
    publish(change({ status: 3, result: 3 }));
    expect(toasts()).toEqual([
      'Bonus activated: Welcome bonus | €20.00 is now bonus money on your account.',
      'Bonus cancelled: Welcome bonus | The €20.00 bonus is cancelled.',
    ]);
  });

  it('moves the wagering progress of every open list at once, without waiting for a reload', () => {
    vi.useFakeTimers();
    const key = ['bonus', 'player-bonuses', 'open', 'EUR'];
    const open = { ...change({ status: 2 }), currentWagerCasinoAmount: 0, isBonusCancelLock: false };
    queryClient.setQueryData(key, [open, { ...open, id: 'other', currentWagerAmount: 3 }]);
    publish(change({ status: 2, currentWagerAmount: 40, currentWagerPercentage: 40 }));
    // No timer has run: the page shows it as the push arrives (a timer waits in a background tab).
    expect(queryClient.getQueryData(key)).toEqual([
      {
        ...open,
        currentWagerAmount: 40,
        currentWagerCasinoAmount: 40,
        currentWagerPercentage: 40,
        isBonusCancelLock: true,
      },
      { ...open, id: 'other', currentWagerAmount: 3 },
    ]);
  });

  it('ignores a malformed push', () => {
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    vi.useFakeTimers();
    publish({ ...change({}), amount: 'lots' as unknown as number });
    socket.channels
      .get('bonus:player-bonuses#p1')!
      .onPublication({ event: 'player.bonus.deleted', playerBonus: change({}) });
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS * 2);
    expect(toast).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('reloads the bonus lists once, 500 ms after the last push of a burst', () => {
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    vi.useFakeTimers();
    publish(change({ status: 3, result: 3 }));
    vi.advanceTimersByTime(300);
    publish(change({ id: 'b2', status: 2, result: 1 }));
    vi.advanceTimersByTime(300);
    publish(change({ id: 'b2', status: 2, result: 1, currentWagerAmount: 1 }));
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith({ queryKey: ['bonus', 'player-bonuses'] });
  });

  it('reloads after a resubscribe that could not replay what was missed', () => {
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    vi.useFakeTimers();
    const handlers = socket.channels.get('bonus:player-bonuses#p1')!;
    handlers.onSubscribed!({ recovered: false });
    handlers.onSubscribed!({ recovered: true });
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).not.toHaveBeenCalled();
    handlers.onSubscribed!({ recovered: false });
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('drops a pending reload when it stops (logout)', () => {
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    vi.useFakeTimers();
    publish(change({}));
    stop();
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).not.toHaveBeenCalled();
    expect(socket.stopped).toContain('bonus:player-bonuses#p1');
  });
});
