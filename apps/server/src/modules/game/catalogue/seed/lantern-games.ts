import { eq } from 'drizzle-orm';
import type { GameEngine } from '@casino/contracts';
import type { Db } from '../../../../db/client.ts';
import { invalidateCatalogueCache } from '../cache.ts';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../tables.ts';
import { CATALOGUE_DATE } from './catalogue-data.ts';
import { nameUuid } from './name-uuid.ts';
import { searchName } from '../search-name.ts';

/**
 * The games the Lantern Hub aggregator serves (docs/lantern-wallet-api.md), as its feed would list them:
 * the ids are Lantern's own game ids. Demo data (SEED_DEMO), beside the sandbox Lantern; a deployment
 * with a real Lantern fills the same rows from its feed. One studio of their own, at the end of every
 * order (never the first game of a list), in the collections of their kind.
 */
const LANTERN_STUDIO = {
  id: nameUuid('provider', 'lantern-originals'),
  identity: 'lantern-originals',
  name: 'Lantern Originals',
  position: 9_000,
};

const LANTERN_GAMES: ReadonlyArray<{
  identity: string;
  name: string;
  engine: GameEngine;
  type: string;
  volatility: string;
  paylines: number;
  collection: string;
}> = [
  {
    identity: 'lantern-festival-reels',
    name: 'Lantern Festival Reels',
    engine: 'slot',
    type: 'slots',
    volatility: 'medium',
    paylines: 20,
    collection: 'slots',
  },
  {
    identity: 'lantern-harbour-lights',
    name: 'Harbour Lights',
    engine: 'slot',
    type: 'slots',
    volatility: 'high',
    paylines: 20,
    collection: 'slots',
  },
  {
    identity: 'lantern-night-market-roulette',
    name: 'Night Market Roulette',
    engine: 'roulette',
    type: 'roulette',
    volatility: 'low',
    paylines: 0,
    collection: 'table',
  },
  {
    identity: 'lantern-firefly-dice',
    name: 'Firefly Dice',
    engine: 'dice',
    type: 'dice',
    volatility: 'medium',
    paylines: 0,
    collection: 'dice',
  },
];

export const LANTERN_GAME_IDENTITIES = LANTERN_GAMES.map((game) => game.identity);

/** Adds Lantern's studio and games when missing (an operator's switches on them are kept). */
export async function seedLanternGames(db: Db): Promise<void> {
  await db.insert(gameProviders).values(LANTERN_STUDIO).onConflictDoNothing();
  for (const [i, game] of LANTERN_GAMES.entries()) {
    const id = nameUuid('game', game.identity);
    await db
      .insert(games)
      .values({
        id,
        identity: game.identity,
        name: game.name,
        searchName: searchName(game.name),
        providerId: LANTERN_STUDIO.id,
        aggregator: 'lantern',
        engine: game.engine,
        type: game.type,
        volatility: game.volatility,
        paylines: game.paylines,
        isDemoMode: true,
        platforms: [1, 2],
        labels: ['new'],
        popularity: 0,
        position: 900_000 + i,
        createdAt: CATALOGUE_DATE,
      })
      .onConflictDoNothing();
    const [collection] = await db
      .select({ id: gameCollections.id })
      .from(gameCollections)
      .where(eq(gameCollections.identity, game.collection));
    if (collection)
      await db
        .insert(gameCollectionGames)
        .values({ collectionId: collection.id, gameId: id, position: 900_000 + i })
        .onConflictDoNothing();
  }
  invalidateCatalogueCache(db);
}
