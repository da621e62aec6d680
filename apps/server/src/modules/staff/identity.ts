import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Staff, StaffRole } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { conflict, fieldError, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { newRecoveryCodes, newTotpSecret, spendTotpStep, totpStep } from './second-factor.ts';
import { staff, staffSessions, staffTokens } from './tables.ts';

/** Sessions end 8 h after sign-in whatever happens, and after 30 min without a request. */
export const STAFF_SESSION = { absoluteMs: 8 * 3_600_000, idleMs: 30 * 60_000 } as const;
/** An enrolment link works for 72 hours, once. */
const ENROL_TTL_MS = 72 * 3_600_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;

type StaffRow = typeof staff.$inferSelect;
export const staffView = (row: StaffRow): Staff => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** A new staff member, invited: answers the one-time token of their enrolment link. */
export async function inviteStaff(db: DbOrTx, email: string, role: StaffRole) {
  const token = newToken();
  const rows = await db
    .insert(staff)
    .values({ email, role, enrolTokenHash: sha256(token), enrolExpiresAt: new Date(Date.now() + ENROL_TTL_MS) })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw conflict(`${email} is already on the staff`);
  return { staff: staffView(rows[0]), token };
}

export const enrolPath = (token: string) => `/admin/enrol#${token}`;

async function invitedBy(db: DbOrTx, token: string): Promise<StaffRow> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.enrolTokenHash, sha256(token)), gt(staff.enrolExpiresAt, new Date())));
  if (!row || row.status === 'deactivated') throw notFound('This enrolment link is unknown, used or expired');
  return row;
}

/** Opens an enrolment: a fresh TOTP secret for the authenticator app, kept until a code proves it. */
export async function startEnrolment(db: DbOrTx, token: string) {
  const row = await invitedBy(db, token);
  const { secret, otpauthUrl } = newTotpSecret(row.email);
  await db.update(staff).set({ pendingTotpSecret: secret }).where(eq(staff.id, row.id));
  return { email: row.email, secret, otpauthUrl };
}

/**
 * Ends an enrolment: the password (the players' rules) and a first code from the app. The link is
 * spent, the second factor set, and the recovery codes answered this once.
 */
export async function enrol(db: DbOrTx, input: { token: string; password: string; code: string }) {
  const row = await invitedBy(db, input.token);
  if (isCommonPassword(input.password)) throw fieldError('password', 'This password is too common; choose another');
  if (!row.pendingTotpSecret) throw fieldError('code', 'Open the enrolment link again to get the secret');
  const step = totpStep(row.pendingTotpSecret, row.email, input.code);
  if (step === null) throw fieldError('code', 'This code is not the authenticator app’s current one');
  const recovery = newRecoveryCodes();
  const [enrolled] = await db
    .update(staff)
    .set({
      status: 'active',
      passwordHash: await hashPassword(input.password),
      totpSecret: row.pendingTotpSecret,
      pendingTotpSecret: null,
      totpLastStep: step,
      recoveryCodes: recovery.hashes,
      enrolTokenHash: null,
      enrolExpiresAt: null,
    })
    .where(and(eq(staff.id, row.id), eq(staff.enrolTokenHash, sha256(input.token))))
    .returning();
  if (!enrolled) throw notFound('This enrolment link is unknown, used or expired');
  return { staff: enrolled, recoveryCodes: recovery.codes };
}

export async function staffByEmail(db: DbOrTx, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  return row ?? null;
}

export async function staffById(db: DbOrTx, id: string): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw notFound('No such staff member');
  return row;
}

/** Checks a TOTP code (spent at once, so it never works twice). */
export async function spendTotp(db: DbOrTx, row: StaffRow, code: string): Promise<boolean> {
  if (!row.totpSecret || !/^\d{6}$/.test(code)) return false;
  const step = totpStep(row.totpSecret, row.email, code);
  return step !== null && spendTotpStep(db, row.id, step);
}

/** A new session: answers the cookie's token (the database keeps only its hash). */
export async function openSession(db: DbOrTx, staffId: string, from: { ip: string; userAgent: string | null }) {
  const token = newToken();
  const [session] = await db
    .insert(staffSessions)
    .values({
      staffId,
      tokenHash: sha256(token),
      ip: from.ip,
      userAgent: from.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + STAFF_SESSION.absoluteMs),
    })
    .returning({ id: staffSessions.id });
  return { token, sessionId: session!.id };
}

/** The live session of a cookie's token and its active staff member; touching it keeps it from idling out. */
export async function sessionOf(db: DbOrTx, token: string) {
  const idleSince = new Date(Date.now() - STAFF_SESSION.idleMs);
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, new Date()),
        gt(staffSessions.lastSeenAt, idleSince),
        eq(staff.status, 'active'),
      ),
    );
  if (!row) return null;
  // One write a minute at most: idle time is counted in minutes anyway.
  if (Date.now() - row.session.lastSeenAt.getTime() > 60_000)
    await db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.id, row.session.id));
  return row;
}

export async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ endedAt: new Date() }).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of a staff member and revokes their API tokens (deactivation, a role change). */
export async function endEverything(db: DbOrTx, staffId: string): Promise<void> {
  const now = new Date();
  await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
  await db
    .update(staffTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.revokedAt)));
}

/** An API token for scripts: answered once, `stf_…`. */
export async function createToken(db: DbOrTx, staffId: string, name: string) {
  const token = newToken('stf_');
  const [row] = await db
    .insert(staffTokens)
    .values({ staffId, name, tokenHash: sha256(token) })
    .returning({ id: staffTokens.id });
  return { id: row!.id, name, token };
}

/** The active staff member an API token belongs to, or null. */
export async function tokenOwner(db: DbOrTx, token: string): Promise<StaffRow | null> {
  const [row] = await db
    .select({ member: staff })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(and(eq(staffTokens.tokenHash, sha256(token)), isNull(staffTokens.revokedAt), eq(staff.status, 'active')));
  return row?.member ?? null;
}

export async function listStaff(db: DbOrTx): Promise<Staff[]> {
  return (await db.select().from(staff).orderBy(staff.createdAt)).map(staffView);
}

/** Deactivates (ends every session and token at once) or changes a role; answers the row before. */
export async function changeStaff(db: DbOrTx, id: string, change: { role: StaffRole } | { deactivate: true }) {
  const before = await staffById(db, id);
  const set = 'role' in change ? { role: change.role } : { status: 'deactivated' as const, deactivatedAt: sql`now()` };
  const [after] = await db.update(staff).set(set).where(eq(staff.id, id)).returning();
  await endEverything(db, id);
  return { before: staffView(before), after: staffView(after!) };
}

export const refuseSignIn = () => unauthorized('Wrong e-mail, password or code');
