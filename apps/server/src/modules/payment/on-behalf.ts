import { and, desc, eq } from 'drizzle-orm';
import { formatMinor, InvoiceType } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { subunitOf } from '../settings/index.ts';
import { createWithdrawal } from './withdrawals.ts';
import { paymentInvoices } from './tables.ts';

export type WithdrawalOnBehalf = {
  invoiceId: string;
  number: number;
  method: string;
  to: string | null;
  amount: string;
};

/**
 * An operator's withdrawal for a player (one who is excluded writes to support): to the method and
 * payout details of the player's latest withdrawal (by `method` if given), never details the operator
 * types. Null when the player has made no such withdrawal. The usual checks and approval apply.
 */
export async function withdrawOnBehalf(
  ctx: AppContext,
  playerId: string,
  body: { amount: string; currency: string; method?: string | undefined },
): Promise<WithdrawalOnBehalf | null> {
  const [last] = await ctx.db
    .select({ method: paymentInvoices.method, details: paymentInvoices.details })
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.playerId, playerId),
        eq(paymentInvoices.type, InvoiceType.withdrawal),
        body.method ? eq(paymentInvoices.method, body.method) : undefined,
      ),
    )
    .orderBy(desc(paymentInvoices.createdAt))
    .limit(1);
  if (!last) return null;
  const currency = body.currency.toUpperCase();
  const { invoiceId } = await createWithdrawal(ctx, playerId, {
    method: last.method,
    currency,
    amount: body.amount,
    fields: last.details,
  });
  const [invoice] = await ctx.db
    .select({ amountMinor: paymentInvoices.amountMinor, number: paymentInvoices.number })
    .from(paymentInvoices)
    .where(eq(paymentInvoices.id, invoiceId));
  return {
    invoiceId,
    number: invoice!.number,
    method: last.method,
    to: Object.values(last.details)[0] ?? null,
    amount: formatMinor(invoice!.amountMinor, subunitOf(currency)),
  };
}
