import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  buildFieldsSchema,
  DEFAULT_LOCALE,
  ErrorCode,
  SESSION_SCOPE_WITHDRAW_ONLY,
  isSupportedLocale,
  LimitDefinition,
  PlayerStatus,
  ValidationMessage,
  type AuthResult,
  type PlayerSession,
  type Profile,
  type RegisterBody,
  type RegisterPhoneBody,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError, forbidden, notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue, inUnitOfWork, withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AccessClaims, TokenService } from '../../lib/tokens.ts';
import { sessionClosed } from '../../lib/auth-guard.ts';
import { COUNTRY_CODES, countryByCode, enabledCurrencyCodes, restrictionOf } from '../settings/index.ts';
import { openAccount } from '../wallet/index.ts';
import { clientOf, deviceTypeOf } from './device.ts';
import { REGISTRATION_FIELDS } from './fields.ts';
import { players, playerSessions } from './tables.ts';
import { sendEmailConfirmation } from './confirmations.ts';
import { e164, normalisePhone, PHONE_TAKEN, spendCode, tryCode } from './phone.ts';
import { useAutologin } from './autologin.ts';
import type { SessionCloseReason } from './passwords.ts';
import { endReasonOf } from './session-states.ts';
import { deviceAccount, SIGN_IN_LIMITS, signInAccount, type SignInGuard } from '../../lib/sign-in-guard.ts';
import { challengeAnswer, newChallenge, sendSignInCode, spendChallenge, tryChallenge } from './sign-in-challenge.ts';
import { revokeDeviceOfSession, trustDevice, trustedDevice } from './trusted-devices.ts';
import type { Defer } from './phone.ts';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { sendMessage } from '../messages/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { holdsRealMoney } from './closure.ts';
import { ExcludedSignIn } from './excluded-sign-in.ts';

export type TokenSigner = Pick<TokenService, 'sign'>;

/** Where a login or registration comes from; stored on the session row. */
export type ClientInfo = {
  ip: string;
  /** ISO country from the geo header (or the default country). */
  country: string;
  userAgent: string | null;
  fingerprint: string | null;
  /**
   * The browser's device token (its cookie, or a new one the answer will set): a session opened with it
   * makes the browser trusted for the player (trusted-devices.ts).
   */
  deviceToken?: string | null;
};

export type { SessionCloseReason } from './passwords.ts';

/** What registration and sign-in need beyond the request: links in mails, the throttle, the operator's rules. */
export type IdentityOptions = {
  publicUrl: string;
  requireEmailConfirmation: boolean;
  guard: SignInGuard;
  /** The counters behind the guard (also the budget of sign-in codes an account is sent). */
  attempts: AttemptCounter;
};

export const EMAIL_TAKEN_MESSAGE = 'This email is already registered';
const WRONG_CREDENTIALS = 'Wrong email or password';
const USER_AGENT_MAX = 512;

type PlayerRow = typeof players.$inferSelect;

const fieldContext = { currencies: enabledCurrencyCodes(), countries: COUNTRY_CODES };
const registrationSchema = buildFieldsSchema(REGISTRATION_FIELDS, fieldContext);
/** Phone registration: the same rules without the e-mail fields (the number and its code are checked apart). */
const phoneRegistrationSchema = buildFieldsSchema(
  REGISTRATION_FIELDS.filter((f) => f.name !== 'email' && f.name !== 'receiveEmailPromo'),
  fieldContext,
);
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
  ctx: UnitOfWorkContext,
  tokens: TokenSigner,
  body: RegisterBody,
  client: ClientInfo,
  options: Pick<IdentityOptions, 'publicUrl'>,
): Promise<AuthResult> {
  assertRegistrationValid(body);
  assertCountryAllowed(client.country);
  const email = body.email.trim().toLowerCase();
  // Hash before looking the email up, so "taken" does not answer measurably faster than "created".
  const passwordHash = await hashPassword(body.password);
  const { country, locale } = homeOf(body, client);
  try {
    return await withTransaction(ctx, async (tx) => {
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
          receiveBonus: body.receiveBonus ?? false,
          agreedTc: true,
          affiliateTag: body.affiliateTag?.trim() || null,
          registrationIp: client.ip,
        })
        .returning();
      await openAccount(tx, player!.id, body.currency, { active: true });
      await sendEmailConfirmation(tx, { id: player!.id, email, locale }, options.publicUrl);
      const session = await openSession(tx, tokens, player!.id, client);
      return authResult(session, player!, true);
    });
  } catch (error) {
    // Two registrations of the same email at once: the unique index decides, the loser gets 422.
    if (isUniqueViolation(error, 'players_email_key')) throw emailTaken();
    throw error;
  }
}

