import { adminPlayerQuestsSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { listPlayerQuests } from './listing.ts';

/** The player's quests as their quests page lists them (Promotion read). */
export const questPlayerRoute = (ctx: AppContext) =>
  playerPartRoute({
    part: 'quests',
    summary: "A player's latest quests and their progress",
    permission: { action: 'read', subject: 'Promotion' },
    response: adminPlayerQuestsSchema,
    empty: [],
    read: async (playerId) => (await listPlayerQuests(ctx.db, playerId, { page: 1, perPage: 50 })).data,
  });
