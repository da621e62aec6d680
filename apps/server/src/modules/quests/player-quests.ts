/** A player's quests: issued by an operator, activated and canceled by the player. */
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { QuestState, type PlayerQuest } from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { atomic } from '../../db/atomic.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue, withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import type { BonusRules } from '../bonus/index.ts';
import { findGame, gameIdsInCollections } from '../game/index.ts';
import { advance } from './advance.ts';
import { definitionBy, isOffered } from './definitions.ts';
import { quantityIn, questCurrency } from './quest-currency.ts';
import {
  playerQuests,
  playerQuestTasks,
  questDefinitions,
  type PlayerQuestRow,
  type QuestDefinitionRow,
} from './tables.ts';
import { playerQuestById } from './views.ts';

type Ctx = UnitOfWorkContext;

/** Serialises a player's quest changes (activate, issue) in the caller's transaction. */
const lockPlayer = (tx: Tx, playerId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quests:${playerId}`}, 0))`);

async function taskValues(db: DbOrTx, definition: QuestDefinitionRow, currency: string, active: boolean) {
  return Promise.all(
    definition.tasks.map(async (task, i) => {
      const games = new Set<string>();
      for (const game of task.games ?? []) {
        const found = isUuid(game) ? game : (await findGame(db, game))?.id;
        if (found) games.add(found);
      }
      for (const id of await gameIdsInCollections(db, task.collections ?? [])) games.add(id);
      return {
        executionOrder: i,
        type: task.type,
        name: task.name,
        description: task.description ?? '',
        unit: task.unit,
        quantity: quantityIn(task, currency),
        isActive: active && (definition.taskExecutionOrder === 0 || i === 0),
        conditions: {
          ...(games.size > 0 || task.games?.length || task.collections?.length ? { games: [...games].sort() } : {}),
          ...(task.collections?.length ? { collections: task.collections } : {}),
          ...(task.fields?.length ? { fields: task.fields } : {}),
        },
      };
    }),
  );
}

const endOf = (definition: QuestDefinitionRow, now: Date): Date | null => {
  const byDuration = definition.durationHours ? new Date(now.getTime() + definition.durationHours * 3_600_000) : null;
  const to = definition.availableTo;
  if (byDuration && to) return byDuration < to ? byDuration : to;
  return byDuration ?? to ?? null;
};

