import { z } from 'zod';
import { playerLimitSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { isUuid } from '../../lib/uuid.ts';
import { listPlayerLimits, type LimitsPorts } from './player-limits.ts';

/** A player's limits and exclusions in effect, as the player sees them (Limit read). */
export const limitsAdminRoutes = (ports: LimitsPorts) => (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/players/:id/limits',
    summary: "A player's limits and exclusions in effect, with this period's use and any change waiting",
    permission: { action: 'read', subject: 'Limit' },
    params: z.object({ id: z.string().max(64) }),
    response: z.array(playerLimitSchema),
    handle: async ({ params }) => (isUuid(params.id) ? listPlayerLimits(ctx.db, ports, params.id) : []),
  }),
];
