import { eq } from 'drizzle-orm';
import { adminPlayerLoyaltySchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { levelRows, wireAccount } from './service.ts';
import { loyaltyAccounts } from './tables.ts';

/** The player's points and level (Promotion read); read only: staff looking opens no account. */
export const loyaltyPlayerRoute = (ctx: AppContext) =>
  playerPartRoute({
    part: 'loyalty',
    summary: "A player's loyalty points and level",
    permission: { action: 'read', subject: 'Promotion' },
    response: adminPlayerLoyaltySchema,
    empty: null,
    async read(playerId) {
      const [row] = await ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
      return row ? wireAccount(row, await levelRows(ctx.db)) : null;
    },
  });
