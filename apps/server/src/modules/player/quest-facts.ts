import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import { players } from './tables.ts';

/** Profile fields (their wire names) a quest may ask the player to fill. */
const FILLABLE = {
  nickname: players.nickname,
  firstName: players.firstName,
  lastName: players.lastName,
  gender: players.gender,
  birthdate: players.birthdate,
  city: players.city,
  address: players.address,
  postalCode: players.postalCode,
  additionalAddress: players.additionalAddress,
  nationality: players.nationality,
  placeOfBirth: players.placeOfBirth,
  profession: players.profession,
  personalIdNumber: players.personalIdNumber,
  cpf_number: players.cpfNumber,
  phone: players.phone,
} as const;

export type PlayerFacts = { emailConfirmed: boolean; phoneConfirmed: boolean; filled: string[] };

/**
 * What quests read of a player's state: e-mail and phone confirmed, and which profile fields (wire
 * names) hold a value. Null for no such player.
 */
export async function playerFacts(db: DbOrTx, playerId: string): Promise<PlayerFacts | null> {
  if (!isUuid(playerId)) return null;
  const [row] = await db
    .select({ confirmedAt: players.confirmedAt, phoneConfirmed: players.phoneConfirmed, ...FILLABLE })
    .from(players)
    .where(eq(players.id, playerId));
  if (!row) return null;
  const filled = Object.keys(FILLABLE).filter((name) => {
    const value = row[name as keyof typeof FILLABLE];
    return typeof value === 'string' && value.trim() !== '';
  });
  return { emailConfirmed: row.confirmedAt !== null, phoneConfirmed: row.phoneConfirmed, filled };
}
