/** Player quests as the wire shows them. */
import { asc, eq, inArray } from 'drizzle-orm';
import { toMajor, type PlayerQuest, type QuestReward, type QuestTask } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { listDefinitions } from '../bonus/index.ts';
import { subunitOf } from '../settings/index.ts';
import {
  playerQuests,
  playerQuestTasks,
  questDefinitions,
  type PlayerQuestRow,
  type QuestDefinitionRow,
  type TaskRow,
} from './tables.ts';

/** A count, or minor units of the quest's currency in major units. */
export const amountOnWire = (value: bigint, unit: string, currency: string) =>
  unit === 'amount' ? toMajor(value, subunitOf(currency)) : Number(value);

export function wireTask(task: TaskRow, currency: string): QuestTask {
  return {
    id: task.id,
    name: task.name,
    description: task.description,
    type: task.type,
    executionOrder: task.executionOrder,
    isActive: task.isActive,
    isCompleted: task.isCompleted,
    progress: amountOnWire(task.progress, task.unit, currency),
    quantity: amountOnWire(task.quantity, task.unit, currency),
    unit: task.unit,
    conditions: {
      ...(task.conditions.games?.length ? { games: task.conditions.games } : {}),
      ...(task.conditions.fields?.length ? { fields: task.conditions.fields } : {}),
    },
  };
}

type BonusDefinitions = Awaited<ReturnType<typeof listDefinitions>>;

function wireRewards(definition: QuestDefinitionRow, currency: string, bonuses: BonusDefinitions): QuestReward[] {
  return definition.rewards.map((reward) => {
    if (reward.type === 3)
      return { type: 3, amount: reward.points ?? 0, attributes: { isoCode: 'points', lockBalance: false } };
    const bonus = bonuses.find((b) => b.name === reward.bonus);
    const amount =
      reward.type === 2 || bonus?.type === 3
        ? (bonus?.freespinCount ?? 0)
        : toMajor(BigInt(bonus?.amounts[currency] ?? 0), subunitOf(currency));
    return {
      type: reward.type,
      amount,
      attributes: { isoCode: currency, lockBalance: true },
      ...(reward.bonus ? { name: reward.bonus } : {}),
    };
  });
}

export function wireQuest(
  quest: Pick<PlayerQuestRow, 'id' | 'playerId' | 'state' | 'currency' | 'endAt'>,
  definition: QuestDefinitionRow,
  tasks: QuestTask[],
  bonuses: BonusDefinitions,
): PlayerQuest {
  return {
    id: quest.id,
    playerId: quest.playerId,
    questId: definition.id,
    identity: definition.identity,
    name: definition.name,
    description: definition.description,
    order: definition.position,
    state: quest.state,
    currency: quest.currency,
    endAt: quest.endAt?.toISOString() ?? null,
    taskExecutionOrder: definition.taskExecutionOrder,
    packageOrder: null,
    rewards: wireRewards(definition, quest.currency, bonuses),
    tasks,
  };
}

/** Player quests with their definitions and tasks, as the wire shows them. */
export async function wireQuests(db: DbOrTx, rows: { quest: PlayerQuestRow; definition: QuestDefinitionRow }[]) {
  if (rows.length === 0) return [];
  const [tasks, bonuses] = await Promise.all([
    db
      .select()
      .from(playerQuestTasks)
      .where(
        inArray(
          playerQuestTasks.playerQuestId,
          rows.map((r) => r.quest.id),
        ),
      )
      .orderBy(asc(playerQuestTasks.executionOrder)),
    listDefinitions(db),
  ]);
  return rows.map(({ quest, definition }) =>
    wireQuest(
      quest,
      definition,
      tasks.filter((t) => t.playerQuestId === quest.id).map((t) => wireTask(t, quest.currency)),
      bonuses,
    ),
  );
}

/** One player quest on the wire (null: none), for a push or an answer. */
export async function playerQuestById(db: DbOrTx, playerQuestId: string): Promise<PlayerQuest | null> {
  const rows = await db
    .select({ quest: playerQuests, definition: questDefinitions })
    .from(playerQuests)
    .innerJoin(questDefinitions, eq(questDefinitions.id, playerQuests.questId))
    .where(eq(playerQuests.id, playerQuestId));
  return (await wireQuests(db, rows))[0] ?? null;
}
