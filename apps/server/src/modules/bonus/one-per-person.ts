import { ErrorCode } from '@casino/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { personOf } from '../links/index.ts';
import { bonusDefinitions, playerBonuses, playerFreespins } from './tables.ts';

export const ONE_PER_PERSON_MESSAGE = 'This offer is limited to one per person, and it has been claimed already';

/** The refusal of a one-per-person offer already had: a 409 the code form words as "one per person". */
export const onePerPersonRefusal = () =>
  new DomainError(ErrorCode.conflict, ONE_PER_PERSON_MESSAGE, undefined, { refusal: 'one_per_person' });
export const isOnePerPersonRefusal = (error: unknown) =>
  error instanceof DomainError && error.details?.refusal === 'one_per_person';

/**
 * Of the definitions named, those the player or any account linked to them (links module) has been
 * given, as a bonus or free spins, whatever became of it.
 */
export async function claimedByPerson(db: DbOrTx, playerId: string, definitionIds: string[]): Promise<Set<string>> {
  if (definitionIds.length === 0) return new Set();
  const people = await personOf(db, playerId);
  const [bonuses, spins] = await Promise.all([
    db
      .selectDistinct({ id: playerBonuses.definitionId })
      .from(playerBonuses)
      .where(and(inArray(playerBonuses.playerId, people), inArray(playerBonuses.definitionId, definitionIds))),
    db
      .selectDistinct({ id: playerFreespins.definitionId })
      .from(playerFreespins)
      .where(and(inArray(playerFreespins.playerId, people), inArray(playerFreespins.definitionId, definitionIds))),
  ]);
  return new Set([...bonuses, ...spins].map((row) => row.id));
}

/**
 * Before a one-per-person definition is given: refused when the person had it. The definition's row is
 * locked first, so two linked accounts claiming it at once are decided one after the other.
 */
export async function assertOnePerPerson(
  db: DbOrTx,
  definition: { id: string; onePerPerson: boolean },
  playerId: string,
): Promise<void> {
  if (!definition.onePerPerson) return;
  await db
    .select({ id: bonusDefinitions.id })
    .from(bonusDefinitions)
    .where(eq(bonusDefinitions.id, definition.id))
    .for('update');
  if ((await claimedByPerson(db, playerId, [definition.id])).has(definition.id)) throw onePerPersonRefusal();
}
