import { adminPlayerPlaySchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { listBets, listSpins } from './history/service.ts';

/** How many of the latest casino rounds and sports tickets the player's page shows. */
const LATEST = { page: 1, perPage: 50 };

/** The player's latest casino rounds and sports tickets, as their own history shows them (Player read). */
export const gameAdminRoutes = (ctx: AppContext) => [
  playerPartRoute({
    part: 'play',
    summary: "A player's latest casino rounds and sports tickets",
    permission: { action: 'read', subject: 'Player' },
    response: adminPlayerPlaySchema,
    empty: { rounds: [], tickets: [] },
    async read(playerId) {
      const [rounds, tickets] = await Promise.all([
        listSpins(ctx.db, playerId, LATEST),
        listBets(ctx.db, playerId, LATEST),
      ]);
      return { rounds: rounds.data, tickets: tickets.data };
    },
  }),
];