async function insertQuest(
  tx: Tx,
  playerId: string,
  definition: QuestDefinitionRow,
  currency: string,
  state: 1 | 2,
  now: Date,
): Promise<PlayerQuestRow> {
  const tasks = await taskValues(tx, definition, currency, state === QuestState.inProgress);
  let quest: PlayerQuestRow;
  try {
    quest = await atomic(tx, async (sp) => {
      const [row] = await sp
        .insert(playerQuests)
        .values({
          playerId,
          questId: definition.id,
          state,
          currency,
          startedAt: state === QuestState.inProgress ? now : null,
          endAt: state === QuestState.inProgress ? endOf(definition, now) : definition.availableTo,
          updatedAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The player holds this quest already');
    throw error;
  }
  await tx.insert(playerQuestTasks).values(tasks.map((t) => ({ ...t, playerQuestId: quest.id, playerId })));
  return quest;
}

/** `ops quest issue`: gives a player a quest in state 1; it starts when the player activates it. */
export async function issueQuest(ctx: Ctx, playerId: string, identity: string, now = new Date()) {
  return withTransaction(ctx, async (tx) => {
    await lockPlayer(tx, playerId);
    const definition = await definitionBy(tx, identity);
    if (!definition) throw notFound(`No quest "${identity}"`);
    const currency = await questCurrency(tx, playerId);
    const quest = await insertQuest(tx, playerId, definition, currency, QuestState.issued, now);
    await enqueue(tx, 'quest.updated', { playerId, playerQuestId: quest.id, state: quest.state });
    return { quest, definition };
  });
}

/**
 * `PUT /quests/{id}/activate`: `id` names a definition (or an issued player quest). An issued quest the
 * player holds moves to 2; a definition not held starts in 2. One quest in progress at a time unless
 * the definitions say `concurrent`. State tasks already met complete at once.
 */
export async function activateQuest(
  ctx: Ctx,
  rules: BonusRules,
  playerId: string,
  id: string,
  now = new Date(),
): Promise<PlayerQuest> {
  if (!isUuid(id)) throw notFound('Quest not found');
  const questId = await withTransaction(ctx, async (tx) => {
    await lockPlayer(tx, playerId);
    const [held] = await tx
      .select()
      .from(playerQuests)
      .where(
        and(
          eq(playerQuests.playerId, playerId),
          or(eq(playerQuests.id, id), eq(playerQuests.questId, id)),
          lt(playerQuests.state, QuestState.canceled),
        ),
      );
    if (held && held.state !== QuestState.issued) throw conflict('This quest has been started already');
    const definition = await definitionBy(tx, held?.questId ?? id);
    if (!definition || (!held && !(await isOffered(tx, definition.id, now)))) throw notFound('Quest not found');
    if (held && !definition.enabled) throw notFound('Quest not found');
    if (!definition.concurrent) {
      const [running] = await tx
        .select({ id: playerQuests.id })
        .from(playerQuests)
        .innerJoin(questDefinitions, eq(questDefinitions.id, playerQuests.questId))
        .where(
          and(
            eq(playerQuests.playerId, playerId),
            eq(playerQuests.state, QuestState.inProgress),
            eq(questDefinitions.concurrent, false),
          ),
        )
        .limit(1);
      if (running) throw conflict('Another quest is in progress: finish or cancel it first');
    }
    let quest: PlayerQuestRow;
    if (held) {
      [quest] = (await tx
        .update(playerQuests)
        .set({ state: QuestState.inProgress, startedAt: now, endAt: endOf(definition, now), updatedAt: now })
        .where(eq(playerQuests.id, held.id))
        .returning()) as [PlayerQuestRow];
      await tx
        .update(playerQuestTasks)
        .set({ isActive: true, updatedAt: now })
        .where(
          and(
            eq(playerQuestTasks.playerQuestId, held.id),
            definition.taskExecutionOrder === 0 ? undefined : eq(playerQuestTasks.executionOrder, 0),
          ),
        );
    } else {
      quest = await insertQuest(tx, playerId, definition, await questCurrency(tx, playerId), 2, now);
    }
    await enqueue(tx, 'quest.updated', { playerId, playerQuestId: quest.id, state: QuestState.inProgress });
    await advance(tx, rules, quest.id, now);
    return quest.id;
  });
  return (await playerQuestById(ctx.db, questId))!;
}

/** `PUT /player-quests/{id}/cancel`: an issued or running quest ends (5). */
export async function cancelQuest(ctx: Ctx, playerId: string, id: string, now = new Date()): Promise<PlayerQuest> {
  if (!isUuid(id)) throw notFound('Quest not found');
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(playerQuests)
      .set({ state: QuestState.canceled, updatedAt: now })
      .where(
        and(
          eq(playerQuests.id, id),
          eq(playerQuests.playerId, playerId),
          inArray(playerQuests.state, [QuestState.issued, QuestState.inProgress]),
        ),
      )
      .returning();
    if (row) {
      await enqueue(tx, 'quest.updated', { playerId, playerQuestId: id, state: QuestState.canceled });
      return;
    }
    const [exists] = await tx
      .select({ state: playerQuests.state })
      .from(playerQuests)
      .where(and(eq(playerQuests.id, id), eq(playerQuests.playerId, playerId)));
    if (!exists) throw notFound('Quest not found');
    throw conflict('This quest has ended already');
  });
  return (await playerQuestById(ctx.db, id))!;
}
