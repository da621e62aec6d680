import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { accountSchema } from '@casino/contracts';
import { withTransaction } from '../outbox/index.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';
import { contactOf, namesPlayer, playerNaming, playerOf } from './who.ts';
import { credit, type CreditResult } from '../modules/wallet/index.ts';

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

/** The one implementation behind `POST /api/ops/credit` and the CLI's own database access. */
export async function opsCredit(ctx: UnitOfWorkContext, body: OpsCreditBody): Promise<OpsCreditResult> {
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
