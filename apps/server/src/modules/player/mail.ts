import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sendMessage, type TemplateName, type TemplateParams } from '../messages/index.ts';
import { players } from './tables.ts';

/**
 * Mails a player in their language (the address and language are this module's); a player without
 * an address (signed up by phone) gets nothing and the caller is told so.
 */
export async function emailPlayer<T extends TemplateName>(
  tx: DbOrTx,
  playerId: string,
  template: T,
  params: TemplateParams[T],
): Promise<boolean> {
  const [player] = await tx
    .select({ email: players.email, locale: players.locale })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player?.email) return false;
  await sendMessage(tx, { channel: 'email', to: player.email, template, locale: player.locale ?? 'en', params });
  return true;
}

/** The player's language and display figures a message to them is written with. */
export async function localeOf(db: DbOrTx, playerId: string): Promise<string> {
  const [player] = await db.select({ locale: players.locale }).from(players).where(eq(players.id, playerId));
  return player?.locale ?? 'en';
}
