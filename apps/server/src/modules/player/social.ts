import type { IdTokenCheck } from '../../lib/module.ts';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify } from 'jose';
import { ErrorCode, type AuthResult, type SocialLoginBody } from '@casino/contracts';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { countryByCode, enabledCurrencyCodes } from '../settings/index.ts';
import { openAccount } from '../wallet/index.ts';
import {
  assertCountryAllowed,
  assertMayLogInOrWithdraw,
  authResult,
  homeOf,
  openSession,
  type ClientInfo,
  type TokenSigner,
} from './service.ts';
import { playerIdentities, players } from './tables.ts';

export const ID_TOKEN_LEEWAY_SEC = 60;
const INVALID_TOKEN = 'The sign-in with this provider could not be checked. Please try again.';

export type { IdTokenCheck };
type Identity = { issuer: string; subject: string; email: string | null; emailVerified: boolean };

/**
 * Checks an ID token: RS256 by the provider's keys, its issuer, our client as audience, a subject, a
 * nonce, and its expiry with 60 s of leeway. A nonce is good once: a token copied from a browser
 * cannot sign anyone in a second time.
 */
export async function verifyIdToken(token: string, check: IdTokenCheck, attempts: AttemptCounter): Promise<Identity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, check.keys, {
      issuer: check.issuer,
      audience: check.audience,
      algorithms: ['RS256'],
      clockTolerance: ID_TOKEN_LEEWAY_SEC,
      requiredClaims: ['sub', 'nonce', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw unauthorized(INVALID_TOKEN);
    throw error;
  }
  const nonce = createHash('sha256').update(String(payload.nonce)).digest('hex');
  if ((await attempts.hit(`id-token-nonce:${nonce}`, 2 * 3600)) > 1) throw unauthorized(INVALID_TOKEN);
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
  return { issuer: check.issuer, subject: payload.sub!, email, emailVerified: payload.email_verified === true };
}

/**
 * Signs in the player linked to the identity; links it to the player with the same verified e-mail
 * address; or registers a new player (`isNewlyRegistered`). An address the provider has not verified
 * never takes over an existing account (11001).
 */
export async function loginWithIdentity(
  ctx: UnitOfWorkContext,
  tokens: TokenSigner,
  identity: Identity,
  body: SocialLoginBody,
  client: ClientInfo,
  /** Wraps the making of a new account (the per-address sign-up budget); signing in to one is not held. */
  admitNew: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<AuthResult> {
  assertCountryAllowed(client.country);
  return withTransaction(ctx, async (tx) => {
    const [linked] = await tx
      .select({ player: players })
      .from(playerIdentities)
      .innerJoin(players, eq(players.id, playerIdentities.playerId))
      .where(and(eq(playerIdentities.issuer, identity.issuer), eq(playerIdentities.subject, identity.subject)));
    if (linked) return signIn(linked.player, false);

    const [sameEmail] = identity.email
      ? await tx.select().from(players).where(eq(players.email, identity.email)).limit(1)
      : [];
    if (sameEmail) {
      if (!identity.emailVerified)
        throw forbidden(
          'To use this login method, first login to your account and verify your email address',
          ErrorCode.emailNotVerified,
        );
      await link(sameEmail.id);
      return signIn(sameEmail, false);
    }

    return admitNew(() => register());

    async function register() {
      const { country, locale } = homeOf(body, client);
      const currency =
        body.currency && enabledCurrencyCodes().includes(body.currency)
          ? body.currency
          : (country && countryByCode(country)?.currency) || 'EUR';
      const [created] = await tx
        .insert(players)
        .values({
          email: identity.email,
          confirmedAt: identity.emailVerified ? new Date() : null,
          currency,
          country,
          locale,
          agreedTc: true,
          affiliateTag: body.affiliateTag?.trim() || null,
          registrationIp: client.ip,
        })
        .returning();
      await openAccount(tx, created!.id, currency, { active: true });
      if (identity.email && created!.confirmedAt)
        await enqueue(tx, 'player.email.confirmed', { playerId: created!.id, email: identity.email });
      await link(created!.id);
      return signIn(created!, true);
    }

    async function link(playerId: string) {
      await tx.insert(playerIdentities).values({ issuer: identity.issuer, subject: identity.subject, playerId });
    }
    async function signIn(player: typeof players.$inferSelect, isNew: boolean) {
      // A closed account that money reached later: withdraw-only (its owner proved themselves as at closing).
      const { closed } = await assertMayLogInOrWithdraw(tx, player);
      const session = await openSession(tx, tokens, player.id, client, { closed });
      return authResult(session, player, isNew);
    }
  });
}
