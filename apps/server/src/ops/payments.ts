import { z } from 'zod';
import type { Invoice } from '@casino/contracts';

/** Operator commands on payments. They need the running server: approving talks to the payment provider. */

export const opsInvoiceBodySchema = z
  .object({
    action: z.enum(['withdrawals-list', 'withdrawals-approve', 'withdrawals-decline', 'deposits-confirm']),
    invoice: z.string().max(64).optional(),
  })
  .strict();
export type OpsInvoiceBody = z.infer<typeof opsInvoiceBodySchema>;

const line = (i: Invoice) =>
  `${i.id}  #${i.number}  ${String(i.amount)} ${i.currency}  ${i.paymentMethod}  ${i.cancellable ? 'waiting for approval' : 'sent to the provider'}  ${i.createdAt}`;

export function describeInvoices(action: OpsInvoiceBody['action'], invoices: Invoice[]): string {
  if (action === 'withdrawals-list') return invoices.length ? invoices.map(line).join('\n') : 'No pending withdrawals.';
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
