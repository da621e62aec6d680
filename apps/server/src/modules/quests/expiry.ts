/** Quests past their end expire. */
import { sql } from 'drizzle-orm';
import { QuestState } from '@casino/contracts';
import { rowsOf } from '../../db/rows.ts';
import { enqueue, inBatches, type UnitOfWorkContext } from '../../outbox/index.ts';

type Ctx = UnitOfWorkContext;

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
