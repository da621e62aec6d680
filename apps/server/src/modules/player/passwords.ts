import { and, eq, isNull, ne } from 'drizzle-orm';
import { ValidationMessage, type PasswordChangeBody, type PasswordConfirmBody } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { sendMessage } from '../messages/index.ts';
import { issueCode, newLinkCode, useCode } from './codes.ts';
import { players, playerSessions } from './tables.ts';
import { revokeDevices } from './trusted-devices.ts';

export const RESET_TTL_SEC = 3600;
export const RESET_LINK_INVALID = 'This reset link is no longer valid. Ask for a new one.';
export const WRONG_CURRENT_PASSWORD = 'The current password is not right';

export type SessionCloseReason =
  | 'logout'
  | 'token_replay'
  | 'idle'
  | 'max_age'
  | 'blocked'
  | 'closed_by_player'
  | 'password_changed'
  | 'password_reset'
  | 'excluded'
  | 'account_closed'
  | 'ended_by_staff';

/** Ends the player's open sessions (all, or all but `keep`); answers their ids so their connections can go too. */
export async function closePlayerSessions(
  db: DbOrTx,
  playerId: string,
  reason: SessionCloseReason,
  keep?: string,
): Promise<string[]> {
  const rows = await db
    .update(playerSessions)
    .set({ closedAt: new Date(), closeReason: reason })
    .where(
      and(
        eq(playerSessions.playerId, playerId),
        isNull(playerSessions.closedAt),
        keep ? ne(playerSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: playerSessions.id });
  return rows.map((r) => r.id);
}

/**
 * Mails a reset link if the address belongs to a player. Answers the same either way, so the form
 * cannot be used to learn who plays here; run it after the answer, whose timing would tell.
 */
export async function requestPasswordReset(ctx: UnitOfWorkContext, email: string, publicUrl: string): Promise<void> {
  const [player] = await ctx.db
    .select({ id: players.id, locale: players.locale })
    .from(players)
    .where(eq(players.email, email))
    .limit(1);
  if (!player) return;
  const code = newLinkCode();
  await withTransaction(ctx, async (tx) => {
    await issueCode(tx, { playerId: player.id, purpose: 'password_reset', target: email, code, ttlSec: RESET_TTL_SEC });
    await sendMessage(tx, {
      channel: 'email',
      to: email,
      template: 'passwordReset',
      locale: player.locale ?? 'en',
      params: { link: `${publicUrl}/password/reset/${code}`, minutes: RESET_TTL_SEC / 60 },
    });
  });
}

/**
 * Sets a new password with a reset code (the e-mail link, or a phone OTP verified before) and ends
 * every session of the player: whoever knew the old password is out, and no browser stays trusted.
 */
export async function confirmPasswordReset(
  ctx: UnitOfWorkContext,
  body: PasswordConfirmBody,
): Promise<{ playerId: string; closed: string[] }> {
  assertNewPasswordAllowed(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  return withTransaction(ctx, async (tx) => {
    const used = await useCode(tx, 'password_reset', body.code);
    if (!used?.playerId) throw unprocessable(RESET_LINK_INVALID, { code: [RESET_LINK_INVALID] });
    const [player] = await tx
      .update(players)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(players.id, used.playerId))
      .returning({ id: players.id, email: players.email, locale: players.locale });
    const closed = await closePlayerSessions(tx, used.playerId, 'password_reset');
    // No browser stays trusted: whoever knew the old password may have signed in from theirs.
    await revokeDevices(tx, used.playerId);
    if (player?.email) await noticeChanged(tx, player.email, player.locale);
    return { playerId: used.playerId, closed };
  });
}

/** The security tab: the current password, then the new one; every other session ends. */
export async function changePassword(
  ctx: UnitOfWorkContext,
  playerId: string,
  currentSessionId: string,
  body: PasswordChangeBody,
): Promise<string[]> {
  const [player] = await ctx.db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!player?.passwordHash || !(await verifyPassword(body.currentPassword, player.passwordHash)))
    throw unprocessable(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  if (body.newPassword === body.currentPassword)
    throw unprocessable(ValidationMessage.samePassword, { newPassword: [ValidationMessage.samePassword] });
  assertNewPasswordAllowed(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  return withTransaction(ctx, async (tx) => {
    await tx.update(players).set({ passwordHash, updatedAt: new Date() }).where(eq(players.id, playerId));
    const closed = await closePlayerSessions(tx, playerId, 'password_changed', currentSessionId);
    await revokeDevices(tx, playerId, currentSessionId);
    if (player.email) await noticeChanged(tx, player.email, player.locale);
    return closed;
  });
}

function assertNewPasswordAllowed(password: string): void {
  if (isCommonPassword(password))
    throw unprocessable(ValidationMessage.commonPassword, { newPassword: [ValidationMessage.commonPassword] });
}

const noticeChanged = (tx: DbOrTx, email: string, locale: string | null) =>
  sendMessage(tx, { channel: 'email', to: email, template: 'passwordChanged', locale: locale ?? 'en', params: {} });
