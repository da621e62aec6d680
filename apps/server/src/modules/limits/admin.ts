import { z } from 'zod';
import { playerLimitSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { listPlayerLimits, type LimitsPorts } from './player-limits.ts';

/** A player's limits and exclusions in effect, as the player sees them (Limit read). */
export const limitsAdminRoutes = (ports: LimitsPorts) => (ctx: AppContext) => [
  playerPartRoute({
    part: 'limits',
    summary: "A player's limits and exclusions in effect, with this period's use and any change waiting",
    permission: { action: 'read', subject: 'Limit' },
    response: z.array(playerLimitSchema),
    empty: [],
    read: (playerId) => listPlayerLimits(ctx.db, ports, playerId),
  }),
];
