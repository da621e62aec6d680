import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  STAFF_MATRIX,
  STAFF_ROLES,
  type StaffAction,
  type StaffPermission,
  type StaffRole,
  type StaffSubject,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError, forbidden, unauthorized } from '../../lib/errors.ts';
import { sessionOf, tokenOwner } from './identity.ts';

export type StaffAbility = MongoAbility<[StaffAction, StaffSubject]>;

/** One CASL ability per role, built from the shared matrix (packages/contracts/src/staff.ts). */
const ABILITIES = new Map<StaffRole, StaffAbility>(
  STAFF_ROLES.map((role) => {
    const { can, build } = new AbilityBuilder<StaffAbility>(createMongoAbility);
    for (const [subject, actions] of Object.entries(STAFF_MATRIX[role]))
      for (const action of actions ?? []) can(action, subject as StaffSubject);
    return [role, build()];
  }),
);

/**
 * Who is calling the admin API: a staff member by session cookie or API token, or the local operator
 * (the ops CLI on the server's own machine, with the per-start secret: an administrator without a
 * staff row, recorded as `local` in the audit trail).
 */
export type Principal = {
  via: 'session' | 'token' | 'local';
  staffId: string | null;
  email: string;
  role: StaffRole;
  sessionId: string | null;
  ip: string;
};

/** Whether the principal's role grants the permission. */
export const mayDo = (principal: Principal, { action, subject }: StaffPermission): boolean =>
  ABILITIES.get(principal.role)!.can(action, subject);

/** Refuses what the principal's role does not grant (403), whatever the app showed. */
export function authorize(principal: Principal, permission: StaffPermission): void {
  if (!mayDo(principal, permission))
    throw forbidden(`Your role (${principal.role}) may not ${permission.action} ${permission.subject}`);
}

export const SESSION_COOKIE = 'casino_staff';

/** The session's CSRF token: derived from its id with the staff key, so nothing more is kept. */
export const csrfTokenOf = (staffSecret: string, sessionId: string) =>
  createHmac('sha256', staffSecret).update(`csrf:${sessionId}`).digest('base64url');

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** ADMIN_ALLOWED_IPS as a list to check addresses against (null: every address may try). */
export function allowedAddresses(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

export function checkAddress(allowed: BlockList | null, ip: string): void {
  if (!allowed) return;
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const type = isIP(mapped) === 6 ? 'ipv6' : 'ipv4';
  if (!allowed.check(mapped, type))
    throw new DomainError(ErrorCode.staffAddressRefused, 'The back office is not open to this address');
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The principal of a request, or 401. A session's writes must carry its CSRF token (SameSite=strict
 * already keeps other sites' requests from carrying the cookie; the header is the second lock). A
 * bearer token is not sent by a browser on its own, so it needs none.
 */
export async function principalOf(
  db: DbOrTx,
  request: FastifyRequest,
  keys: { staffSecret: string; isLocalOperator: (request: FastifyRequest) => boolean },
): Promise<Principal> {
  const ip = request.ip;
  if (keys.isLocalOperator(request))
    return { via: 'local', staffId: null, email: 'local operator', role: 'admin', sessionId: null, ip };
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer stf_')) {
    const member = await tokenOwner(db, bearer.slice(7).trim());
    if (!member) throw unauthorized('This API token is unknown or revoked');
    return { via: 'token', staffId: member.id, email: member.email, role: member.role, sessionId: null, ip };
  }
  const token = request.cookies?.[SESSION_COOKIE];
  const row = token ? await sessionOf(db, token) : null;
  if (!row) throw unauthorized('Sign in to the back office');
  if (
    UNSAFE.has(request.method) &&
    !sameToken(request.headers['x-csrf-token'], csrfTokenOf(keys.staffSecret, row.session.id))
  )
    throw new DomainError(ErrorCode.staffCsrfRefused, 'This request lacks the session’s CSRF token');
  const { member, session } = row;
  return { via: 'session', staffId: member.id, email: member.email, role: member.role, sessionId: session.id, ip };
}