/**
 * Registration with a phone number and the SMS code sent to it (`POST /otp/send`, reason
 * registration): the number is confirmed by the code, so it is stored as confirmed. The code is
 * checked before anything else is said of the number: a guess must not learn that it is taken.
 */
export async function registerPlayerByPhone(
  ctx: UnitOfWorkContext,
  tokens: TokenSigner,
  body: RegisterPhoneBody,
  client: ClientInfo,
): Promise<AuthResult> {
  assertFieldsValid(phoneRegistrationSchema, body);
  assertCountryAllowed(client.country);
  const phone = normalisePhone(body.phone);
  const codeId = await tryCode(ctx.db, 'registration', phone, body.code);
  const passwordHash = await hashPassword(body.password);
  const { country, locale } = homeOf(body, client);
  try {
    return await withTransaction(ctx, async (tx) => {
      const [taken] = await tx.select({ id: players.id }).from(players).where(eq(players.phone, phone)).limit(1);
      if (taken) throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
      await spendCode(tx, codeId);
      const [player] = await tx
        .insert(players)
        .values({
          phone,
          phoneConfirmed: true,
          passwordHash,
          currency: body.currency,
          country,
          locale,
          receiveSmsPromo: body.receiveSmsPromo ?? false,
          receiveBonus: body.receiveBonus ?? false,
          agreedTc: true,
          affiliateTag: body.affiliateTag?.trim() || null,
          registrationIp: client.ip,
        })
        .returning();
      await openAccount(tx, player!.id, body.currency, { active: true });
      await enqueue(tx, 'player.phone.confirmed', { playerId: player!.id, phone });
      const session = await openSession(tx, tokens, player!.id, client);
      return authResult(session, player!, true);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'players_phone_key')) throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
    throw error;
  }
}

/**
 * Email + password login. Unknown email and wrong password answer alike, in the same time, and
 * count alike against the throttle (see sign-in-guard.ts). From a browser the player signed in from
 * before, the tries count on that browser's own budget, which a pause of the account does not touch.
 * During a pause every try is answered with a challenge, and the owner is sent its code (after the
 * answer: `defer`) only when the password was right.
 */
