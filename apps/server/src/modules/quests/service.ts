import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  pageMeta,
  QuestState,
  TaskType,
  toMajor,
  type PlayerQuest,
  type QuestDefinitionInput,
  type QuestReward,
  type QuestTask,
} from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { atomic } from '../../db/atomic.ts';
import { rowsOf } from '../../db/rows.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue, inBatches, joinedUnitOfWork, withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { issueOffer, listDefinitions, offerResult, type BonusRules } from '../bonus/index.ts';
import { findGame, gameIdsInCollections } from '../game/index.ts';
import { awardPoints } from '../loyalty/index.ts';
import { playerFacts, playerHome, type PlayerFacts } from '../player/index.ts';
import { BASE_CURRENCY, fromBaseMinor, subunitOf } from '../settings/index.ts';
import { accountCurrency, playableAccount } from '../wallet/index.ts';
import {
  playerQuests,
  playerQuestTasks,
  questDefinitions,
  questRewardPayouts,
  type QuestTaskDefinition,
} from './tables.ts';

type Ctx = UnitOfWorkContext;
export type QuestDefinitionRow = typeof questDefinitions.$inferSelect;
export type PlayerQuestRow = typeof playerQuests.$inferSelect;
export type TaskRow = typeof playerQuestTasks.$inferSelect;

/** Joins the caller's transaction as a unit-of-work context (the outer unit wakes the dispatcher). */

const STATE_TASKS: readonly number[] = [TaskType.verifyEmail, TaskType.fillProfileFields, TaskType.verifyPhone];
const open = and(sql`${playerQuestTasks.isActive}`, sql`not ${playerQuestTasks.isCompleted}`)!;

/* ----------------------------------------------------------------------------------------------
 * Definitions (operators)
 * ---------------------------------------------------------------------------------------------- */

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

const definitionBy = async (db: DbOrTx, idOrIdentity: string) =>
  (
    await db
      .select()
      .from(questDefinitions)
      .where(isUuid(idOrIdentity) ? eq(questDefinitions.id, idOrIdentity) : eq(questDefinitions.identity, idOrIdentity))
  )[0] ?? null;

const offered = (now: Date) =>
  and(
    eq(questDefinitions.enabled, true),
    or(isNull(questDefinitions.availableFrom), lte(questDefinitions.availableFrom, now)),
    or(isNull(questDefinitions.availableTo), gt(questDefinitions.availableTo, now)),
  )!;

/* ----------------------------------------------------------------------------------------------
 * The wire
 * ---------------------------------------------------------------------------------------------- */

/** A count, or minor units of the quest's currency in major units. */
const amountOnWire = (value: bigint, unit: string, currency: string) =>
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

