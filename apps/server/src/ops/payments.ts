import { z } from 'zod';
import { invoiceSchema, text } from '@casino/contracts';
import type { AppContext } from '../context.ts';
import { unprocessable } from '../lib/errors.ts';
import { withdrawOnBehalf } from '../modules/payment/index.ts';
import { contactOf, playerOf } from './who.ts';

/** Operator commands on payments. They need the running server: approving talks to the payment provider. */

export const opsInvoiceBodySchema = z
  .object({
    action: z.enum([
      'withdrawals-list',
      'withdrawals-approve',
      'withdrawals-decline',
      'deposits-list',
      'deposits-confirm',
    ]),
    invoice: z.string().max(64).optional(),
  })
  .strict();
export type OpsInvoiceBody = z.infer<typeof opsInvoiceBodySchema>;

/** An invoice as the operator sees it; lists add the player (e-mail or phone), verification and reference. */
export const opsInvoiceSchema = invoiceSchema.extend({
  player: text().optional(),
  verified: z.boolean().optional(),
  reference: text().optional(),
});
export type OpsInvoice = z.infer<typeof opsInvoiceSchema>;

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function ageOf(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const withdrawalLine = (i: OpsInvoice) =>
  [
    i.id,
    `#${i.number}`,
    i.player ?? i.playerId,
    i.verified ? 'verified' : 'NOT VERIFIED',
    `${String(i.amount)} ${i.currency}`,
    i.paymentMethod,
    i.cancellable ? 'waiting for approval' : 'sent to the provider',
    ageOf(i.createdAt),
  ].join('  ');

const depositLine = (i: OpsInvoice) =>
  [i.reference ?? `#${i.number}`, i.player ?? i.playerId, `${String(i.amount)} ${i.currency}`, ageOf(i.createdAt)].join(
    '  ',
  );

export function describeInvoices(action: OpsInvoiceBody['action'], invoices: OpsInvoice[]): string {
  if (action === 'withdrawals-list')
    return invoices.length ? invoices.map(withdrawalLine).join('\n') : 'No pending withdrawals.';
  if (action === 'deposits-list')
    return invoices.length ? invoices.map(depositLine).join('\n') : 'No bank transfers waiting.';
  const [invoice] = invoices;
  if (!invoice) return 'Nothing changed.';
  const verb = {
    'withdrawals-approve': 'Sent to the provider',
    'withdrawals-decline': 'Declined; the money is back in the balance of',
    'deposits-confirm': 'Credited',
  }[action];
  return `${verb}: invoice #${invoice.number} (${invoice.amount} ${invoice.currency}), player ${invoice.playerId}`;
}

export const opsCryptoSendBodySchema = z
  .object({ address: z.string().min(10).max(200), amount: z.string().max(30) })
  .strict();
export type OpsCryptoSendBody = z.infer<typeof opsCryptoSendBodySchema>;

export const opsWithdrawalCreateBodySchema = z
  .object({
    player: z.string().min(1).max(254),
    /** Major units, as typed. */
    amount: z.string().max(40),
    currency: z.string().min(1).max(10),
    method: z.string().min(1).max(64).optional(),
  })
  .strict();
export type OpsWithdrawalCreateBody = z.infer<typeof opsWithdrawalCreateBodySchema>;

/** `withdrawals create`: see withdrawOnBehalf (the payout details always come from the player). */
export async function opsCreateWithdrawal(
  ctx: AppContext,
  body: OpsWithdrawalCreateBody,
): Promise<{ message: string }> {
  const player = await playerOf(ctx.db, body);
  const who = contactOf(player);
  const made = await withdrawOnBehalf(ctx, player.id, body);
  if (!made)
    throw unprocessable(
      `${who} has made no withdrawal${body.method ? ` by ${body.method}` : ''} yet: the payout details must come from the player`,
    );
  return {
    message: `Requested a withdrawal of ${made.amount} ${body.currency.toUpperCase()} for ${who} by ${made.method}${made.to ? ` to ${made.to}` : ''}; invoice ${made.invoiceId} (#${made.number}) waits for approval`,
  };
}
