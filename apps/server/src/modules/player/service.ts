import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  buildFieldsSchema,
  DEFAULT_LOCALE,
  ErrorCode,
  isSupportedLocale,
  PlayerStatus,
  ValidationMessage,
  type AuthResult,
  type PlayerSession,
  type Profile,
  type RegisterBody,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError, forbidden, notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AccessClaims, TokenService } from '../../lib/tokens.ts';
import { COUNTRY_CODES, countryByCode, enabledCurrencyCodes, restrictionOf } from '../settings/index.ts';
import { openAccount } from '../wallet/index.ts';
import { clientOf, deviceTypeOf } from './device.ts';
import { REGISTRATION_FIELDS } from './fields.ts';
import { players, playerSessions } from './tables.ts';

export type TokenSigner = Pick<TokenService, 'sign'>;

/** Where a login or registration comes from; stored on the session row. */
export type ClientInfo = {
  ip: string;
  /** ISO country from the geo header (or the default country). */
  country: string;
  userAgent: string | null;
  fingerprint: string | null;
};

export type SessionCloseReason = 'logout' | 'token_replay' | 'idle' | 'max_age' | 'blocked' | 'closed_by_player';

export const EMAIL_TAKEN_MESSAGE = 'This email is already registered';
const WRONG_CREDENTIALS = 'Wrong email or password';
const USER_AGENT_MAX = 512;

type PlayerRow = typeof players.$inferSelect;

const registrationSchema = buildFieldsSchema(REGISTRATION_FIELDS, {
  currencies: enabledCurrencyCodes(),
  countries: COUNTRY_CODES,
});
/** The sameAs message of the confirmation field, so the as-typed comparison answers with the field's own text. */
const PASSWORD_MISMATCH = REGISTRATION_FIELDS.find((f) => f.name === 'password_confirmation')!.rules.find(
  (r) => r.name === 'sameAs',
)!.message;

// ---------------------------------------------------------------------------------------------
// Registration and login

/**
 * Creates the player, the wallet account in the registration currency and the first session, in
 * one transaction. Field rules are those of GET /api/player/fields/validations?scenario=registration.
 */
export async function registerPlayer(
  db: DbOrTx,
  tokens: TokenSigner,
  body: RegisterBody,
  client: ClientInfo,
): Promise<AuthResult> {
  assertRegistrationValid(body);
  assertCountryAllowed(client.country);
  const email = body.email.trim().toLowerCase();
  // Hash before looking the email up, so "taken" does not answer measurably faster than "created".
  const passwordHash = await hashPassword(body.password);
  const country = body.country ? body.country.toUpperCase() : countryByCode(client.country) ? client.country : null;
  const locale =
    body.locale && isSupportedLocale(body.locale)
      ? body.locale
      : (country && countryByCode(country)?.locale) || DEFAULT_LOCALE;
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: players.id }).from(players).where(eq(players.email, email)).limit(1);
      if (taken) throw emailTaken();
      const [player] = await tx
        .insert(players)
        .values({
          email,
          passwordHash,
          currency: body.currency,
          country,
          locale,
          nickname: body.nickname?.trim() || null,
          receiveEmailPromo: body.receiveEmailPromo ?? false,
          agreedTc: true,
          affiliateTag: body.affiliateTag?.trim() || null,
          registrationIp: client.ip,
        })
        .returning();
      await openAccount(tx, player!.id, body.currency, { active: true });
      const session = await openSession(tx, tokens, player!.id, client);
      return authResult(session, player!, true);
    });
  } catch (error) {
    // Two registrations of the same email at once: the unique index decides, the loser gets 422.
    if (isUniqueViolation(error, 'players_email_key')) throw emailTaken();
    throw error;
  }
}

