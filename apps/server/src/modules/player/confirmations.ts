import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { sendMessage } from '../messages/index.ts';
import { findCode, issueCode, newLinkCode, useCode } from './codes.ts';
import { players } from './tables.ts';

export const CONFIRMATION_TTL_SEC = 7 * 86_400;
export const ALREADY_CONFIRMED = 'Your e-mail address is already confirmed';
export const CONFIRMATION_LINK_INVALID = 'This confirmation link is no longer valid. Ask for a new one.';

/** Mails the player a link that confirms their address (at registration, and on "send again"). */
export async function sendEmailConfirmation(
  tx: DbOrTx,
  player: { id: string; email: string; locale: string | null },
  publicUrl: string,
): Promise<void> {
  const code = newLinkCode();
  await issueCode(tx, {
    playerId: player.id,
    purpose: 'email_confirmation',
    target: player.email,
    code,
    ttlSec: CONFIRMATION_TTL_SEC,
  });
  await sendMessage(tx, {
    channel: 'email',
    to: player.email,
    template: 'emailConfirmation',
    locale: player.locale ?? 'en',
    params: { link: `${publicUrl}/verify/${code}` },
  });
}

/** "Send the link again": refused once the address is confirmed. */
export async function resendEmailConfirmation(
  ctx: UnitOfWorkContext,
  playerId: string,
  publicUrl: string,
): Promise<void> {
  const [player] = await ctx.db
    .select({ id: players.id, email: players.email, locale: players.locale, confirmedAt: players.confirmedAt })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!player?.email) throw unprocessable('There is no e-mail address to confirm');
  if (player.confirmedAt) throw unprocessable(ALREADY_CONFIRMED);
  const email = player.email;
  await withTransaction(ctx, (tx) =>
    sendEmailConfirmation(tx, { id: player.id, email, locale: player.locale }, publicUrl),
  );
}

/**
 * The link of the confirmation mail. It confirms the address it was sent to only: a player who
 * changed their address since needs a link for the new one. A second click on a link that did its
 * work (a mail scanner may have opened it first) still answers `confirmed`.
 */
export async function confirmEmail(
  ctx: UnitOfWorkContext,
  code: string,
): Promise<{ status: 'confirmed' | 'invalid'; playerId: string | null }> {
  return withTransaction(ctx, async (tx) => {
    const used = await useCode(tx, 'email_confirmation', code);
    if (used?.playerId) {
      const [confirmed] = await tx
        .update(players)
        .set({ confirmedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(players.id, used.playerId), eq(players.email, used.target), isNull(players.confirmedAt)))
        .returning({ id: players.id });
      if (confirmed) await enqueue(tx, 'player.email.confirmed', { playerId: confirmed.id, email: used.target });
    }
    // A spent, replaced or expired link confirms nothing; it only says so if the address is confirmed.
    const issued = used ?? (await findCode(tx, 'email_confirmation', code));
    if (!issued?.playerId) return { status: 'invalid', playerId: null };
    const [player] = await tx
      .select({ confirmedAt: players.confirmedAt, email: players.email })
      .from(players)
      .where(eq(players.id, issued.playerId));
    const confirmed = Boolean(player?.confirmedAt) && player?.email === issued.target;
    return { status: confirmed ? 'confirmed' : 'invalid', playerId: issued.playerId };
  });
}
