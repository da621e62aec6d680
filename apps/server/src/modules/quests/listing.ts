/** The lists a player reads: quests on offer, and the quests the player holds. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageMeta, QuestState, type QuestTask } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { listDefinitions } from '../bonus/index.ts';
import { offered } from './definitions.ts';
import { quantityIn, questCurrency } from './quest-currency.ts';
import { playerQuests, questDefinitions } from './tables.ts';
import { amountOnWire, wireQuest, wireQuests } from './views.ts';

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
