import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { CommandArgsError, answersMessage, opsCommand, reads } from '../../lib/ops-command.ts';
import { contactOf, namesPlayer, playerContacts, playerNaming, playerOf } from '../player/index.ts';
import { linkedPlayers } from './service.ts';

/** `ops player links <player>`: the accounts linked to a player, each with why. */
export const opsPlayerBodySchema = z
  .object({ action: z.literal('links'), ...playerNaming })
  .strict()
  .refine(...namesPlayer);
export type OpsPlayerBody = z.infer<typeof opsPlayerBodySchema>;

const KIND_WORDS = {
  device: 'device',
  card: 'card',
  iban: 'IBAN',
  crypto: 'crypto address',
  identity: 'identity',
} as const;

/**
 * The duplicate-account signal an operator reads: each linked account by its e-mail or phone, with
 * every reason (a shared browser, payment instrument or verified identity).
 */
export async function opsPlayer(db: DbOrTx, body: OpsPlayerBody): Promise<{ message: string }> {
  const player = await playerOf(db, body);
  const links = await linkedPlayers(db, player.id);
  if (links.length === 0) return { message: `${contactOf(player)} has no linked accounts.` };
  const contacts = await playerContacts(
    db,
    links.map((l) => l.playerId),
  );
  const lines = links.map((link) => {
    const reasons = link.reasons.map((r) => `${KIND_WORDS[r.kind]}: ${r.detail}`).join('; ');
    return `  ${contacts.get(link.playerId) ?? link.playerId}  ${reasons}`;
  });
  const count = links.length === 1 ? '1 linked account' : `${links.length} linked accounts`;
  return { message: [`${contactOf(player)}: ${count}`, ...lines].join('\n') };
}

/** `player links <player>`. */
function parsePlayer(args: string[]): OpsPlayerBody {
  const [verb, player] = args;
  if (verb !== 'links' || !player || args.length !== 2) throw new CommandArgsError('player needs links <player>.');
  return { action: 'links', player };
}

export const playerLinksCommand = opsCommand({
  word: 'player',
  usage: `  player links <player>
      The player's linked accounts (duplicate-account signal), each with why: a browser both signed in
      from, a card, IBAN or crypto address both used, or one verified identity (name and birth date or
      ID number). A bonus definition with "onePerPerson" counts linked accounts as one person.`,
  parse: parsePlayer,
  route: 'player',
  permission: reads('Player'),
  body: opsPlayerBodySchema,
  ...answersMessage,
  run: (ctx, body) => opsPlayer(ctx.db, body),
});
