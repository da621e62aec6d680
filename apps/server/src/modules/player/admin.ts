import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminPlayerDetailSchema, adminPlayerSchema, adminPlayerSearchSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findPlayerBy } from './lookup.ts';
import { players } from './tables.ts';

type PlayerRow = typeof players.$inferSelect;

const listed = (row: PlayerRow) => ({
  id: row.id,
  externalId: row.externalId,
  email: row.email,
  phone: row.phone,
  name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
  country: row.country,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** `%`, `_` and `\` typed by staff match themselves, not any text. */
const likeText = (typed: string) => typed.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The players who used a payment instrument (an IBAN, a card fingerprint), from the module that knows them. */
export type InstrumentOwners = (db: AppContext['db'], typed: string) => Promise<string[]>;

/**
 * Who staff mean: the player an e-mail, a phone number (any spelling), the short id or the uuid names
 * exactly; the players who used the IBAN or card fingerprint typed; else players whose name or e-mail
 * contains the words (at most 50, newest first).
 */
export async function searchPlayers(db: AppContext['db'], q: string, instrumentOwners?: InstrumentOwners) {
  const exact = await findPlayerBy(db, q).catch(() => null);
  if (exact) {
    const [row] = await db.select().from(players).where(eq(players.id, exact.id));
    return [listed(row!)];
  }
  const owners = (await instrumentOwners?.(db, q)) ?? [];
  if (owners.length > 0) {
    const rows = await db.select().from(players).where(inArray(players.id, owners)).orderBy(desc(players.createdAt));
    return rows.map(listed);
  }
  const words = `%${likeText(q.trim())}%`;
  const rows = await db
    .select()
    .from(players)
    .where(
      or(
        ilike(players.email, words),
        ilike(sql`coalesce(${players.firstName}, '') || ' ' || coalesce(${players.lastName}, '')`, words),
      ),
    )
    .orderBy(desc(players.createdAt))
    .limit(50);
  return rows.map(listed);
}

/** The players' search and page (Player read). */
export const playerAdminRoutes = (ctx: AppContext, instrumentOwners?: InstrumentOwners) => [
  adminRoute({
    method: 'GET',
    url: '/players',
    summary: 'Players by e-mail, phone (any spelling), id, name, IBAN or card fingerprint',
    permission: { action: 'read', subject: 'Player' },
    querystring: adminPlayerSearchSchema,
    response: z.array(adminPlayerSchema),
    handle: ({ query }) => searchPlayers(ctx.db, query.q, instrumentOwners),
  }),
  adminRoute({
    method: 'GET',
    url: '/players/:id',
    summary: "A player's profile",
    permission: { action: 'read', subject: 'Player' },
    params: z.object({ id: z.string().max(64) }),
    response: adminPlayerDetailSchema,
    async handle({ params }) {
      const [row] = isUuid(params.id) ? await ctx.db.select().from(players).where(eq(players.id, params.id)) : [];
      if (!row) throw notFound('No such player');
      return {
        ...listed(row),
        currency: row.currency,
        locale: row.locale,
        birthdate: row.birthdate,
        city: row.city,
        address: row.address,
        postalCode: row.postalCode,
        nationality: row.nationality,
        emailConfirmed: row.confirmedAt !== null,
        phoneConfirmed: row.phoneConfirmed,
        registrationIp: row.registrationIp,
        affiliateTag: row.affiliateTag,
      };
    },
  }),
];
