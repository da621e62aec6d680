import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { playerDevices } from './tables.ts';

/**
 * The device cookie: a random token the browser keeps (HttpOnly, SameSite=Lax, only sent to
 * `/api/player`), set at every sign-in and registration. The server keeps its hash per player. A
 * browser a player signed in from is trusted for that player: a pause of the account (after failed
 * sign-ins from elsewhere) does not hold it back (sign-in-guard.ts). The same hash on two players says
 * they share a browser (the links module).
 */
export const DEVICE_COOKIE = 'trusted_device';
/** How long a browser stays trusted after its latest sign-in, and how long its cookie lives. */
export const DEVICE_TRUST_DAYS = 180;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceToken = () => randomBytes(32).toString('base64url');
export const deviceHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Our device token in a Cookie header, if it holds a well-formed one. */
export function deviceTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (TOKEN.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value that keeps `token` in this browser (Secure where the site is served over HTTPS). */
export const deviceCookie = (token: string, secure: boolean) =>
  `${DEVICE_COOKIE}=${token}; Path=/api/player; Max-Age=${DEVICE_TRUST_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const trustSince = (now: Date) => new Date(now.getTime() - DEVICE_TRUST_DAYS * 86_400_000);

/**
 * The hash of `token` if its browser is trusted for this player (signed in from it within
 * DEVICE_TRUST_DAYS and not revoked since), else null.
 */
export async function trustedDevice(db: DbOrTx, playerId: string, token: string | null | undefined) {
  if (!token) return null;
  const hash = deviceHashOf(token);
  const [row] = await db
    .select({ deviceHash: playerDevices.deviceHash })
    .from(playerDevices)
    .where(
      and(
        eq(playerDevices.playerId, playerId),
        eq(playerDevices.deviceHash, hash),
        isNull(playerDevices.revokedAt),
        gt(playerDevices.lastSeenAt, trustSince(new Date())),
      ),
    )
    .limit(1);
  // A hash looked up, never compared byte by byte: its time tells nothing of the token.
  return row ? hash : null;
}

/** A sign-in from this browser succeeded: it is (again) trusted for the player, from now. */
export async function trustDevice(
  db: DbOrTx,
  playerId: string,
  token: string,
  seen: { sessionId: string; client: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(playerDevices)
    .values({
      playerId,
      deviceHash: deviceHashOf(token),
      client: seen.client,
      lastSessionId: seen.sessionId,
      createdAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [playerDevices.playerId, playerDevices.deviceHash],
      set: { client: seen.client, lastSessionId: seen.sessionId, lastSeenAt: now, revokedAt: null },
    });
}

/**
 * No browser of the player is trusted any more (a password reset), or none but the one whose latest
 * sign-in opened `keepSession` (a password change keeps the device it was made on).
 */
export async function revokeDevices(db: DbOrTx, playerId: string, keepSession?: string): Promise<void> {
  await db
    .update(playerDevices)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(playerDevices.playerId, playerId),
        isNull(playerDevices.revokedAt),
        keepSession ? or(isNull(playerDevices.lastSessionId), ne(playerDevices.lastSessionId, keepSession)) : undefined,
      ),
    );
}

/** The player ended a session from their list: the browser it was opened in is no longer trusted. */
export async function revokeDeviceOfSession(db: DbOrTx, playerId: string, sessionId: string): Promise<void> {
  await db
    .update(playerDevices)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(playerDevices.playerId, playerId),
        eq(playerDevices.lastSessionId, sessionId),
        isNull(playerDevices.revokedAt),
      ),
    );
}

export type SharedDevice = { playerId: string; client: string | null; lastSeenAt: Date };

/** Other players who signed in (or up) from a browser this player did, each once, most recent first. */
export async function sharedDevices(db: DbOrTx, playerId: string): Promise<SharedDevice[]> {
  const mine = db
    .select({ hash: playerDevices.deviceHash })
    .from(playerDevices)
    .where(eq(playerDevices.playerId, playerId));
  const rows = await db
    .select({ playerId: playerDevices.playerId, client: playerDevices.client, lastSeenAt: playerDevices.lastSeenAt })
    .from(playerDevices)
    .where(and(inArray(playerDevices.deviceHash, mine), ne(playerDevices.playerId, playerId)))
    .orderBy(desc(playerDevices.lastSeenAt))
    .limit(200);
  const seen = new Map<string, SharedDevice>();
  for (const row of rows) if (!seen.has(row.playerId)) seen.set(row.playerId, row);
  return [...seen.values()];
}

/** How many browsers the player is trusted on now (a test and an operator's look). */
export async function trustedDeviceCount(db: DbOrTx, playerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(playerDevices)
    .where(and(eq(playerDevices.playerId, playerId), isNull(playerDevices.revokedAt)));
  return row?.n ?? 0;
}

/** Players who signed in from a browser new to them since `since` (a new tie the alerts module checks). */
export async function devicesSeenSince(db: DbOrTx, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ playerId: playerDevices.playerId })
    .from(playerDevices)
    .where(gte(playerDevices.createdAt, since));
  return rows.map((r) => r.playerId);
}
