import path from 'node:path';
import { z } from 'zod';
import { loyaltyLevelsInputSchema, type LoyaltyLevelInput } from '@casino/contracts';
import { CommandArgsError, answersMessage, opsCommand, readInputFile, readsOn } from '../../lib/ops-command.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { contactOf, namesPlayer, playerNaming, playerOf } from '../player/index.ts';
import { accountOf, levelRows, listRates, replaceLevels, setRate } from './service.ts';

/** `npm run ops -- loyalty …`: levels, earning rates and a player's account. */
export const opsLoyaltyBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('levels') }).strict(),
  z.object({ action: z.literal('levels-set'), levels: loyaltyLevelsInputSchema }).strict(),
  z.object({ action: z.literal('rates') }).strict(),
  z
    .object({
      action: z.literal('rates-set'),
      gameType: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'A game type, e.g. slots'),
      points: z.number().int().min(0).max(1_000_000),
      perMinor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    })
    .strict(),
  z
    .object({ action: z.literal('account'), ...playerNaming })
    .strict()
    .refine(...namesPlayer),
]);
export type OpsLoyaltyBody = z.infer<typeof opsLoyaltyBodySchema>;

/** The levels file the operator names (an array of `{name, points, rewardBonus?}` in order), read and checked here. */
export function readLevelsFile(file: string): LoyaltyLevelInput[] {
  return readInputFile(file, loyaltyLevelsInputSchema, 'levels');
}

const levelLine = (l: { position: number; name: string; points: bigint; rewardBonus: string | null }) =>
  `${l.position}. ${l.name}  from ${l.points} points` + (l.rewardBonus ? `  reward "${l.rewardBonus}"` : '');

/** The one implementation behind `POST /api/admin/commands/loyalty` and the CLI's own database access. */
export async function opsLoyalty(ctx: UnitOfWorkContext, body: OpsLoyaltyBody) {
  switch (body.action) {
    case 'levels': {
      const rows = await levelRows(ctx.db);
      if (rows.length === 0)
        return { message: 'No loyalty levels yet (npm run ops -- loyalty levels set <file.json>).' };
      return { message: rows.map(levelLine).join('\n') };
    }
    case 'levels-set': {
      const rows = await withTransaction(ctx, (tx) => replaceLevels(tx, body.levels));
      return { message: `Loyalty levels set:\n${rows.map(levelLine).join('\n')}` };
    }
    case 'rates': {
      const rows = await listRates(ctx.db);
      if (rows.length === 0)
        return { message: 'No earning rates yet: no game type earns points (npm run ops -- loyalty rates set …).' };
      return {
        message: rows.map((r) => `${r.gameType}  ${r.points} point(s) per ${r.perAmount} ${r.currency}`).join('\n'),
      };
    }
    case 'rates-set':
      await setRate(ctx.db, body.gameType, body.points, BigInt(body.perMinor));
      return {
        message: `${body.gameType} now earns ${body.points} point(s) per ${body.perMinor} minor units of the base currency staked`,
      };
    case 'account': {
      const player = await playerOf(ctx.db, body);
      const account = await accountOf(ctx.db, player.id);
      return {
        message:
          `${contactOf(player)}: ${account.points} points, level ${account.currentLevel.order} "${account.currentLevel.name}"` +
          (account.nextLevel ? `; next "${account.nextLevel.name}" at ${account.nextLevel.points}` : '; the top level'),
      };
    }
  }
}

/** `loyalty levels [set <file.json>] | rates [set …] | account <player>`. */
function parseLoyalty(args: string[]): OpsLoyaltyBody {
  const [what, verb, a, b, c] = args;
  if (what === 'levels' && args.length === 1) return { action: 'levels' };
  if (what === 'levels' && verb === 'set' && a && args.length === 3)
    return { action: 'levels-set', levels: readLevelsFile(path.resolve(a)) };
  if (what === 'rates' && args.length === 1) return { action: 'rates' };
  if (what === 'rates' && verb === 'set' && a && b && c && args.length === 5)
    return { action: 'rates-set', gameType: a, points: Number(b), perMinor: Number(c) };
  if (what === 'account' && verb && args.length === 2) return { action: 'account', player: verb };
  throw new CommandArgsError(
    'loyalty needs levels | levels set <file.json> | rates | rates set <gameType> <points> <perMinor> | account <player>.',
  );
}

export const loyaltyCommand = opsCommand({
  word: 'loyalty',
  usage: `  loyalty levels | loyalty levels set <file.json>
      Loyalty levels: list them, or set them from a JSON file (an array of {name, points, rewardBonus?}
      in order, the first at 0 points; rewardBonus names a bonus definition paid once per player).
  loyalty rates | loyalty rates set <gameType> <points> <perMinor>
      Points a settled real-money stake earns per game type: <points> per <perMinor> minor units of the
      base currency (0 points: none).
  loyalty account <player>
      A player's loyalty points and level.`,
  parse: parseLoyalty,
  route: 'loyalty',
  permission: readsOn('Promotion', ['levels', 'rates', 'account']),
  body: opsLoyaltyBodySchema,
  ...answersMessage,
  run: opsLoyalty,
});
