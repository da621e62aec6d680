import { eq } from 'drizzle-orm';
import { safeSitePath } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { issueCode, newLinkCode, useCode } from './codes.ts';
import { players } from './tables.ts';

export const AUTOLOGIN_TTL_SEC = 10 * 60;

/**
 * An operator's one-time sign-in link for a player (support, a CRM campaign): valid 10 minutes,
 * once. Issuing a new one voids the previous.
 */
export async function issueAutologin(
  db: DbOrTx,
  playerId: string,
  options: { publicUrl: string; redirectPath?: string },
): Promise<{ url: string; expiresAt: Date }> {
  const [player] = isUuid(playerId)
    ? await db
        .select({ id: players.id, email: players.email, phone: players.phone })
        .from(players)
        .where(eq(players.id, playerId))
        .limit(1)
    : [];
  if (!player) throw notFound(`No player with the id ${playerId}`);
  const address = player.email ?? player.phone ?? player.id;
  const code = newLinkCode();
  await issueCode(db, { playerId: player.id, purpose: 'autologin', target: address, code, ttlSec: AUTOLOGIN_TTL_SEC });
  const url = new URL('/auth/autologin', options.publicUrl);
  url.searchParams.set('state', code);
  url.searchParams.set('redirectUrl', safeSitePath(options.redirectPath));
  return { url: url.toString(), expiresAt: new Date(Date.now() + AUTOLOGIN_TTL_SEC * 1000) };
}

/** Spends an autologin token: the player it was issued for, or null. */
export async function useAutologin(db: DbOrTx, token: string): Promise<string | null> {
  return (await useCode(db, 'autologin', token))?.playerId ?? null;
}
