import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  adminDoneSchema,
  adminPlayerSessionsSchema,
  adminReasonBodySchema,
  adminRestrictionBodySchema,
  PlayerStatus,
  type AdminRestrictionBody,
  type ValueOf,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute, playerIdParams, playerPartRoute } from '../../lib/admin-route.ts';
import { noteChange } from '../../lib/audit-scope.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { withTransaction } from '../../outbox/index.ts';
import { closeWhenSettled, type ClosurePorts } from './closure.ts';
import { closePlayerSessions } from './passwords.ts';
import { playerDevices, playerSessions, players } from './tables.ts';

/** How many of the latest sessions the player's page lists. */
const SESSIONS = 50;

/** What the routes act with: the node, how it forgets ended sessions everywhere, the closure's ports. */
type Deps = { ctx: AppContext; forget: (sessionIds: string[]) => void; closure: ClosurePorts };

const RESTRICTION_STATUS: Record<AdminRestrictionBody['status'], ValueOf<typeof PlayerStatus>> = {
  active: PlayerStatus.active,
  limited: PlayerStatus.limited,
  blocked: PlayerStatus.blocked,
};

/** Statuses staff set and lift here; an exclusion (limits) or a closed account is not lifted this way. */
const RESTRICTABLE: readonly number[] = Object.values(RESTRICTION_STATUS);

/** The player's row, locked for the change staff make; a player who does not exist is 404. */
async function lockedPlayer(tx: Parameters<Parameters<typeof withTransaction>[1]>[0], id: string) {
  const [row] = isUuid(id)
    ? await tx.select({ status: players.status }).from(players).where(eq(players.id, id)).for('update')
    : [];
  if (!row) throw notFound('No such player');
  return row;
}

const sessionsRoute = ({ ctx }: Deps) =>
  playerPartRoute({
    part: 'sessions',
    summary: "A player's latest sessions and the browsers they signed in from",
    permission: { action: 'read', subject: 'Player' },
    response: adminPlayerSessionsSchema,
    empty: { sessions: [], devices: [] },
    async read(playerId) {
      const [sessions, devices] = await Promise.all([
        ctx.db
          .select()
          .from(playerSessions)
          .where(eq(playerSessions.playerId, playerId))
          .orderBy(desc(playerSessions.createdAt))
          .limit(SESSIONS),
        ctx.db
          .select()
          .from(playerDevices)
          .where(eq(playerDevices.playerId, playerId))
          .orderBy(desc(playerDevices.lastSeenAt)),
      ]);
      return {
        sessions: sessions.map((s) => ({
          id: s.id,
          ip: s.ip,
          country: s.country,
          userAgent: s.userAgent,
          deviceType: s.deviceType,
          createdAt: s.createdAt.toISOString(),
          refreshedAt: s.refreshedAt.toISOString(),
          closedAt: s.closedAt?.toISOString() ?? null,
          closeReason: s.closeReason,
        })),
        devices: devices.map((d) => ({
          client: d.client,
          createdAt: d.createdAt.toISOString(),
          lastSeenAt: d.lastSeenAt.toISOString(),
          trusted: d.revokedAt === null,
        })),
      };
    },
  });

const endSessionsRoute = ({ ctx, forget }: Deps) =>
  adminRoute({
    method: 'POST',
    url: '/players/:id/sessions/end',
    summary: "End every open session of the player's (they must sign in again)",
    permission: { action: 'write', subject: 'Player' },
    action: 'players.sessions.end',
    params: playerIdParams,
    body: adminReasonBodySchema,
    response: adminDoneSchema,
    async handle({ params }) {
      const ended = await withTransaction(ctx, async (tx) => {
        await lockedPlayer(tx, params.id);
        const open = await tx
          .select({ id: playerSessions.id })
          .from(playerSessions)
          .where(and(eq(playerSessions.playerId, params.id), isNull(playerSessions.closedAt)));
        const closed = await closePlayerSessions(tx, params.id, 'ended_by_staff');
        noteChange({
          targetType: 'player',
          targetId: params.id,
          playerId: params.id,
          before: { openSessions: open.length },
          after: { openSessions: 0 },
        });
        return closed;
      });
      forget(ended);
      return { message: ended.length === 1 ? 'Ended 1 session' : `Ended ${ended.length} sessions` };
    },
  });

const restrictionRoute = ({ ctx, forget }: Deps) =>
  adminRoute({
    method: 'POST',
    url: '/players/:id/restriction',
    summary: 'Restrict the account (limited: no deposits; blocked: no sign-in, no money) or lift it',
    permission: { action: 'write', subject: 'Player' },
    action: 'players.restriction',
    params: playerIdParams,
    body: adminRestrictionBodySchema,
    response: adminDoneSchema,
    async handle({ params, body }) {
      const status = RESTRICTION_STATUS[body.status];
      const ended = await withTransaction(ctx, async (tx) => {
        const row = await lockedPlayer(tx, params.id);
        if (!RESTRICTABLE.includes(row.status))
          throw conflict('The account is excluded or closed: that is changed from its limits or stays as it is');
        if (row.status === status) throw conflict(`The account is ${body.status} already`);
        await tx.update(players).set({ status, updatedAt: new Date() }).where(eq(players.id, params.id));
        noteChange({
          targetType: 'player',
          targetId: params.id,
          playerId: params.id,
          before: { status: row.status },
          after: { status },
        });
        // A blocked player may not sign in: their open sessions end with the block.
        return status === PlayerStatus.blocked ? closePlayerSessions(tx, params.id, 'blocked') : [];
      });
      forget(ended);
      return {
        message:
          body.status === 'active' ? 'Restriction lifted' : `Account ${body.status}; ${ended.length} session(s) ended`,
      };
    },
  });

const closeRoute = ({ ctx, forget, closure }: Deps) =>
  adminRoute({
    method: 'POST',
    url: '/players/:id/close',
    summary: "Close the account on the player's request: refused while play, payments or real money are open",
    permission: { action: 'write', subject: 'Player' },
    action: 'players.close',
    params: playerIdParams,
    body: adminReasonBodySchema,
    response: adminDoneSchema,
    async handle({ params }) {
      if (!isUuid(params.id)) throw notFound('No such player');
      forget(await closeWhenSettled(ctx, closure, params.id, { alreadyClosed: 'refuse' }));
      return { message: 'Account closed' };
    },
  });

/**
 * The player's sessions and devices (Player read), and what staff do to the account (Player write):
 * end every session, set or lift a restriction, close it on the player's request. Each write notes its
 * before and after for the audit trail, and the sessions it ended are forgotten by every node at once.
 */
export const playerActionRoutes = (ctx: AppContext, closure: ClosurePorts) => {
  const deps: Deps = { ctx, closure, forget: (ids) => ids.forEach((id) => ctx.sessions.forget(id)) };
  return [sessionsRoute, endSessionsRoute, restrictionRoute, closeRoute].map((route) => route(deps));
};
