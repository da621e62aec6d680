import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelHandlers } from '@/shared/lib/socket.ts';
import { onGameBetPush, type GameBetPush } from './game-bets-events.ts';
import { subscribeGameBets } from './game-bets-channel.ts';

const channel = vi.hoisted(() => ({ name: '', handlers: null as ChannelHandlers | null }));
vi.mock('@/shared/lib/socket.ts', () => ({
  subscribeChannel: vi.fn(async (name: string, handlers: ChannelHandlers) => {
    channel.name = name;
    channel.handlers = handlers;
    return () => {};
  }),
}));

let stop: (() => void) | null = null;
afterEach(() => stop?.());

describe('game:bets channel', () => {
  it('hands checked pushes of the player channel to the page and drops malformed ones', async () => {
    const seen: GameBetPush[] = [];
    stop = onGameBetPush((push) => seen.push(push));
    await subscribeGameBets('p1');
    expect(channel.name).toBe('game:bets#p1');

    const publish = (data: unknown) => channel.handlers!.onPublication(data);
    publish({ event: 'game.bet.restricted', gameIdentity: 'sugar-rush' });
    publish({
      event: 'game.bet.max.exceed',
      gameIdentity: 'sugar-rush',
      playerBonus: { currency: 'EUR', maxBetAmount: 5 },
    });
    publish({
      event: 'game.bet.max.exceed',
      gameIdentity: 'sugar-rush',
      playerBonus: { currency: 'EUR', maxBetAmount: 'lots' },
    });
    publish({ event: 'game.bet.balance-insufficient', token: 'x' });

    expect(seen).toEqual([
      { kind: 'restricted', gameIdentity: 'sugar-rush' },
      { kind: 'max-exceed', gameIdentity: 'sugar-rush', currency: 'EUR', maxBetAmount: 5 },
    ]);
  });
});
