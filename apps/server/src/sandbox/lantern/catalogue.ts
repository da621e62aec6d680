import type { GameEngine } from '@casino/contracts';

/**
 * The sandbox Lantern's games: its own catalogue (an aggregator knows what it serves), played on the
 * sandbox game server's engines. The casino lists the same ids (modules/game/catalogue/seed/lantern-games.ts),
 * as it would from a real aggregator's feed.
 */
export type LanternGame = { id: string; name: string; engine: GameEngine; volatility: string; paylines: number };

export const LANTERN_GAMES: readonly LanternGame[] = [
  { id: 'lantern-festival-reels', name: 'Lantern Festival Reels', engine: 'slot', volatility: 'medium', paylines: 20 },
  { id: 'lantern-harbour-lights', name: 'Harbour Lights', engine: 'slot', volatility: 'high', paylines: 20 },
  {
    id: 'lantern-night-market-roulette',
    name: 'Night Market Roulette',
    engine: 'roulette',
    volatility: 'low',
    paylines: 0,
  },
  { id: 'lantern-firefly-dice', name: 'Firefly Dice', engine: 'dice', volatility: 'medium', paylines: 0 },
];
