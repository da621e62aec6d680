import { eq, inArray } from 'drizzle-orm';
import { slotReturnToPlayer } from '@casino/games/engines';
import type { DbOrTx } from '../../../db/client.ts';
import { gameProviders, games } from './tables.ts';

/**
 * A game's theoretical return to player, as its provider states it: here the sandbox engines' own
 * figures (a real aggregator's catalogue feed would carry one per game). The slot's is computed exactly
 * from its strips and paytable; roulette returns 36/37; dice and crash 99 % (dice's floored
 * multipliers a hair under it). None for the sportsbook: a ticket's return is the trader's margin.
 */
const ENGINE_RTP: Record<string, number | null> = {
  slot: slotReturnToPlayer().rtp,
  roulette: 36 / 37,
  dice: 0.99,
  crash: 0.99,
  sportsbook: null,
};

export type GameFacts = { identity: string; name: string; provider: string; theoreticalRtp: number | null };

/** The name, provider and theoretical RTP of each game named (by identity). */
export async function gameFacts(db: DbOrTx, identities: readonly string[]): Promise<Map<string, GameFacts>> {
  const wanted = [...new Set(identities)].filter(Boolean);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ identity: games.identity, name: games.name, engine: games.engine, provider: gameProviders.identity })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(inArray(games.identity, wanted));
  return new Map(
    rows.map((r) => [
      r.identity,
      { identity: r.identity, name: r.name, provider: r.provider, theoreticalRtp: ENGINE_RTP[r.engine] ?? null },
    ]),
  );
}
