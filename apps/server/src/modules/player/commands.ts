import { z } from 'zod';
import { text } from '@casino/contracts';
import type { Db } from '../../db/client.ts';
import { CommandArgsError, opsCommand, writes } from '../../lib/ops-command.ts';
import { issueAutologin } from './autologin.ts';
import { namesPlayer, playerNaming, playerOf } from './command-naming.ts';

export const opsAutologinBodySchema = z
  .object({ ...playerNaming, redirect: text().max(512).optional() })
  .refine(...namesPlayer);
export type OpsAutologinBody = z.infer<typeof opsAutologinBodySchema>;
export const opsAutologinResultSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type OpsAutologinResult = z.infer<typeof opsAutologinResultSchema>;

export async function opsAutologin(db: Db, body: OpsAutologinBody, publicUrl: string): Promise<OpsAutologinResult> {
  const player = await playerOf(db, body);
  const issued = await issueAutologin(db, player.id, { publicUrl, redirectPath: body.redirect });
  return { url: issued.url, expiresAt: issued.expiresAt.toISOString() };
}

export const describeAutologin = (r: OpsAutologinResult) =>
  `One-time sign-in link (valid until ${r.expiresAt}, once):\n${r.url}`;

/** `autologin <player> [--redirect <path>]`. */
function parseAutologin(args: string[]): OpsAutologinBody {
  const [player, flag, redirect] = args;
  const valid = player && (args.length === 1 || (args.length === 3 && flag === '--redirect' && redirect));
  if (!valid) throw new CommandArgsError('autologin needs <player> [--redirect <path>].');
  return { player, ...(redirect ? { redirect } : {}) };
}

export const autologinCommand = opsCommand({
  word: 'autologin',
  usage: `  autologin <player> [--redirect <path>]
      Print a one-time sign-in link for the player (valid 10 minutes, once), e.g. for support.`,
  parse: parseAutologin,
  route: 'autologin',
  permission: writes('Player'),
  body: opsAutologinBodySchema,
  result: opsAutologinResultSchema,
  // The link is on this site's public address, whichever process writes the token.
  run: (ctx, body) => opsAutologin(ctx.db, body, ctx.config.publicUrl),
  describe: describeAutologin,
});
