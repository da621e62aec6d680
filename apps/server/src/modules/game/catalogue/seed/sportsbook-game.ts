import { SPORTSBOOK_GAME_IDENTITY } from '@casino/contracts';
import type { DbOrTx } from '../../../../db/client.ts';
import { gameProviders, games } from '../tables.ts';
import { CATALOGUE_DATE } from './catalogue-data.ts';
import { nameUuid } from './name-uuid.ts';

/**
 * The sportsbook's pseudo-game: what the casino launches to open the sportsbook (on the sportsbook
 * provider, docs/sportsbook-provider-api.md) and what its wallet calls name. A studio of its own, so the
 * games' catalogue never carries it; engine `sportsbook` keeps it out of every listing, search, studio
 * count, recently played list and the winners feed. It has a demo mode: a guest browses the sportsbook.
 */
export const SPORTSBOOK_PROVIDER = {
  id: nameUuid('provider', 'sportsbook'),
  identity: 'sportsbook',
  name: 'Sportsbook',
  // After every studio of the sandbox catalogue.
  position: 10_000,
};

export const SPORTSBOOK_GAME = {
  id: nameUuid('game', SPORTSBOOK_GAME_IDENTITY),
  identity: SPORTSBOOK_GAME_IDENTITY,
  name: 'Sportsbook',
  searchName: 'sportsbook',
  providerId: SPORTSBOOK_PROVIDER.id,
  engine: 'sportsbook' as const,
  type: 'sportsbook',
  volatility: 'low',
  paylines: 0,
  isDemoMode: true,
  platforms: [1, 2],
  popularity: 0,
  position: 1_000_000,
  createdAt: CATALOGUE_DATE,
};

/** Adds the sportsbook's studio and pseudo-game when missing (an operator's switches on them are kept). */
export async function seedSportsbookGame(db: DbOrTx): Promise<void> {
  await db.insert(gameProviders).values(SPORTSBOOK_PROVIDER).onConflictDoNothing();
  await db.insert(games).values(SPORTSBOOK_GAME).onConflictDoNothing();
}
