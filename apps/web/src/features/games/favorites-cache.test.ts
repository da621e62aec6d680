import { describe, expect, it } from 'vitest';
import { patchFavorites } from './api/toggle-favorite.ts';
import { testCollection, testGame } from './test-fixtures.ts';

const a = testGame('a', 'Alpha');
const b = testGame('b', 'Beta');
const meta = { page: 1, perPage: 2, totalPages: 1, totalRows: 2 };
const favorite = (ids: string[]) => (game: { id: string }) => ids.includes(game.id);

describe('favourite flags in the cache', () => {
  it('flips the flag in every shape a game is cached in', () => {
    expect(patchFavorites(a, favorite(['a'])).isFavorite).toBe(true);
    expect(patchFavorites([a, b], favorite(['b'])).map((g) => g.isFavorite)).toEqual([false, true]);
    expect(patchFavorites({ data: [a, b], meta }, favorite(['a'])).data.map((g) => g.isFavorite)).toEqual([
      true,
      false,
    ]);
    const infinite = {
      pages: [
        { data: [a], meta },
        { data: [b], meta },
      ],
      pageParams: [1, 2],
    };
    expect(
      patchFavorites(infinite, favorite(['a', 'b'])).pages.flatMap((p) => p.data.map((g) => g.isFavorite)),
    ).toEqual([true, true]);
  });

  it('leaves untouched values as they were, so nothing re-renders for nothing', () => {
    const list = [a, b];
    expect(patchFavorites(list, favorite([]))).toBe(list);
    const collections = [testCollection('c1', 'slots', 'Slots')];
    expect(patchFavorites(collections, favorite(['a']))).toBe(collections);
    expect(patchFavorites(undefined, favorite(['a']))).toBeUndefined();
  });
});
