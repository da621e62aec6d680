import { adminPlayerBonusesSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { listPlayerFreespins } from './freespins.ts';
import { listPlayerBonuses } from './service.ts';

const LATEST = { page: 1, perPage: 50 };

/** The player's bonuses and free spins as the player's own pages list them (Promotion read). */
export const bonusPlayerRoute = (ctx: AppContext) =>
  playerPartRoute({
    part: 'bonuses',
    summary: "A player's latest bonuses and free spins",
    permission: { action: 'read', subject: 'Promotion' },
    response: adminPlayerBonusesSchema,
    empty: { bonuses: [], freespins: [] },
    async read(playerId) {
      const [bonuses, freespins] = await Promise.all([
        listPlayerBonuses(ctx.db, playerId, LATEST),
        listPlayerFreespins(ctx.db, playerId, LATEST),
      ]);
      return { bonuses: bonuses.data, freespins: freespins.data };
    },
  });
