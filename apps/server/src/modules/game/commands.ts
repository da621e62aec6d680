import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { CommandArgsError, answersMessage, opsCommand, type OpsMessage, writes } from '../../lib/ops-command.ts';
import { setGameEnabled } from './catalogue/service.ts';

export const opsGameBodySchema = z.object({ identity: z.string().min(1).max(100), enabled: z.boolean() }).strict();
export type OpsGameBody = z.infer<typeof opsGameBodySchema>;

/**
 * Disables or enables a game: a disabled game leaves the catalogue, cannot be started, and bets in
 * its open sessions are refused (14306, with a push to the player). This process's catalogue cache
 * is dropped at once; other nodes follow within the cache's TTL.
 */
export async function opsGame(db: Db, body: OpsGameBody): Promise<OpsMessage> {
  const game = await setGameEnabled(db, body.identity, body.enabled);
  if (!game) throw fieldError('identity', `No game with the identity ${body.identity}`);
  return { message: `${body.enabled ? 'Enabled' : 'Disabled'} ${game.name} (${body.identity})` };
}

/** `game disable|enable <identity>`. */
function parseGame(args: string[]): OpsGameBody {
  const [action, identity] = args;
  if (args.length !== 2 || !identity || (action !== 'disable' && action !== 'enable'))
    throw new CommandArgsError('game needs disable|enable <identity>.');
  return { identity, enabled: action === 'enable' };
}

export const gameCommand = opsCommand({
  word: 'game',
  usage: `  game disable|enable <identity>
      Switch a game off (hidden, cannot start, bets in open sessions refused) or on again.`,
  parse: parseGame,
  route: 'game',
  permission: writes('Game'),
  body: opsGameBodySchema,
  ...answersMessage,
  run: (ctx, body) => opsGame(ctx.db, body),
});
