/** Progress by events: settled rounds, paid deposits and changes of the player's state count toward open tasks. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { QuestState, TaskType, type EventMap } from '@casino/contracts';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { BonusRules } from '../bonus/index.ts';
import { advance, open, taskEvent } from './advance.ts';
import { playerQuests, playerQuestTasks, type TaskRow } from './tables.ts';

type TaskSqlRow = {
  id: string;
  player_quest_id: string;
  player_id: string;
  execution_order: number;
  type: number;
  name: string;
  description: string;
  unit: 'count' | 'amount';
  quantity: string;
  progress: string;
  is_active: boolean;
  is_completed: boolean;
  conditions: TaskRow['conditions'];
  created_at: string | Date;
  updated_at: string | Date | null;
};

const taskOf = (row: TaskSqlRow): TaskRow => ({
  id: row.id,
  playerQuestId: row.player_quest_id,
  playerId: row.player_id,
  executionOrder: row.execution_order,
  type: row.type,
  name: row.name,
  description: row.description,
  unit: row.unit,
  quantity: BigInt(row.quantity),
  progress: BigInt(row.progress),
  isActive: row.is_active,
  isCompleted: row.is_completed,
  conditions: row.conditions,
  createdAt: new Date(row.created_at),
  updatedAt: row.updated_at === null ? null : new Date(row.updated_at),
});

/**
 * Counts events toward tasks, each (task, event key) once, in one statement: the keys are recorded
 * first and only the new ones move progress, summed per task, with SQL arithmetic on the locked row,
 * capped at the quantity. Answers the tasks that moved, as they are after.
 */
export async function countTasks(
  tx: Tx,
  items: readonly { taskId: string; key: string; amount: bigint }[],
): Promise<(TaskRow & { added: bigint })[]> {
  const seen = new Set<string>();
  const input = items
    .filter((item) => item.amount > 0n)
    .filter((item) => {
      const id = `${item.taskId} ${item.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((item) => ({ task_id: item.taskId, event_key: item.key, amount: item.amount.toString() }));
  if (input.length === 0) return [];
  const rows = await rowsOf<TaskSqlRow & { added: string }>(
    tx,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(task_id uuid, event_key text, amount bigint)),
        ev as (
          insert into quest_task_events (task_id, event_key, amount) select task_id, event_key, amount from input
          on conflict do nothing returning task_id, amount),
        sums as (select task_id, sum(amount)::bigint as amount from ev group by task_id)
        update player_quest_tasks t
           set progress = least(t.quantity, t.progress + s.amount),
               is_completed = t.progress + s.amount >= t.quantity,
               updated_at = now()
          from sums s
         where t.id = s.task_id and t.is_active and not t.is_completed
        returning t.*, s.amount as added`,
  );
  return rows.map((row) => Object.assign(taskOf(row), { added: BigInt(row.added) }));
}

/** One event toward one task (see `countTasks`): the task after, or null when nothing moved. */
export async function countTask(tx: Tx, taskId: string, eventKey: string, amount: bigint): Promise<TaskRow | null> {
  return (await countTasks(tx, [{ taskId, key: eventKey, amount }]))[0] ?? null;
}

type OpenTask = TaskRow & { currency: string };

/** The player's active, unfinished tasks of these types, with their quest's currency (index player_quest_tasks_open_idx). */
async function openTasks(tx: Tx, playerIds: string[], types: number[]): Promise<OpenTask[]> {
  const rows = await tx
    .select({ task: playerQuestTasks, currency: playerQuests.currency })
    .from(playerQuestTasks)
    .innerJoin(playerQuests, eq(playerQuests.id, playerQuestTasks.playerQuestId))
    .where(
      and(
        inArray(playerQuestTasks.playerId, playerIds),
        inArray(playerQuestTasks.type, types),
        open,
        eq(playerQuests.state, QuestState.inProgress),
      ),
    );
  return rows.map((r) => ({ ...r.task, currency: r.currency }));
}

/** Counts events toward open tasks in one statement, tells each task's new progress once, and moves completed quests on. */
async function countAll(
  tx: Tx,
  rules: BonusRules,
  tasks: readonly OpenTask[],
  items: { taskId: string; key: string; amount: bigint }[],
) {
  const moved = await countTasks(tx, items);
  const quests = new Set<string>();
  for (const task of moved) {
    // Told when it passes a whole percent (or completes), not on every bet: a big amount moves in many small steps.
    const percent = (value: bigint) => (value * 100n) / task.quantity;
    if (task.isCompleted || percent(task.progress) > percent(task.progress - task.added))
      await taskEvent(tx, task, tasks.find((t) => t.id === task.id)!.currency);
    if (task.isCompleted) quests.add(task.playerQuestId);
  }
  for (const questId of quests) await advance(tx, rules, questId);
}

type SettledRound = {
  playerId: string;
  gameId: string;
  roundId: string;
  currency: string;
  stake: { real: string; bonus: string };
  win: { real: string; bonus: string };
};

/**
 * Settled rounds: bets (type 4) and wins (type 3), a run of them at a time. One query finds the open
 * tasks of the run's players; when there are none, nothing more happens. Otherwise one statement counts
 * the run, and each task that moved is told once.
 */
export async function countBets(tx: Tx, rules: BonusRules, rows: readonly { payload: SettledRound }[]) {
  const players = [...new Set(rows.map((r) => r.payload.playerId))];
  const tasks = await openTasks(tx, players, [TaskType.winInGames, TaskType.betInGames]);
  if (tasks.length === 0) return;
  const items: { taskId: string; key: string; amount: bigint }[] = [];
  for (const { payload } of rows) {
    for (const task of tasks) {
      if (task.playerId !== payload.playerId) continue;
      if (task.conditions.games && !task.conditions.games.includes(payload.gameId)) continue;
      if (task.unit === 'amount' && task.currency !== payload.currency) continue;
      const money = task.type === TaskType.betInGames ? payload.stake : payload.win;
      const amount = BigInt(money.real) + BigInt(money.bonus);
      if (amount <= 0n) continue;
      items.push({ taskId: task.id, key: `round:${payload.roundId}`, amount: task.unit === 'amount' ? amount : 1n });
    }
  }
  await countAll(tx, rules, tasks, items);
}

/** A paid deposit counts toward deposit tasks (type 6): once per invoice. */
export async function countDeposit(
  tx: Tx,
  rules: BonusRules,
  payload: Pick<EventMap['payment.deposit.updated'], 'playerId' | 'invoiceId' | 'state' | 'currency' | 'amountMinor'>,
) {
  if (payload.state !== 'succeeded') return;
  const tasks = await openTasks(tx, [payload.playerId], [TaskType.makeDeposits]);
  const items = tasks
    .filter((task) => task.unit !== 'amount' || task.currency === payload.currency)
    .map((task) => ({
      taskId: task.id,
      key: `invoice:${payload.invoiceId}`,
      amount: task.unit === 'amount' ? BigInt(payload.amountMinor) : 1n,
    }));
  await countAll(tx, rules, tasks, items);
}

/** The player's state changed (e-mail, phone, profile): quests with such open tasks re-read it. */
export async function recheckState(tx: Tx, rules: BonusRules, playerId: string, types: number[], fields?: string[]) {
  const tasks = await openTasks(tx, [playerId], types);
  const quests = new Set(
    tasks
      .filter(
        (t) => !fields || t.type !== TaskType.fillProfileFields || t.conditions.fields?.some((f) => fields.includes(f)),
      )
      .map((t) => t.playerQuestId),
  );
  for (const questId of quests) await advance(tx, rules, questId);
}
