import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminNoteBodySchema, adminNoteSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute, playerIdParams } from '../../lib/admin-route.ts';
import { noteChange } from '../../lib/audit-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { withTransaction } from '../../outbox/index.ts';
import { playerNotes, players } from './tables.ts';

const wire = (row: typeof playerNotes.$inferSelect) => ({
  id: row.id,
  author: row.author,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** Staff notes on a player: read with the player (Player read), written by those who act on players (Player write). */
export const playerNoteRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/players/:id/notes',
    summary: 'Staff notes on the player, newest first (the player never sees them)',
    permission: { action: 'read', subject: 'Player' },
    params: playerIdParams,
    response: z.array(adminNoteSchema),
    async handle({ params }) {
      if (!isUuid(params.id)) return [];
      const rows = await ctx.db
        .select()
        .from(playerNotes)
        .where(eq(playerNotes.playerId, params.id))
        .orderBy(desc(playerNotes.createdAt))
        .limit(200);
      return rows.map(wire);
    },
  }),
  adminRoute({
    method: 'POST',
    url: '/players/:id/notes',
    summary: 'Add a note on the player',
    permission: { action: 'write', subject: 'Player' },
    action: 'players.note',
    params: playerIdParams,
    body: adminNoteBodySchema,
    response: adminNoteSchema,
    async handle({ params, body, staff }) {
      if (!isUuid(params.id)) throw notFound('No such player');
      return withTransaction(ctx, async (tx) => {
        const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.id, params.id));
        if (!player) throw notFound('No such player');
        const [row] = await tx
          .insert(playerNotes)
          .values({ playerId: params.id, staffId: staff.id, author: staff.email, text: body.text })
          .returning();
        noteChange({
          targetType: 'player-note',
          targetId: row!.id,
          playerId: params.id,
          before: null,
          after: { text: body.text },
        });
        return wire(row!);
      });
    },
  }),
];
