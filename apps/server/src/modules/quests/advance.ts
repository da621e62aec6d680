/** A running quest moves on: its next task activates, state tasks read the player, a finished quest completes. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { QuestState, TaskType } from '@casino/contracts';
import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import type { BonusRules } from '../bonus/index.ts';
import { playerFacts, type PlayerFacts } from '../player/index.ts';
import { payRewards } from './rewards.ts';
import {
  playerQuests,
  playerQuestTasks,
  questDefinitions,
  type PlayerQuestRow,
  type QuestDefinitionRow,
  type TaskRow,
} from './tables.ts';

const STATE_TASKS: readonly number[] = [TaskType.verifyEmail, TaskType.fillProfileFields, TaskType.verifyPhone];
export const open = and(sql`${playerQuestTasks.isActive}`, sql`not ${playerQuestTasks.isCompleted}`)!;

export async function taskEvent(tx: Tx, task: TaskRow, currency: string) {
  await enqueue(tx, 'quest.task.updated', {
    playerId: task.playerId,
    task: {
      id: task.id,
      questId: task.playerQuestId,
      isActive: task.isActive,
      isCompleted: task.isCompleted,
      progress: task.progress.toString(),
      quantity: task.quantity.toString(),
      unit: task.unit,
      currency,
      type: task.type,
      name: task.name,
      createdAt: task.createdAt.toISOString(),
      updatedAt: task.updatedAt?.toISOString() ?? null,
    },
  });
}

function stateProgress(task: TaskRow, facts: PlayerFacts): bigint {
  if (task.type === TaskType.verifyEmail) return facts.emailConfirmed ? 1n : 0n;
  if (task.type === TaskType.verifyPhone) return facts.phoneConfirmed ? 1n : 0n;
  return BigInt((task.conditions.fields ?? []).filter((f) => facts.filled.includes(f)).length);
}

/**
 * Moves a running quest on, under its row's lock: state tasks read the player's state, a sequential
 * quest activates its next task, and a quest whose tasks are all done completes (3) and is rewarded
 * (4) — each reward once (quest_reward_payouts), however many callers race here.
 */
export async function advance(tx: Tx, rules: BonusRules, playerQuestId: string, now = new Date()) {
  const [quest] = await tx.select().from(playerQuests).where(eq(playerQuests.id, playerQuestId)).for('update');
  if (!quest || quest.state !== QuestState.inProgress) return;
  const [definition] = await tx.select().from(questDefinitions).where(eq(questDefinitions.id, quest.questId));
  let facts: PlayerFacts | null | undefined;
  for (let round = 0; round < 64; round++) {
    const tasks = await tx
      .select()
      .from(playerQuestTasks)
      .where(eq(playerQuestTasks.playerQuestId, quest.id))
      .orderBy(asc(playerQuestTasks.executionOrder));
    if (tasks.every((t) => t.isCompleted)) return completeQuest(tx, rules, quest, definition!, now);
    let changed = false;
    if (definition!.taskExecutionOrder === 1) {
      const current = tasks.find((t) => !t.isCompleted)!;
      if (!current.isActive) {
        const [after] = await tx
          .update(playerQuestTasks)
          .set({ isActive: true, updatedAt: now })
          .where(eq(playerQuestTasks.id, current.id))
          .returning();
        await taskEvent(tx, after!, quest.currency);
        changed = true;
      }
    }
    for (const task of tasks) {
      if (!STATE_TASKS.includes(task.type) || task.isCompleted || !task.isActive) continue;
      facts ??= await playerFacts(tx, quest.playerId);
      if (!facts) continue;
      const value = stateProgress(task, facts);
      if (value <= task.progress) continue;
      const [after] = await tx
        .update(playerQuestTasks)
        .set({
          progress: sql`least(${playerQuestTasks.quantity}, ${value.toString()}::bigint)`,
          isCompleted: sql`${value.toString()}::bigint >= ${playerQuestTasks.quantity}`,
          updatedAt: now,
        })
        .where(and(eq(playerQuestTasks.id, task.id), open))
        .returning();
      if (after) {
        await taskEvent(tx, after, quest.currency);
        changed = true;
      }
    }
    if (!changed) return;
  }
}

async function completeQuest(
  tx: Tx,
  rules: BonusRules,
  quest: PlayerQuestRow,
  definition: QuestDefinitionRow,
  now: Date,
) {
  const [completed] = await tx
    .update(playerQuests)
    .set({ state: QuestState.completed, completedAt: now, updatedAt: now })
    .where(and(eq(playerQuests.id, quest.id), eq(playerQuests.state, QuestState.inProgress)))
    .returning();
  if (!completed) return;
  await enqueue(tx, 'quest.updated', {
    playerId: quest.playerId,
    playerQuestId: quest.id,
    state: QuestState.completed,
  });
  await payRewards(tx, rules, quest, definition);
  await tx
    .update(playerQuests)
    .set({ state: QuestState.rewarded, rewardedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(playerQuests.id, quest.id), eq(playerQuests.state, QuestState.completed)));
  await enqueue(tx, 'quest.updated', { playerId: quest.playerId, playerQuestId: quest.id, state: QuestState.rewarded });
}
