import { z } from 'zod';
import { CashPeriods, LimitDefinition, formatMinor } from '@casino/contracts';
import { CommandArgsError, answersMessage, opsCommand, type OpsMessage, writes } from '../../lib/ops-command.ts';
import { contactOf, namesPlayer, playerNaming } from '../../lib/player-naming.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { accountCurrency } from '../wallet/index.ts';
import { limitAmount } from './changes.ts';
import type { LimitsPorts } from './player-limits.ts';
import { excludePlayer, setMoneyLimit } from './service.ts';

/**
 * The operator's limits and exclusions (`npm run ops -- limit|exclude …`): a change of the player's
 * limits like the player's own, applied at once.
 */

export const opsLimitBodySchema = z
  .object({
    ...playerNaming,
    type: z.enum(['bet', 'loss', 'deposit']),
    /** Major units; a string keeps every digit the operator typed. */
    amount: z.union([z.number(), z.string().max(40)]),
    currency: z.string().min(1).max(10),
    period: z.enum(CashPeriods),
  })
  .strict()
  .refine(...namesPlayer);
export type OpsLimitBody = z.infer<typeof opsLimitBodySchema>;

/** Longest exclusion the CLI takes: 100 years stands for "forever". */
export const MAX_EXCLUSION_DAYS = 36_500;

export const opsExcludeBodySchema = z
  .object({
    ...playerNaming,
    type: z.enum(['self-exclusion', 'cooling-off']),
    days: z.number().int().min(1).max(MAX_EXCLUSION_DAYS),
  })
  .strict()
  .refine(...namesPlayer);
export type OpsExcludeBody = z.infer<typeof opsExcludeBodySchema>;

/**
 * Sets the player's limit at once, replacing the one of its kind (stricter or not): the player's
 * amount rule, the player's limits lock and the player's `limits.changed` event, as the player's own.
 */
export async function opsLimit(
  ctx: UnitOfWorkContext,
  body: OpsLimitBody,
  ports: Pick<LimitsPorts, 'playerOf'>,
): Promise<OpsMessage> {
  const currency = accountCurrency(body.currency);
  const amountMinor = limitAmount(body.amount, currency.code);
  const player = await withTransaction(ctx, async (tx) => {
    const named = await ports.playerOf(tx, body);
    await setMoneyLimit(tx, {
      playerId: named.id,
      type:
        body.type === 'bet'
          ? LimitDefinition.bet
          : body.type === 'loss'
            ? LimitDefinition.loss
            : LimitDefinition.deposit,
      period: body.period,
      currency: currency.code,
      amountMinor,
    });
    return named;
  });
  const amount = formatMinor(amountMinor, currency.subunitToUnit);
  return {
    message: `Set a ${body.period} ${body.type} limit of ${amount} ${currency.code} for ${contactOf(player)}; it applies now`,
  };
}

/**
 * Excludes a player as the player's own exclusion does (lock, dropped raises, event): their open games
 * and every session of theirs end with it (`endPlay`; the caller forgets those sessions).
 */
export async function opsExclude(
  ctx: UnitOfWorkContext,
  body: OpsExcludeBody,
  ports: Pick<LimitsPorts, 'playerOf' | 'endPlay'>,
): Promise<OpsMessage & { endedSessions: string[] }> {
  const player = await ports.playerOf(ctx.db, body);
  // One unit: the exclusion, the end of the player's open games and sessions happen together.
  const { limit, closedGameSessions, endedSessions } = await withTransaction(ctx, async (tx) => {
    const exclusion = await excludePlayer(tx, {
      playerId: player.id,
      type: body.type === 'self-exclusion' ? LimitDefinition.selfExclusion : LimitDefinition.coolingOff,
      days: body.days,
    });
    const ended = await ports.endPlay(tx, player.id);
    return { limit: exclusion, closedGameSessions: ended.games, endedSessions: ended.sessions };
  });
  const sessions = closedGameSessions === 1 ? '1 live game session' : `${closedGameSessions} live game sessions`;
  return {
    message: `${body.type === 'self-exclusion' ? 'Self-excluded' : 'Cooling-off for'} ${contactOf(player)} until ${limit.expiresAt!.toISOString()}; closed ${sessions} and ${endedSessions.length === 1 ? '1 sign-in session' : `${endedSessions.length} sign-in sessions`}`,
    endedSessions,
  };
}

/** `limit <player> bet|loss|deposit <amount> <currency> daily|weekly|monthly`. */
function parseLimit(args: string[]): OpsLimitBody {
  const [player, type, amount, currency, period] = args;
  if (
    args.length !== 5 ||
    !player ||
    !amount ||
    !currency ||
    (type !== 'bet' && type !== 'loss' && type !== 'deposit') ||
    (period !== 'daily' && period !== 'weekly' && period !== 'monthly')
  )
    throw new CommandArgsError('limit needs <player> bet|loss|deposit <amount> <currency> daily|weekly|monthly.');
  return { player, type, amount, currency, period };
}

/** `exclude <player> self-exclusion|cooling-off <days>`. */
function parseExclude(args: string[]): OpsExcludeBody {
  const [player, type, daysText] = args;
  const days = Number(daysText);
  if (
    args.length !== 3 ||
    !player ||
    (type !== 'self-exclusion' && type !== 'cooling-off') ||
    !/^\d+$/.test(daysText ?? '') ||
    days < 1 ||
    days > MAX_EXCLUSION_DAYS
  )
    throw new CommandArgsError(
      `exclude needs <player> self-exclusion|cooling-off <days> (1 to ${MAX_EXCLUSION_DAYS}).`,
    );
  return { player, type, days };
}

export const limitCommand = (ports: LimitsPorts) =>
  opsCommand({
    word: 'limit',
    usage: `  limit <player> bet|loss|deposit <amount> <currency> daily|weekly|monthly
      Set a player's bet, loss or deposit limit for that currency and period (UTC calendar); applies
      at once and replaces the one of the same kind.`,
    parse: parseLimit,
    route: 'limit',
    permission: writes('Limit'),
    body: opsLimitBodySchema,
    ...answersMessage,
    run: (ctx, body) => opsLimit(ctx, body, ports),
  });

export const excludeCommand = (ports: LimitsPorts) =>
  opsCommand({
    word: 'exclude',
    usage: `  exclude <player> self-exclusion|cooling-off <days>
      Exclude a player from real-money play for that many days; closes their live game sessions.`,
    parse: parseExclude,
    route: 'exclude',
    permission: writes('Limit'),
    body: opsExcludeBodySchema,
    ...answersMessage,
    async run(ctx, body) {
      const { message, endedSessions } = await opsExclude(ctx, body, ports);
      // The player's open tabs and sockets end at once (a running server's; the CLI alone has none).
      for (const sessionId of endedSessions) ctx.node?.sessions.forget(sessionId);
      return { message };
    },
  });