/** Email + password login. Unknown email and wrong password answer alike, in the same time. */
export async function loginPlayer(
  db: DbOrTx,
  tokens: TokenSigner,
  credentials: { login: string; password: string },
  client: ClientInfo,
): Promise<AuthResult> {
  const email = credentials.login.trim().toLowerCase();
  const [player] = await db.select().from(players).where(eq(players.email, email)).limit(1);
  if (!player?.passwordHash) {
    await burnPasswordCheck(credentials.password);
    throw unauthorized(WRONG_CREDENTIALS, ErrorCode.invalidCredentials);
  }
  if (!(await verifyPassword(credentials.password, player.passwordHash))) {
    throw unauthorized(WRONG_CREDENTIALS, ErrorCode.invalidCredentials);
  }
  assertMayLogIn(player);
  assertCountryAllowed(client.country);
  const session = await openSession(db, tokens, player.id, client);
  return authResult(session, player, false);
}

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * Rotates the access token of an open session. The presented token may be expired but must be the
 * session's current one: an older token means it was copied and replayed, so the session ends.
 * Only that session ends (the player's other devices stay signed in).
 */
export async function refreshSession(
  db: DbOrTx,
  tokens: TokenSigner,
  claims: AccessClaims,
  options: { idleTtlSec: number; maxTtlSec: number; now?: Date },
): Promise<AuthResult> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ session: playerSessions, player: players })
    .from(playerSessions)
    .innerJoin(players, eq(players.id, playerSessions.playerId))
    .where(and(eq(playerSessions.id, claims.sessionId), eq(playerSessions.playerId, claims.playerId)))
    .limit(1);
  if (!row || row.session.closedAt) throw sessionEnded();
  if (row.session.tokenId !== claims.tokenId) {
    await closeSession(db, claims.sessionId, 'token_replay');
    throw sessionEnded();
  }
  if (now.getTime() - row.session.refreshedAt.getTime() > options.idleTtlSec * 1000) {
    await closeSession(db, claims.sessionId, 'idle');
    throw sessionEnded('Session expired');
  }
  // An absolute lifetime: a stolen refresh chain cannot live for ever by being used.
  if (now.getTime() - row.session.createdAt.getTime() > options.maxTtlSec * 1000) {
    await closeSession(db, claims.sessionId, 'max_age');
    throw sessionEnded('Session expired');
  }
  const lockedOut = lockedOutError(row.player);
  if (lockedOut) {
    await closeSession(db, claims.sessionId, 'blocked');
    throw lockedOut;
  }
  const issued = await tokens.sign(claims.playerId, claims.sessionId);
  // Compare-and-set on the token id: of two refreshes racing with the same token only one wins.
  const updated = await db
    .update(playerSessions)
    .set({ tokenId: issued.tokenId, refreshedAt: now })
    .where(
      and(
        eq(playerSessions.id, claims.sessionId),
        eq(playerSessions.tokenId, claims.tokenId),
        isNull(playerSessions.closedAt),
      ),
    )
    .returning({ id: playerSessions.id });
  // The loser of a race with itself (two tabs at once) is told the session ended, as a replay would be.
  if (updated.length === 0) throw sessionEnded();
  return authResult({ ...issued, sessionId: claims.sessionId }, row.player, false);
}

/** Closes an open session; closing a closed one changes nothing. */
export async function closeSession(db: DbOrTx, sessionId: string, reason: SessionCloseReason): Promise<void> {
  await db
    .update(playerSessions)
    .set({ closedAt: new Date(), closeReason: reason })
    .where(and(eq(playerSessions.id, sessionId), isNull(playerSessions.closedAt)));
}

/** The player's sessions, newest first, with the one of this request marked. */
export async function listSessions(
  db: DbOrTx,
  playerId: string,
  currentSessionId: string,
  page: { page: number; perPage: number },
): Promise<{ data: PlayerSession[]; totalRows: number }> {
  const mine = eq(playerSessions.playerId, playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerSessions)
      .where(mine)
      .orderBy(desc(playerSessions.createdAt), desc(playerSessions.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(playerSessions).where(mine),
  ]);
  return {
    totalRows: total?.n ?? 0,
    data: rows.map((row) => ({
      id: row.id,
      deviceType: row.deviceType ?? 'unknown',
      client: clientOf(row.userAgent),
      ip: row.ip,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.refreshedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      current: row.id === currentSessionId,
    })),
  };
}

/** Ends one of the player's own sessions (another device, or this one); 404 for anyone else's. */
export async function closeOwnSession(db: DbOrTx, playerId: string, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw notFound('Session not found');
  const [row] = await db
    .select({ id: playerSessions.id })
    .from(playerSessions)
    .where(and(eq(playerSessions.id, sessionId), eq(playerSessions.playerId, playerId)));
  if (!row) throw notFound('Session not found');
  await closeSession(db, sessionId, 'closed_by_player');
}

