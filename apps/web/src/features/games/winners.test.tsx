import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { currencySchema, dataEnvelope, playerInitSchema, winnerSchema, type Winner } from '@casino/contracts';
import { initWith } from '@/app/test-support.tsx';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel, type ChannelHandlers } from '@/shared/lib/socket.ts';
import { get, recordRequests, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { winnersQueryKey } from './api/get-winners.ts';
import { mergeWinners, throttleBatches } from './lib/merge-winners.ts';
import { subscribeWinners, WINNERS_THROTTLE_MS } from './lib/winners-live.ts';
import { stubMedia, testWinner } from './test-fixtures.ts';
import { WinnersFeed } from './index.ts';

vi.mock('@/shared/lib/socket.ts', () => ({ subscribeChannel: vi.fn() }));

const names = (list: Winner[]) => list.map((w) => `${w.gameId}:${w.nickname}`);

describe('merging wins', () => {
  it('puts the newest on top, shows each game once with its latest win, and keeps 12', () => {
    const current = Array.from({ length: 12 }, (_, i) => testWinner(`g${i}`, `old${i}`));
    const merged = mergeWinners(current, [
      testWinner('g5', 'anna'),
      testWinner('new', 'bob'),
      testWinner('g5', 'carl'),
    ]);
    expect(merged).toHaveLength(12);
    expect(names(merged).slice(0, 3)).toEqual(['g5:carl', 'new:bob', 'g0:old0']);
    expect(merged.filter((w) => w.gameId === 'g5')).toHaveLength(1);
    // The oldest entry made room.
    expect(names(merged)).not.toContain('g11:old11');
  });
});

describe('throttling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the first item over at once and the rest at most every 3 s, in one batch', () => {
    const batches: number[][] = [];
    const throttle = throttleBatches<number>((b) => batches.push(b), 3000);
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(batches).toEqual([[1]]);
    vi.advanceTimersByTime(2999);
    expect(batches).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[1], [2, 3]]);
    // A quiet interval ends the cycle; the next item is handed over at once again.
    vi.advanceTimersByTime(3000);
    throttle.push(4);
    expect(batches).toEqual([[1], [2, 3], [4]]);
    throttle.stop();
  });
});

describe('live winners channel', () => {
  let publish: ChannelHandlers['onPublication'];
  const unsubscribe = vi.fn();
  beforeEach(() => {
    queryClient.clear();
    vi.useFakeTimers();
    vi.mocked(subscribeChannel).mockImplementation(async (_channel, handlers) => {
      publish = handlers.onPublication;
      return unsubscribe;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('listens on the platform and country channel and merges valid wins into the cached list', async () => {
    const key = winnersQueryKey(2, 'DE');
    queryClient.setQueryData(key, [testWinner('g1', 'old')]);
    const stop = await subscribeWinners(2, 'DE');
    expect(vi.mocked(subscribeChannel).mock.calls[0]?.[0]).toBe('game:winners:desktop:DE');

    publish({ event: 'game.winner', winner: testWinner('g2', 'anna') });
    expect(names(queryClient.getQueryData<Winner[]>(key)!)).toEqual(['g2:anna', 'g1:old']);
    publish({ event: 'game.winner', winner: testWinner('g1', 'bob') });
    publish({ event: 'game.winner', winner: { nickname: 'broken' } });
    publish({ event: 'other.event', winner: testWinner('g9', 'eve') });
    // Throttled: nothing moves until 3 s after the last update.
    expect(names(queryClient.getQueryData<Winner[]>(key)!)).toEqual(['g2:anna', 'g1:old']);
    vi.advanceTimersByTime(WINNERS_THROTTLE_MS);
    expect(names(queryClient.getQueryData<Winner[]>(key)!)).toEqual(['g1:bob', 'g2:anna']);

    stop();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('takes every win of a batched publication, newest on top', async () => {
    const key = winnersQueryKey(2, 'DE');
    queryClient.setQueryData(key, [testWinner('g1', 'old')]);
    const stop = await subscribeWinners(2, 'DE');
    const newest = testWinner('g3', 'cleo');
    publish({ event: 'game.winner', winner: newest, winners: [newest, testWinner('g2', 'anna')] });
    expect(names(queryClient.getQueryData<Winner[]>(key)!)).toEqual(['g3:cleo', 'g2:anna', 'g1:old']);
    stop();
  });
});

describe('winners strip', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.stubGlobal('matchMedia', stubMedia(true));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the latest wins with amount and game, and follows the mobile channel of the country', async () => {
    const sent = recordRequests();
    server.use(
      get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith({ country: 'BR' }) })),
      get('/api/settings/currencies', () => reply(dataEnvelope(z.array(currencySchema)), { data: [] })),
      get('/api/game/spins/winners', () =>
        reply(dataEnvelope(z.array(winnerSchema)), {
          data: [testWinner('g1', 'anna', 125.5), testWinner('g1', 'older', 3)],
        }),
      ),
    );
    let publishLive: ChannelHandlers['onPublication'] = () => {};
    vi.mocked(subscribeChannel).mockImplementation(async (_channel, handlers) => {
      publishLive = handlers.onPublication;
      return () => {};
    });
    renderInModal(<WinnersFeed />);
    const region = await screen.findByRole('region', { name: 'Latest winners' });
    await waitFor(() => expect(region).toHaveTextContent('anna won'));
    expect(region).toHaveTextContent('€125.50');
    expect(region).toHaveTextContent('Game g1');
    expect(sent.map((r) => r.url)).toContain('/api/game/spins/winners?perPage=50&platform=1&countryCode=BR');
    // A game that won twice shows its latest win only.
    expect(screen.getAllByTestId('winner')).toHaveLength(1);
    await waitFor(() =>
      expect(vi.mocked(subscribeChannel)).toHaveBeenCalledWith('game:winners:mobile:BR', expect.anything()),
    );

    act(() => publishLive({ event: 'game.winner', winner: testWinner('g2', 'bruno', 9) }));
    await waitFor(() =>
      expect(screen.getAllByTestId('winner').map((el) => el.textContent)).toEqual([
        expect.stringContaining('bruno'),
        expect.stringContaining('anna'),
      ]),
    );
  });
});
