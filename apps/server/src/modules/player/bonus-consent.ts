import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import { players } from './tables.ts';

/**
 * The player's consent to promotional bonuses (registration's and the profile's `receiveBonus`): a
 * promotion is issued unasked only with it. False for no such player.
 */
export async function bonusConsent(db: DbOrTx, playerId: string): Promise<boolean> {
  if (!isUuid(playerId)) return false;
  const [row] = await db.select({ consent: players.receiveBonus }).from(players).where(eq(players.id, playerId));
  return row?.consent ?? false;
}

/** Where a player lives and plays, as offers restrict them: country and registration currency (null: no such player). */
export async function playerHome(
  db: DbOrTx,
  playerId: string,
): Promise<{ country: string | null; currency: string | null } | null> {
  if (!isUuid(playerId)) return null;
  const [row] = await db
    .select({ country: players.country, currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId));
  return row ?? null;
}
