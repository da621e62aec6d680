import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { accountSchema } from '@casino/contracts';
import { CommandArgsError, opsCommand, writes } from '../../lib/ops-command.ts';
import { contactOf, namesPlayer, playerNaming, type FindPlayer } from '../../lib/player-naming.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { fieldError } from '../../lib/errors.ts';
import { adjust, type CreditResult } from './ledger.ts';

export const opsCreditBodySchema = z
  .object({
    ...playerNaming,
    /** A string keeps every digit the operator typed. */
    amount: z.union([z.number(), z.string().max(40)]),
    currency: z.string().min(1).max(10),
    /** Makes the credit idempotent: the same reference never credits twice. */
    reference: z.string().min(1).max(100).optional(),
    /** Why, kept with the ledger entry (a debit must say; a credit without one reads "ops credit"). */
    reason: z.string().trim().min(1).max(200).optional(),
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
 * The one implementation behind `POST /api/admin/commands/credit` and the CLI's own database access; `playerOf`
 * finds the player it names (the player module's, a port: walletModule's).
 */
export async function opsCredit(
  ctx: UnitOfWorkContext,
  body: OpsCreditBody,
  playerOf: FindPlayer,
  kind: 'credit' | 'debit' = 'credit',
): Promise<OpsCreditResult> {
  if (kind === 'debit' && !body.reason) throw fieldError('reason', 'A debit needs its reason');
  return withTransaction(ctx, async (tx) => {
    const player = await playerOf(tx, body);
    const result = await adjust(tx, {
      kind,
      playerId: player.id,
      amount: body.amount,
      currency: body.currency,
      idempotencyKey: `ops:${kind}:${body.reference ?? randomUUID()}`,
      reason: body.reason ?? (body.reference ? `ops credit ${body.reference}` : 'ops credit'),
    });
    return { ...result, email: contactOf(player) };
  });
}

export const describeCredit = (result: OpsCreditResult) => describeAdjustment(result, 'credit');

function describeAdjustment(result: OpsCreditResult, kind: 'credit' | 'debit'): string {
  const who = result.email ?? result.playerId;
  const [done, way] = kind === 'credit' ? ['credited', 'to'] : ['debited', 'from'];
  return result.replayed
    ? `Already ${done} ${result.amount} ${result.currency} ${way} ${who} with this reference; balance ${result.balance} ${result.currency}`
    : `${done[0]!.toUpperCase()}${done.slice(1)} ${result.amount} ${result.currency} ${way} ${who}; balance ${result.balance} ${result.currency}`;
}

/** `credit|debit <player> <amount> <currency> [--reference <text>] [--reason <text>]`. */
function parseAdjustment(args: string[], word: 'credit' | 'debit'): OpsCreditBody {
  const positional: string[] = [];
  const options: { reference?: string; reason?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = ['reference', 'reason'].find((n) => arg === `--${n}` || arg.startsWith(`--${n}=`)) as
      | 'reference'
      | 'reason'
      | undefined;
    if (name) options[name] = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
    else if (arg.startsWith('--')) throw new CommandArgsError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  const [player, amount, currency] = positional;
  if (!player || !amount || !currency || positional.length > 3 || options.reference === '' || options.reason === '')
    throw new CommandArgsError(`${word} needs <player> <amount> <currency>.`);
  if (word === 'debit' && !options.reason)
    throw new CommandArgsError('debit needs --reason <text>: why the money is taken.');
  return {
    player,
    amount,
    currency,
    ...(options.reference ? { reference: options.reference } : {}),
    ...(options.reason ? { reason: options.reason } : {}),
  };
}

export const creditCommand = (playerOf: FindPlayer) =>
  opsCommand({
    word: 'credit',
    usage: `  credit <player> <amount> <currency> [--reference <text>] [--reason <text>]
      Credit real money to a player's account in that currency (opened if missing).
      Amount in major units, e.g. 25 or 0.0015. The same --reference never credits twice.`,
    parse: (args) => parseAdjustment(args, 'credit'),
    route: 'credit',
    permission: writes('Balance'),
    money: async (_ctx, body) => ({ amount: String(body.amount), currency: body.currency }),
    body: opsCreditBodySchema,
    result: opsCreditResultSchema,
    run: (ctx, body) => opsCredit(ctx, body, playerOf),
    describe: describeCredit,
  });

export const debitCommand = (playerOf: FindPlayer) =>
  opsCommand({
    word: 'debit',
    usage: `  debit <player> <amount> <currency> --reason <text> [--reference <text>]
      Take real money from a player's account (never below zero), with the reason kept in the ledger.
      The same --reference never debits twice.`,
    parse: (args) => parseAdjustment(args, 'debit'),
    route: 'debit',
    permission: writes('Balance'),
    money: async (_ctx, body) => ({ amount: String(body.amount), currency: body.currency }),
    body: opsCreditBodySchema,
    result: opsCreditResultSchema,
    run: (ctx, body) => opsCredit(ctx, body, playerOf, 'debit'),
    describe: (result) => describeAdjustment(result, 'debit'),
  });
