import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { accountSchema } from '@casino/contracts';
import { CommandArgsError, opsCommand } from '../../lib/ops-command.ts';
import { contactOf, namesPlayer, playerNaming, type FindPlayer } from '../../lib/player-naming.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { credit, type CreditResult } from './ledger.ts';

export const opsCreditBodySchema = z
  .object({
    ...playerNaming,
    /** A string keeps every digit the operator typed. */
    amount: z.union([z.number(), z.string().max(40)]),
    currency: z.string().min(1).max(10),
    /** Makes the credit idempotent: the same reference never credits twice. */
    reference: z.string().min(1).max(100).optional(),
  })
  .strict()
  .refine(...namesPlayer);
export type OpsCreditBody = z.infer<typeof opsCreditBodySchema>;

export const opsCreditResultSchema = z.object({
  playerId: z.string(),
  /** The player's e-mail, else phone number. */
  email: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  balance: z.string(),
  account: accountSchema,
  replayed: z.boolean(),
});

export type OpsCreditResult = CreditResult & { email: string | null };

/**
 * The one implementation behind `POST /api/ops/credit` and the CLI's own database access; `playerOf`
 * finds the player it names (the player module's, a port: walletModule's).
 */
export async function opsCredit(
  ctx: UnitOfWorkContext,
  body: OpsCreditBody,
  playerOf: FindPlayer,
): Promise<OpsCreditResult> {
  return withTransaction(ctx, async (tx) => {
    const player = await playerOf(tx, body);
    const result = await credit(tx, {
      playerId: player.id,
      amount: body.amount,
      currency: body.currency,
      idempotencyKey: `ops:credit:${body.reference ?? randomUUID()}`,
      reason: body.reference ? `ops credit ${body.reference}` : 'ops credit',
    });
    return { ...result, email: contactOf(player) };
  });
}

export function describeCredit(result: OpsCreditResult): string {
  const who = result.email ?? result.playerId;
  return result.replayed
    ? `Already credited ${result.amount} ${result.currency} to ${who} with this reference; balance ${result.balance} ${result.currency}`
    : `Credited ${result.amount} ${result.currency} to ${who}; balance ${result.balance} ${result.currency}`;
}

/** `credit <player> <amount> <currency> [--reference <text>]`. */
function parseCredit(args: string[]): OpsCreditBody {
  const positional: string[] = [];
  let reference: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--reference') reference = args[++i];
    else if (arg.startsWith('--reference=')) reference = arg.slice('--reference='.length);
    else if (arg.startsWith('--')) throw new CommandArgsError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  const [player, amount, currency] = positional;
  if (!player || !amount || !currency || positional.length > 3 || reference === '')
    throw new CommandArgsError('credit needs <player> <amount> <currency>.');
  return { player, amount, currency, ...(reference ? { reference } : {}) };
}

export const creditCommand = (playerOf: FindPlayer) =>
  opsCommand({
    word: 'credit',
    usage: `  credit <player> <amount> <currency> [--reference <text>]
      Credit real money to a player's account in that currency (opened if missing).
      Amount in major units, e.g. 25 or 0.0015. The same --reference never credits twice.`,
    parse: parseCredit,
    route: 'credit',
    body: opsCreditBodySchema,
    result: opsCreditResultSchema,
    run: (ctx, body) => opsCredit(ctx, body, playerOf),
    describe: describeCredit,
  });
