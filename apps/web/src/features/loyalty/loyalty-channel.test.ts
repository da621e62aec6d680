import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoyaltyAccount } from '@casino/contracts';
import { initWith } from '@/app/test-support.tsx';
import { playerInitQuery } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { cachedLoyaltyAccount, setLoyaltyAccount } from './api.ts';
import { onLoyaltyLevelUpdated } from './level-events.ts';
import { subscribeLoyaltyAccount } from './loyalty-channel.ts';

// The push connection is replaced by a recorder of the handlers the channel registers.
const socket = vi.hoisted(() => ({
  channels: new Map<string, { onPublication: (data: unknown) => void; onSubscribed?: (ctx: unknown) => void }>(),
}));
vi.mock('@/shared/lib/socket.ts', () => ({
  subscribeChannel: async (
    channel: string,
    handlers: { onPublication: (data: unknown) => void; onSubscribed?: (ctx: unknown) => void },
  ) => {
    socket.channels.set(channel, handlers);
    return () => socket.channels.delete(channel);
  },
}));

const lvl = (order: number, name: string, points: number) => ({ id: `l${order}`, name, order, points });
const account = (
  points: number,
  current: ReturnType<typeof lvl>,
  next: ReturnType<typeof lvl> | null,
): LoyaltyAccount => ({
  id: 'a',
  playerId: 'p1',
  points,
  currentLevel: current,
  nextLevel: next,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-27T10:00:00Z',
});
const [bronze, silver, gold] = [lvl(1, 'Bronze', 0), lvl(2, 'Silver', 5), lvl(3, 'Gold', 50)];
const publish = (event: string, playerAccount: unknown) =>
  socket.channels.get('retention:accounts#p1')!.onPublication({ event, playerAccount });

let reached: LoyaltyAccount[];
let stops: (() => void)[];
beforeEach(async () => {
  queryClient.clear();
  socket.channels.clear();
  queryClient.setQueryData(playerInitQuery.queryKey, initWith({}, { loyalty: true }));
  reached = [];
  stops = [onLoyaltyLevelUpdated((a) => reached.push(a))];
  setLoyaltyAccount(account(2, bronze, silver));
  stops.push(await subscribeLoyaltyAccount('p1'));
});
afterEach(() => {
  for (const stop of stops) stop();
});

describe('retention:accounts', () => {
  it('replaces the account on a balance push, telling no level-up', () => {
    publish('account.balance.updated', account(4, bronze, silver));
    expect(cachedLoyaltyAccount()?.points).toBe(4);
    expect(reached).toEqual([]);
  });

  it('tells a higher level once', () => {
    publish('account.level.updated', account(6, silver, gold));
    publish('account.balance.updated', account(7, silver, gold));
    expect(cachedLoyaltyAccount()).toMatchObject({ points: 7, currentLevel: { name: 'Silver' } });
    expect(reached.map((a) => a.currentLevel.name)).toEqual(['Silver']);
  });

  it('drops a malformed push and keeps a newer account over an older one', () => {
    publish('account.level.updated', { points: 'many' });
    publish('account.balance.updated', account(10, silver, gold));
    publish('account.balance.updated', account(8, silver, gold));
    expect(cachedLoyaltyAccount()?.points).toBe(10);
  });

  it('subscribes nothing while loyalty is off', async () => {
    socket.channels.clear();
    queryClient.setQueryData(playerInitQuery.queryKey, initWith());
    await subscribeLoyaltyAccount('p1');
    expect(socket.channels.size).toBe(0);
  });
});
