import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/shared/ui/toast.ts';
import { subscribeMessenger } from '@/features/notifications/messenger-channel.ts';
import { subscribeTournaments } from './tournaments-channel.ts';

vi.mock('@/shared/ui/toast.ts', () => ({ toast: vi.fn() }));
// The push connection is replaced by a recorder of the channels subscribed.
const socket = vi.hoisted(() => ({ channels: new Map<string, { onPublication: (data: unknown) => void }>() }));
vi.mock('@/shared/lib/socket.ts', () => ({
  subscribeChannel: async (channel: string, handlers: { onPublication: (data: unknown) => void }) => {
    socket.channels.set(channel, handlers);
    return () => socket.channels.delete(channel);
  },
}));

beforeEach(() => {
  vi.mocked(toast).mockClear();
  socket.channels.clear();
});

describe('a tournament win', () => {
  it('is toasted once: by the winner’s own notice, not again by the public results push', async () => {
    await subscribeTournaments();
    await subscribeMessenger('p2');
    // What the server sends when a tournament ends: the public results (names masked, no ids) …
    socket.channels.get('tournaments')!.onPublication({
      event: 'tournament.completed',
      tournament: {
        id: 't1',
        title: 'Daily Slots Race',
        identity: 'daily',
        state: 4,
        endAt: '2026-11-28T00:00:00.000Z',
        prizes: [
          { place: 1, type: 1, title: '€50 bonus', entry: { nickname: 'Ac***', points: 900 } },
          { place: 2, type: 3, title: '500 points', entry: { nickname: 'Me***', points: 100 } },
        ],
      },
    });
    // … and the winner's messenger notice.
    socket.channels.get('messenger:notifications#p2')!.onPublication({
      event: 'messenger.message.created',
      totalUnread: 1,
      message: {
        id: 'm1',
        state: 1,
        readAt: null,
        createdAt: '2026-11-28T00:00:01.000Z',
        type: 'success',
        topic: 'tournament.completed',
        content: {
          title: 'You placed #2 in Daily Slots Race',
          body: 'Congratulations! Your prize: 500 points.',
          link: { url: '/tournaments/daily', label: 'See the results' },
        },
      },
    });
    expect(vi.mocked(toast).mock.calls.map(([input]) => input.title)).toEqual(['You placed #2 in Daily Slots Race']);
  });
});
