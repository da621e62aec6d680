import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/shared/ui/toast.ts';
import { announceCompletion } from './tournaments-channel.ts';

vi.mock('@/shared/ui/toast.ts', () => ({ toast: vi.fn() }));

describe('a completed tournament', () => {
  it('toasts the player their own prizes only', () => {
    announceCompletion(
      {
        event: 'tournament.completed',
        tournament: {
          id: 't1',
          title: 'Daily Slots Race',
          identity: 'daily',
          state: 4,
          endAt: '2026-11-28T00:00:00.000Z',
          prizes: [
            { place: 1, type: 1, title: '€50 bonus', entry: { playerId: 'p1', nickname: 'Ace', points: 900 } },
            { place: 2, type: 3, title: '500 points', entry: { playerId: 'p2', nickname: null, points: 100 } },
            { place: 3, type: 3, title: '100 points' },
          ],
        },
      },
      'p2',
    );
    expect(vi.mocked(toast).mock.calls.map(([input]) => input.title)).toEqual([
      'You placed #2 in Daily Slots Race: 500 points',
    ]);
  });
});