// ---------------------------------------------------------------------------------------------
// Profile

export async function getProfile(db: DbOrTx, playerId: string): Promise<Profile> {
  const [player] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!player) throw sessionEnded();
  return toProfile(player, false);
}

export function toProfile(p: PlayerRow, isNewlyRegistered: boolean): Profile {
  return {
    id: p.id,
    externalId: p.externalId,
    status: p.status,
    email: p.email,
    phone: p.phone,
    phoneConfirmed: p.phoneConfirmed,
    confirmedAt: p.confirmedAt?.toISOString() ?? null,
    currency: p.currency,
    country: p.country,
    locale: p.locale,
    timeZone: p.timeZone,
    nickname: p.nickname,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthdate: p.birthdate,
    receiveEmailPromo: p.receiveEmailPromo,
    receiveSmsPromo: p.receiveSmsPromo,
    agreedTc: p.agreedTc,
    createdAt: p.createdAt.toISOString(),
    isNewlyRegistered,
    freshchatRestoreId: p.freshchatRestoreId,
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

type Issued = { token: string; tokenId: string; expiresAt: Date; sessionId: string };

async function openSession(db: DbOrTx, tokens: TokenSigner, playerId: string, client: ClientInfo): Promise<Issued> {
  const sessionId = randomUUID();
  const issued = await tokens.sign(playerId, sessionId);
  const userAgent = client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null;
  const now = new Date();
  await db.insert(playerSessions).values({
    id: sessionId,
    playerId,
    tokenId: issued.tokenId,
    ip: client.ip,
    country: client.country,
    userAgent,
    deviceType: deviceTypeOf(userAgent),
    fingerprint: client.fingerprint,
    createdAt: now,
    refreshedAt: now,
  });
  return { ...issued, sessionId };
}

function authResult(issued: Issued, player: PlayerRow, isNewlyRegistered: boolean): AuthResult {
  return {
    accessToken: issued.token,
    tokenType: 'Bearer',
    expiresAfter: issued.expiresAt.toISOString(),
    sessionId: issued.sessionId,
    profile: toProfile(player, isNewlyRegistered),
  };
}

function assertRegistrationValid(body: RegisterBody): void {
  const fields: Record<string, string[]> = {};
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  }
  // The field rules compare trimmed values; the password is stored as typed, so compare as typed too.
  if (!fields.password_confirmation && body.password !== body.password_confirmation) {
    fields.password_confirmation = [PASSWORD_MISMATCH];
  }
  if (body.country !== undefined && !countryByCode(body.country)) (fields.country ??= []).push(ValidationMessage.or);
  // A password from the breach lists is the first one an attacker tries, whatever its length.
  if (!fields.password && isCommonPassword(body.password)) fields.password = [ValidationMessage.commonPassword];
  if (Object.keys(fields).length > 0) throw unprocessable('The request is not valid', fields);
}

/** Statuses that may not log in or refresh, with what the player is told. */
const LOCKED_OUT_MESSAGES: ReadonlyMap<number, string> = new Map([
  [PlayerStatus.blocked, 'Your account is blocked'],
  [PlayerStatus.selfExcluded, 'Your account is self-excluded'],
  [PlayerStatus.coolingOff, 'Your account is in a cooling-off period'],
]);

function lockedOutError(player: PlayerRow): DomainError | null {
  const message = LOCKED_OUT_MESSAGES.get(player.status);
  return message ? forbidden(message, ErrorCode.accountBlocked) : null;
}

function assertMayLogIn(player: PlayerRow): void {
  const lockedOut = lockedOutError(player);
  if (lockedOut) throw lockedOut;
}

/** restrictType 1 (site closed) and 2 (no new players) both block sign-up and sign-in from that country. */
function assertCountryAllowed(country: string): void {
  if (restrictionOf(country).restricted) throw forbidden('This service is not available in your country');
}

const emailTaken = () => unprocessable(EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] }, ErrorCode.emailTaken);
const sessionEnded = (message = 'Session ended') => new DomainError(ErrorCode.sessionClosed, message);
