/** Quest definitions: the operators' catalogue, and which of it is on offer now. */
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { TaskType, type QuestDefinitionInput } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { questDefinitions, type QuestDefinitionRow, type QuestTaskDefinition } from './tables.ts';

export async function createQuestDefinition(db: DbOrTx, input: QuestDefinitionInput): Promise<QuestDefinitionRow> {
  input.tasks.forEach((task, i) => {
    if (task.type === TaskType.fillProfileFields && !task.fields?.length)
      throw unprocessable(`Task ${i + 1} names no profile fields`, { [`tasks.${i}.fields`]: ['Name the fields'] });
    if (
      task.unit === 'amount' &&
      ![TaskType.winInGames, TaskType.betInGames, TaskType.makeDeposits].includes(task.type as 3)
    )
      throw unprocessable(`Task ${i + 1} counts no amounts`, { [`tasks.${i}.unit`]: ['Only bets, wins and deposits'] });
  });
  if (input.availableFrom && input.availableTo && input.availableFrom >= input.availableTo)
    throw unprocessable('availableFrom must be before availableTo', { availableTo: ['After availableFrom'] });
  try {
    const [row] = await db
      .insert(questDefinitions)
      .values({
        identity: input.identity,
        name: input.name,
        description: input.description,
        position: input.position,
        enabled: input.enabled,
        taskExecutionOrder: input.taskExecutionOrder,
        concurrent: input.concurrent,
        durationHours: input.durationHours,
        availableFrom: input.availableFrom ? new Date(input.availableFrom) : null,
        availableTo: input.availableTo ? new Date(input.availableTo) : null,
        tasks: input.tasks as QuestTaskDefinition[],
        rewards: input.rewards,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A quest "${input.identity}" exists already`);
    throw error;
  }
}

export const listQuestDefinitions = (db: DbOrTx) =>
  db.select().from(questDefinitions).orderBy(asc(questDefinitions.position), asc(questDefinitions.createdAt));

export async function setQuestEnabled(db: DbOrTx, identity: string, enabled: boolean) {
  const [row] = await db
    .update(questDefinitions)
    .set({ enabled })
    .where(eq(questDefinitions.identity, identity))
    .returning({ id: questDefinitions.id });
  if (!row) throw notFound(`No quest "${identity}"`);
}

export const definitionBy = async (db: DbOrTx, idOrIdentity: string) =>
  (
    await db
      .select()
      .from(questDefinitions)
      .where(isUuid(idOrIdentity) ? eq(questDefinitions.id, idOrIdentity) : eq(questDefinitions.identity, idOrIdentity))
  )[0] ?? null;

export const offered = (now: Date) =>
  and(
    eq(questDefinitions.enabled, true),
    or(isNull(questDefinitions.availableFrom), lte(questDefinitions.availableFrom, now)),
    or(isNull(questDefinitions.availableTo), gt(questDefinitions.availableTo, now)),
  )!;

export async function isOffered(db: DbOrTx, definitionId: string, now: Date) {
  const [row] = await db
    .select({ id: questDefinitions.id })
    .from(questDefinitions)
    .where(and(eq(questDefinitions.id, definitionId), offered(now)));
  return Boolean(row);
}
