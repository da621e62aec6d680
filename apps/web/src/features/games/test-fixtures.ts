/** Test data for the catalogue: games, providers, collections and wins as the API sends them. */
import { vi } from 'vitest';
import { gameSchema, pageEnvelope, type Collection, type Game, type Provider, type Winner } from '@casino/contracts';
import { reply } from '@/test-api.ts';

export const testProvider = (id: string, name: string, gameEnabledCount = 10): Provider => ({
  id,
  identity: name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '-'),
  name,
  gameEnabledCount,
  images: { '116x40': { '1x': `/img/providers/${id}.png`, '2x': `/img/providers/${id}@2x.png` } },
  customImages: {},
});

export const testCollection = (
  id: string,
  identity: string,
  name: string,
  extra: Partial<Collection> = {},
): Collection => ({
  id,
  identity,
  name,
  countries: [],
  isHidden: false,
  ...extra,
});

const set = (path: string) => ({ '1x': `${path}.jpg`, '2x': `${path}@2x.jpg` });

export const testGame = (id: string, name: string, extra: Partial<Game> = {}): Game => ({
  id,
  identity: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  type: 'slots',
  volatility: 'medium',
  paylines: 20,
  isDemoMode: true,
  platforms: [1, 2],
  screenWidthRatio: null,
  screenHeightRatio: null,
  images: { '200x200': set(`/img/games/${id}-200x200`), '200x300': set(`/img/games/${id}-200x300`) },
  customImages: {},
  provider: testProvider('p1', 'Lumen Studio'),
  collections: [],
  labels: [],
  isBonusWagering: false,
  minimumBonusWagerMultiplier: 0,
  isFavorite: false,
  ...extra,
});

export const testWinner = (gameId: string, nickname: string, payout = 10): Winner => ({
  nickname,
  amount: 1,
  payout,
  currency: 'EUR',
  gameId,
  gameName: `Game ${gameId}`,
  isDemoMode: false,
  gameImages: { '200x200': set(`/img/games/${gameId}-200x200`), '200x300': set(`/img/games/${gameId}-200x300`) },
  gameCustomImages: {},
});

/** A page of games as `GET /api/game/games` (and favorites, played) answers it. */
export const pageOf = (data: Game[], page = 1, perPage = 20, totalRows = data.length) =>
  reply(pageEnvelope(gameSchema), {
    data,
    meta: { page, perPage, totalPages: Math.max(1, Math.ceil(totalRows / perPage)), totalRows },
  });

/** A `matchMedia` that answers `matches` for every query: true makes the page a phone. */
export const stubMedia = (matches: boolean) => (query: string) =>
  ({
    matches,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    onchange: null,
  }) as unknown as MediaQueryList;

/**
 * An IntersectionObserver whose entries the test decides: `show()` reports every observed element as
 * on screen. Without one, jsdom has none and the catalogue treats everything as visible.
 */
export function stubIntersection() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set() };
      observers.add(this.entry);
    }
    observe(el: Element) {
      this.entry.elements.add(el);
    }
    unobserve(el: Element) {
      this.entry.elements.delete(el);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** Whether an observer watches `el` now: React runs the effect that starts watching after the paint. */
    watches(el: Element) {
      return [...observers].some(({ elements }) => elements.has(el));
    },
    show(visible = true) {
      for (const { callback, elements } of [...observers]) {
        const entries = [...elements].map(
          (target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry,
        );
        if (entries.length) callback(entries, {} as IntersectionObserver);
      }
    },
  };
}