export async function loginPlayer(
  ctx: UnitOfWorkContext,
  tokens: TokenSigner,
  credentials: { login: string; password: string; withdrawOnly?: boolean | undefined },
  client: ClientInfo,
  options: IdentityOptions,
  defer: Defer,
): Promise<AuthResult> {
  // The contract gives an e-mail lower-cased, or a number as +digits; a number is matched as E.164.
  const typed = credentials.login.trim().toLowerCase();
  const byPhone = typed.startsWith('+');
  const login = byPhone ? (e164(typed) ?? typed) : typed;
  // A number libphonenumber rejects matches nobody (no stored phone is empty).
  const match = byPhone ? eq(players.phone, e164(typed) ?? '') : eq(players.email, login);
  const [player] = await ctx.db.select().from(players).where(match).limit(1);
  const device = player ? await trustedDevice(ctx.db, player.id, client.deviceToken) : null;
  const account = player && device ? deviceAccount(player.id, device) : signInAccount(player?.id ?? null, login);
  const attempt = await options.guard.begin(account, client.ip);
  let passwordRight = false;
  if (player?.passwordHash) passwordRight = await verifyPassword(credentials.password, player.passwordHash);
  else await burnPasswordCheck(credentials.password);
  if (attempt.paused) {
    const challenge = newChallenge();
    if (player && passwordRight) {
      const owner = player;
      defer(() => sendSignInCode(ctx, options.attempts, owner, challenge, options.publicUrl));
    }
    throw challengeAnswer(attempt.seconds, challenge);
  }
  if (!player || !passwordRight) {
    const { locked } = await attempt.failed();
    // The owner hears of it once per pause, with a way back in that does not need the old password.
    if (locked && player?.email) {
      const to = player.email;
      await inUnitOfWork(ctx, () =>
        sendMessage(ctx.db, {
          channel: 'email',
          to,
          template: 'signInLocked',
          locale: player.locale ?? 'en',
          params: { minutes: SIGN_IN_LIMITS.lockSec / 60, link: `${options.publicUrl}/?forgot-pass` },
        }),
      );
    }
    throw unauthorized(WRONG_CREDENTIALS, ErrorCode.invalidCredentials);
  }
  await attempt.succeeded();
  const { closed: closedWithMoney } = await assertMayLogInOrWithdraw(ctx.db, player);
  assertCountryAllowed(client.country);
  if (!byPhone && options.requireEmailConfirmation && !player.confirmedAt) throw emailNotVerified();
  const session = await openSession(ctx.db, tokens, player.id, client, {
    withdrawOnly: credentials.withdrawOnly === true,
    closed: closedWithMoney,
  });
  return authResult(session, player, false);
}

/**
 * The way through a paused sign-in: the challenge of the answer and the code its owner was sent. The
 * code proves both the password (only a right one sends it) and the mailbox; the browser is trusted
 * from then on. The account's pause stays for everyone else.
 */
export async function loginWithChallenge(
  ctx: UnitOfWorkContext,
  tokens: TokenSigner,
  body: { challenge: string; code: string; withdrawOnly?: boolean | undefined },
  client: ClientInfo,
): Promise<AuthResult> {
  const codeId = await tryChallenge(ctx.db, body.challenge, body.code);
  return withTransaction(ctx, async (tx) => {
    const playerId = await spendChallenge(tx, codeId);
    const [player] = await tx.select().from(players).where(eq(players.id, playerId)).limit(1);
    if (!player) throw unauthorized(WRONG_CREDENTIALS, ErrorCode.invalidCredentials);
    assertMayLogIn(player);
    assertCountryAllowed(client.country);
    const session = await openSession(tx, tokens, player.id, client, { withdrawOnly: body.withdrawOnly === true });
    return authResult(session, player, false);
  });
}

export const AUTOLOGIN_INVALID = 'This sign-in link is no longer valid';

/** An operator's one-time link (`npm run ops -- autologin`): a session without the password, once. */
export async function loginWithToken(
  db: DbOrTx,
  tokens: TokenSigner,
  token: string,
  client: ClientInfo,
): Promise<AuthResult> {
  const playerId = await useAutologin(db, token);
  if (!playerId) throw unauthorized(AUTOLOGIN_INVALID, ErrorCode.invalidCredentials);
  const [player] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!player) throw unauthorized(AUTOLOGIN_INVALID, ErrorCode.invalidCredentials);
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
  if (!row) throw sessionEnded();
  if (row.session.closedAt) {
    throw sessionClosed(row.session.tokenId === claims.tokenId ? endReasonOf(row.session.closeReason) : null);
  }
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
  // A closed account's withdraw-only session lasts while real money is on it.
  const closedWithMoney =
    lockedOut !== null &&
    row.player.status === PlayerStatus.closed &&
    claims.scope === SESSION_SCOPE_WITHDRAW_ONLY &&
    (await holdsRealMoney(db, claims.playerId));
  if (lockedOut && !closedWithMoney) {
    await closeSession(db, claims.sessionId, 'blocked');
    throw lockedOut;
  }
  // A withdraw-only session lasts as long as the exclusion; then the player signs in as usual.
  const exclusion = claims.scope && !closedWithMoney ? await activeExclusion(db, claims.playerId) : null;
  if (claims.scope && !exclusion && !closedWithMoney) {
    await closeSession(db, claims.sessionId, 'logout');
    throw sessionEnded();
  }
  const issued = await tokens.sign(claims.playerId, claims.sessionId, claims.scope);
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
  return authResult(
    {
      ...issued,
      sessionId: claims.sessionId,
      ...(closedWithMoney ? CLOSED_WITHDRAW_ONLY : exclusion ? withdrawOnlyOf(exclusion) : {}),
    },
    row.player,
    false,
  );
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

