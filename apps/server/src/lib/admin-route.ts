import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StaffPermission, StaffRole } from '@casino/contracts';
import type { AppContext } from '../context.ts';
import type { AuditChange } from './audit-scope.ts';
import { isUuid } from './uuid.ts';

/**
 * What a handler gets: the checked params, query and body, the reply (for a file it sends itself), and
 * who calls (`id` null for the local operator, who has no staff row).
 */
export type AdminInput<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  reply: FastifyReply;
  staff: { id: string | null; email: string; role: StaffRole };
};

/**
 * A back-office route a module declares (its manifest's `adminRoutes`), served under /api/admin by the
 * staff module: the caller's role must grant `permission`; a write is recorded in the audit trail in
 * its own transaction (as the commands are); a read is recorded when `auditRead` says what was read (a
 * player's documents).
 */
export type AdminRoute<P = unknown, Q = unknown, B = unknown, R = unknown> = {
  method: 'GET' | 'POST';
  /** Under /api/admin, e.g. `/documents/:id/file`. */
  url: string;
  summary: string;
  permission: StaffPermission;
  /** Its name in the audit trail (`documents.file`); default its method and URL. */
  action?: string;
  params?: z.ZodType<P>;
  querystring?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The answer's `data` (null: `send` answers, e.g. with a file). */
  response: z.ZodType<R> | null;
  auditRead?(input: AdminInput<P, Q, B>, result: R): AuditChange;
  handle(input: AdminInput<P, Q, B>): Promise<R>;
  /** Sends what `handle` found (a file), once its audit row is written; for routes without a `response`. */
  send?(reply: FastifyReply, result: R): FastifyReply | Promise<unknown>;
};

export type AnyAdminRoute = AdminRoute<any, any, any, any>; // oxlint-disable-line typescript/no-explicit-any -- each route checks its own types

/** Checks one route's types against each other; the list then holds it as AnyAdminRoute. */
export const adminRoute = <P, Q, B, R>(route: AdminRoute<P, Q, B, R>): AnyAdminRoute => route as AnyAdminRoute;

/** A module's admin routes, built once per node from its context. */
export type AdminRoutesOf = (ctx: AppContext) => readonly AnyAdminRoute[];

/** The player page's `:id`: a uuid, or no player (an empty part, never an error). */
export const playerIdParams = z.object({ id: z.string().max(64) });

/**
 * A part of the back office's player page, `GET /players/:id/<part>`, read by the module that owns it:
 * `read` answers for a player id; an id that is not a uuid gets `empty` without a query.
 */
export function playerPartRoute<R>(part: {
  part: string;
  summary: string;
  permission: StaffPermission;
  response: z.ZodType<R>;
  empty: R;
  read(playerId: string): Promise<R>;
  action?: string;
  auditRead?: AdminRoute<{ id: string }, unknown, unknown, R>['auditRead'];
}): AnyAdminRoute {
  return adminRoute({
    method: 'GET',
    url: `/players/:id/${part.part}`,
    summary: part.summary,
    permission: part.permission,
    ...(part.action ? { action: part.action } : {}),
    ...(part.auditRead ? { auditRead: part.auditRead } : {}),
    params: playerIdParams,
    response: part.response,
    handle: ({ params }) => (isUuid(params.id) ? part.read(params.id) : Promise.resolve(part.empty)),
  });
}
