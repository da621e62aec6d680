import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminAccountSchema, formatMinor } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { isUuid } from '../../lib/uuid.ts';
import { subunitOf } from '../settings/index.ts';
import { ledgerEntries, walletAccounts } from './tables.ts';

/** How many of an account's latest transfers the player's page shows. */
const TRANSFERS = 50;

/** A player's accounts (hidden ones too: staff see every balance) with their latest transfers (Balance read). */
export const walletAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/players/:id/accounts',
    summary: "A player's accounts and their latest transfers",
    permission: { action: 'read', subject: 'Balance' },
    params: z.object({ id: z.string().max(64) }),
    response: z.array(adminAccountSchema),
    async handle({ params }) {
      if (!isUuid(params.id)) return [];
      const accounts = await ctx.db
        .select()
        .from(walletAccounts)
        .where(eq(walletAccounts.playerId, params.id))
        .orderBy(asc(walletAccounts.createdAt));
      return Promise.all(
        accounts.map(async (account) => {
          const money = (minor: bigint) => formatMinor(minor, subunitOf(account.currency));
          const entries = await ctx.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.accountId, account.id))
            .orderBy(desc(ledgerEntries.id))
            .limit(TRANSFERS);
          return {
            id: account.id,
            currency: account.currency,
            real: money(account.realBalance),
            bonus: money(account.bonusBalance),
            locked: money(account.lockedBalance),
            transfers: entries.map((entry) => ({
              id: entry.id,
              at: entry.createdAt.toISOString(),
              kind: entry.kind,
              real: money(entry.realDelta),
              bonus: money(entry.bonusDelta),
              realAfter: money(entry.realAfter),
              counterparty: entry.counterparty,
              reason: typeof entry.reference.reason === 'string' ? entry.reference.reason : null,
            })),
          };
        }),
      );
    },
  }),
];