/**
 * Ends one of the player's own sessions (another device, or this one); 404 for anyone else's. The
 * browser that session was opened in is no longer trusted (trusted-devices.ts): ending a session from
 * the list is how a player says "not my device".
 */
export async function closeOwnSession(db: DbOrTx, playerId: string, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw notFound('Session not found');
  const [row] = await db
    .select({ id: playerSessions.id })
    .from(playerSessions)
    .where(and(eq(playerSessions.id, sessionId), eq(playerSessions.playerId, playerId)));
  if (!row) throw notFound('Session not found');
  await closeSession(db, sessionId, 'closed_by_player');
  await revokeDeviceOfSession(db, playerId, sessionId);
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
    city: p.city,
    address: p.address,
    postalCode: p.postalCode,
    additionalAddress: p.additionalAddress,
    nationality: p.nationality,
    placeOfBirth: p.placeOfBirth,
    profession: p.profession,
    personalIdNumber: p.personalIdNumber,
    cpf_number: p.cpfNumber,
    securityQuestion: p.securityQuestion,
    hasSecurityAnswer: p.securityAnswerHash !== null,
    receiveEmailPromo: p.receiveEmailPromo,
    receiveSmsPromo: p.receiveSmsPromo,
    receiveBonus: p.receiveBonus,
    agreedTc: p.agreedTc,
    createdAt: p.createdAt.toISOString(),
    isNewlyRegistered,
    freshchatRestoreId: p.freshchatRestoreId,
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

type Issued = {
  token: string;
  tokenId: string;
  expiresAt: Date;
  sessionId: string;
  scope?: 'withdraw-only';
  excludedUntil?: string | null;
  closed?: true;
};

const withdrawOnlyOf = (exclusion: { expiresAt: Date | null }) => ({
  scope: SESSION_SCOPE_WITHDRAW_ONLY as typeof SESSION_SCOPE_WITHDRAW_ONLY,
  excludedUntil: exclusion.expiresAt?.toISOString() ?? null,
});

/** A closed account's session for taking out the money that reached it after the close. */
const CLOSED_WITHDRAW_ONLY = {
  scope: SESSION_SCOPE_WITHDRAW_ONLY as typeof SESSION_SCOPE_WITHDRAW_ONLY,
  excludedUntil: null,
  closed: true as const,
};

/**
 * Opens a session. During an exclusion none opens, except with `withdrawOnly` (password sign-in): a
 * session whose token is scoped to withdrawing and messages (lib/auth-guard.ts). `closed` (a closed
 * account holding real money, signing in with its password or Google) opens such a session whatever
 * the exclusions.
 */
export async function openSession(
  db: DbOrTx,
  tokens: TokenSigner,
  playerId: string,
  client: ClientInfo,
  options: { withdrawOnly?: boolean; closed?: boolean } = {},
): Promise<Issued> {
  const exclusion = options.withdrawOnly && !options.closed ? await activeExclusion(db, playerId) : null;
  if (!exclusion && !options.closed) await assertNotExcluded(db, playerId);
  const sessionId = randomUUID();
  const limited = options.closed ? CLOSED_WITHDRAW_ONLY : exclusion ? withdrawOnlyOf(exclusion) : null;
  const issued = await tokens.sign(playerId, sessionId, limited?.scope);
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
  if (client.deviceToken)
    await trustDevice(db, playerId, client.deviceToken, { sessionId, client: clientOf(userAgent) });
  return { ...issued, sessionId, ...limited };
}

export function authResult(issued: Issued, player: PlayerRow, isNewlyRegistered: boolean): AuthResult {
  return {
    accessToken: issued.token,
    tokenType: 'Bearer',
    expiresAfter: issued.expiresAt.toISOString(),
    sessionId: issued.sessionId,
    profile: toProfile(player, isNewlyRegistered),
    ...(issued.scope
      ? { scope: issued.scope, excludedUntil: issued.excludedUntil ?? null, ...(issued.closed ? { closed: true } : {}) }
      : {}),
  };
}

/** A new player's country (the form's, else the visitor's if we list it) and language (the form's, else the country's). */
export function homeOf(body: { country?: string | undefined; locale?: string | undefined }, client: ClientInfo) {
  const country = body.country ? body.country.toUpperCase() : countryByCode(client.country) ? client.country : null;
  const locale =
    body.locale && isSupportedLocale(body.locale)
      ? body.locale
      : (country && countryByCode(country)?.locale) || DEFAULT_LOCALE;
  return { country, locale };
}

function assertRegistrationValid(body: RegisterBody): void {
  assertFieldsValid(registrationSchema, body);
}

/** The field rules, the as-typed confirmation, a known country and the breach list, as one 422. */
function assertFieldsValid(
  schema: typeof registrationSchema,
  body: { password: string; password_confirmation: string; country?: string | undefined },
): void {
  const fields: Record<string, string[]> = {};
  const parsed = schema.safeParse(body);
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
  [PlayerStatus.closed, 'This account is closed'],
]);