function wireQuest(
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
async function wireQuests(db: DbOrTx, rows: { quest: PlayerQuestRow; definition: QuestDefinitionRow }[]) {
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

/* ----------------------------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------------------------------- */

/** The currency a player's quests run in: the one asked for, else the active account's, else the registration's. */
async function questCurrency(db: DbOrTx, playerId: string, asked?: string): Promise<string> {
  if (asked) return accountCurrency(asked).code;
  const account = await playableAccount(db, playerId, undefined);
  if (account) return account.currency;
  return (await playerHome(db, playerId))?.currency ?? BASE_CURRENCY;
}

/** A task's quantity in `currency` (an amount given in the base currency's minor units is converted, rounded up). */
function quantityIn(task: QuestTaskDefinition, currency: string): bigint {
  if (task.type === TaskType.fillProfileFields) return BigInt(task.fields?.length ?? 1);
  if (task.type === TaskType.verifyEmail || task.type === TaskType.verifyPhone) return 1n;
  if (task.unit !== 'amount') return BigInt(task.quantity);
  const converted = fromBaseMinor(BigInt(task.quantity), currency, true);
  if (converted === null)
    throw unprocessable(`Quest amounts cannot be converted into ${currency}`, { currency: ['No rate'] });
  return converted;
}

/** `GET /quests`: definitions on offer the player does not hold (or holds as issued), with their tasks at 0. */
export async function listAvailableQuests(
  db: DbOrTx,
  playerId: string,
  query: { page: number; perPage: number; currency?: string | undefined },
  now = new Date(),
) {
  const currency = await questCurrency(db, playerId, query.currency);
  const where = and(
    offered(now),
    sql`not exists (select 1 from ${playerQuests} pq where pq.player_id = ${playerId} and pq.quest_id = ${questDefinitions.id} and pq.state in (2, 3, 4))`,
  );
  const [rows, [total], bonuses] = await Promise.all([
    db
      .select()
      .from(questDefinitions)
      .where(where)
      .orderBy(asc(questDefinitions.position), asc(questDefinitions.createdAt))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(questDefinitions).where(where),
    listDefinitions(db),
  ]);
  const data = rows.map((definition) => {
    const tasks = definition.tasks.map((task, i) => {
      let quantity = 0n;
      try {
        quantity = quantityIn(task, currency);
      } catch {
        // No rate for this currency: shown as 0.
      }
      const order = definition.taskExecutionOrder;
      return {
        id: `${definition.id}:${i}`,
        name: task.name,
        description: task.description ?? '',
        type: task.type,
        executionOrder: i,
        isActive: order === 0 || i === 0,
        isCompleted: false,
        progress: 0,
        quantity: amountOnWire(quantity, task.unit, currency),
        unit: task.unit,
        conditions: {
          ...(task.games?.length ? { games: task.games } : {}),
          ...(task.fields?.length ? { fields: task.fields } : {}),
        },
      } satisfies QuestTask;
    });
    return wireQuest(
      { id: definition.id, playerId, state: QuestState.issued, currency, endAt: definition.availableTo },
      definition,
      tasks,
      bonuses,
    );
  });
  return { data, meta: pageMeta(query.page, query.perPage, Number(total?.n ?? 0)) };
}

/** `GET /player-quests`: the player's quests by state and currency, newest change first. */
export async function listPlayerQuests(
  db: DbOrTx,
  playerId: string,
  query: { page: number; perPage: number; state?: number[] | undefined; currency?: string | undefined },
) {
  const where: SQL[] = [eq(playerQuests.playerId, playerId)];
  if (query.state?.length) where.push(inArray(playerQuests.state, query.state));
  if (query.currency) where.push(eq(playerQuests.currency, query.currency));
  const [rows, [total]] = await Promise.all([
    db
      .select({ quest: playerQuests, definition: questDefinitions })
      .from(playerQuests)
      .innerJoin(questDefinitions, eq(questDefinitions.id, playerQuests.questId))
      .where(and(...where))
      .orderBy(desc(sql`coalesce(${playerQuests.updatedAt}, ${playerQuests.createdAt})`), desc(playerQuests.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: count() })
      .from(playerQuests)
      .where(and(...where)),
  ]);
  return { data: await wireQuests(db, rows), meta: pageMeta(query.page, query.perPage, Number(total?.n ?? 0)) };
}

/* ----------------------------------------------------------------------------------------------
 * Issue, activate, cancel, expire
 * ---------------------------------------------------------------------------------------------- */

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

async function isOffered(db: DbOrTx, definitionId: string, now: Date) {
  const [row] = await db
    .select({ id: questDefinitions.id })
    .from(questDefinitions)
    .where(and(eq(questDefinitions.id, definitionId), offered(now)));
  return Boolean(row);
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

/**
 * Expires issued and running quests past their end (6), a batch at a time under a lease, so two nodes
 * never do the same work; each quest's row is re-checked by its update. Answers how many expired.
 */
export function expireDueQuests(ctx: Ctx, now = new Date(), batch = 200): Promise<number> {
  return inBatches(ctx, batch, async (tx) => {
    const [lease] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended('quests:expiry', 0)) as locked`,
    );
    if (!lease?.locked) return 0;
    const rows = await rowsOf<{ id: string; player_id: string }>(
      tx,
      sql`update player_quests set state = 6, updated_at = ${now.toISOString()}::timestamptz
          where id in (select id from player_quests where state in (1, 2) and end_at <= ${now.toISOString()}::timestamptz
                       order by end_at limit ${batch} for update skip locked)
          returning id, player_id`,
    );
    for (const row of rows)
      await enqueue(tx, 'quest.updated', { playerId: row.player_id, playerQuestId: row.id, state: QuestState.expired });
    return rows.length;
  });
}

/* ----------------------------------------------------------------------------------------------
 * Progress
 * ---------------------------------------------------------------------------------------------- */

async function taskEvent(tx: Tx, task: TaskRow, currency: string) {
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
  payload: {
    playerId: string;
    invoice: { id: string; status: number; invoiceType: number; currency: string };
    amountMinor?: string;
  },
) {
  if (payload.invoice.status !== 2 || payload.invoice.invoiceType !== 1) return;
  const tasks = await openTasks(tx, [payload.playerId], [TaskType.makeDeposits]);
  const items = tasks
    .filter((task) => task.unit !== 'amount' || task.currency === payload.invoice.currency)
    .map((task) => ({
      taskId: task.id,
      key: `invoice:${payload.invoice.id}`,
      amount: task.unit === 'amount' ? BigInt(payload.amountMinor ?? '0') : 1n,
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

/**
 * Pays each reward of a completed quest once: its payout row is claimed first (a racing payer claims
 * nothing and pays nothing), then the bonus, free spins or points are given in a savepoint. A reward
 * the bonus engine refuses (disabled, not in this currency, the player excluded) is recorded as refused.
 */
export async function payRewards(tx: Tx, rules: BonusRules, quest: PlayerQuestRow, definition: QuestDefinitionRow) {
  for (const [position, reward] of definition.rewards.entries()) {
    const [claim] = await tx
      .insert(questRewardPayouts)
      .values({ playerQuestId: quest.id, position, result: 'pending' })
      .onConflictDoNothing()
      .returning();
    if (!claim) continue;
    let result: string;
    try {
      result = await atomic(tx, async (sp) => {
        if (reward.type === 3) {
          const given = await awardPoints(sp, {
            playerId: quest.playerId,
            points: BigInt(reward.points ?? 0),
            sourceKey: `quest:${quest.id}:${position}`,
          });
          return given ? `points:${reward.points}` : 'points:none';
        }
        // Asked for: the player took the quest on, its rewards shown (no consent rule, unlike a prize).
        const offer = await issueOffer(joinedUnitOfWork(sp), rules, {
          playerId: quest.playerId,
          definition: reward.bonus!,
          currency: quest.currency,
          source: 'quest',
        });
        return offerResult(offer);
      });
    } catch (error) {
      result = `refused: ${(error as Error).message}`.slice(0, 500);
    }
    await tx
      .update(questRewardPayouts)
      .set({ result })
      .where(and(eq(questRewardPayouts.playerQuestId, quest.id), eq(questRewardPayouts.position, position)));
  }
}