function lockedOutError(player: PlayerRow): DomainError | null {
  const message = LOCKED_OUT_MESSAGES.get(player.status);
  if (!message) return null;
  return forbidden(message, player.status === PlayerStatus.closed ? ErrorCode.accountClosed : ErrorCode.accountBlocked);
}

/** Every way in opens a session here: none opens during a self-exclusion or cooling-off. */
async function assertNotExcluded(db: DbOrTx, playerId: string): Promise<void> {
  const exclusion = await activeExclusion(db, playerId);
  if (!exclusion) return;
  const until = exclusion.expiresAt?.toISOString() ?? null;
  const selfExcluded = exclusion.type === LimitDefinition.selfExclusion;
  const what = selfExcluded ? 'excluded yourself' : 'taken a break';
  throw new ExcludedSignIn(
    playerId,
    selfExcluded ? 'self_exclusion' : 'cooling_off',
    until,
    until ? `You have ${what} until ${until}; you can sign in again then` : `You have ${what} for good`,
  );
}

export function assertMayLogIn(player: PlayerRow): void {
  const lockedOut = lockedOutError(player);
  if (lockedOut) throw lockedOut;
}

/**
 * A sign-in by the owner's proof (password, Google): as assertMayLogIn, except that money reached a
 * closed account after its close (a late payment or win): its owner then signs in to take it out, and
 * only that (`closed`: open the session withdraw-only); without money on it the sign-in is refused as for
 * any closed account.
 */
export async function assertMayLogInOrWithdraw(db: DbOrTx, player: PlayerRow): Promise<{ closed: boolean }> {
  if (player.status === PlayerStatus.closed && (await holdsRealMoney(db, player.id))) return { closed: true };
  assertMayLogIn(player);
  return { closed: false };
}

/** restrictType 1 (site closed) and 2 (no new players) both block sign-up and sign-in from that country. */
export function assertCountryAllowed(country: string): void {
  if (restrictionOf(country).restricted) throw forbidden('This service is not available in your country');
}

const emailNotVerified = () =>
  forbidden(
    'To use this login method, first login to your account and verify your email address',
    ErrorCode.emailNotVerified,
  );
const emailTaken = () => unprocessable(EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] }, ErrorCode.emailTaken);
const sessionEnded = (message = 'Session ended') => new DomainError(ErrorCode.sessionClosed, message);
