import { z } from 'zod';
import { invoiceSchema, text, type StaffPermission } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { unprocessable } from '../../lib/errors.ts';
import { CommandArgsError, answersMessage, opsCommand, type CommandContext, writes } from '../../lib/ops-command.ts';
import { contactOf, playerOf } from '../player/index.ts';
import { confirmDeposit } from './deposits.ts';
import { pendingWithdrawals, waitingBankDeposits, withdrawalAmount } from './invoice-views.ts';
import { withdrawOnBehalf } from './on-behalf.ts';
import { sendTestTransfer } from './provider-client.ts';
import { approveWithdrawal, declineWithdrawal } from './withdrawals.ts';

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
    /** A decline's reason, as the player reads it on the withdrawal (and the audit trail keeps it). */
    reason: text().trim().min(1).max(300).optional(),
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

/** The running server a payment command runs on (the CLI sends these to one, never runs them itself). */
function serverOf(ctx: CommandContext): AppContext {
  if (!ctx.node) throw new Error('Payment commands run on a running server only: it holds the provider connection.');
  return ctx.node;
}

/** What `withdrawals …` and `deposits …` answer: the invoices, and what was asked (how they are printed). */
export const opsInvoicesResultSchema = z.object({
  action: opsInvoiceBodySchema.shape.action,
  invoices: z.array(opsInvoiceSchema),
});
type OpsInvoicesResult = z.infer<typeof opsInvoicesResultSchema>;

/** The waiting withdrawals or bank transfers, or one decision on one. */
async function opsInvoices(ctx: AppContext, body: OpsInvoiceBody): Promise<OpsInvoice[]> {
  const { action, invoice = '', reason } = body;
  switch (action) {
    case 'withdrawals-list':
      return pendingWithdrawals(ctx.db);
    case 'withdrawals-approve':
      return [await approveWithdrawal(ctx, invoice)];
    case 'withdrawals-decline':
      return [await declineWithdrawal(ctx, invoice, 'operator', reason)];
    case 'deposits-list':
      return waitingBankDeposits(ctx);
    case 'deposits-confirm':
      return [await confirmDeposit(ctx, invoice)];
  }
}

/** `withdrawals` and `deposits` share the `invoices` route: one body, one answer, one run. */
const invoicesRoute = {
  route: 'invoices',
  permission: (body: OpsInvoiceBody): StaffPermission => ({
    action: body.action.endsWith('-list') ? 'read' : 'write',
    subject: body.action.startsWith('withdrawals') ? 'Withdrawal' : 'Deposit',
  }),
  money: async (ctx: CommandContext, body: OpsInvoiceBody) =>
    body.action === 'withdrawals-approve' && body.invoice ? withdrawalAmount(ctx.db, body.invoice) : null,
  body: opsInvoiceBodySchema,
  result: opsInvoicesResultSchema,
  runs: 'server',
  run: async (ctx: CommandContext, body: OpsInvoiceBody): Promise<OpsInvoicesResult> => ({
    action: body.action,
    invoices: await opsInvoices(serverOf(ctx), body),
  }),
  describe: (result: OpsInvoicesResult) => describeInvoices(result.action, result.invoices),
} as const;

const WITHDRAWALS_NEEDS =
  'withdrawals needs list | approve <invoice> | decline <invoice> [reason…] | create <player> <amount> <currency> [--method <method>].';

/** `withdrawals list | approve <invoice> | decline <invoice>`; null: another withdrawals line (create). */
function parseWithdrawals(args: string[]): OpsInvoiceBody | null {
  const [verb, invoice, ...words] = args;
  if (verb === 'list' && args.length === 1) return { action: 'withdrawals-list' };
  if (verb === 'approve' && invoice && args.length === 2) return { action: 'withdrawals-approve', invoice };
  if (verb === 'decline' && invoice)
    return { action: 'withdrawals-decline', invoice, ...(words.length ? { reason: words.join(' ') } : {}) };
  if (verb === 'list' || verb === 'approve' || verb === 'decline') throw new CommandArgsError(WITHDRAWALS_NEEDS);
  return null;
}

/** `withdrawals create <player> <amount> <currency> [--method <method>]`; null: another withdrawals line. */
function parseWithdrawalCreate(args: string[]): OpsWithdrawalCreateBody | null {
  const [verb, player, amount, currency, flag, method] = args;
  if (verb !== 'create') return null;
  const valid = args.length === 4 || (args.length === 6 && flag === '--method' && method);
  if (!player || !amount || !currency || !valid) throw new CommandArgsError(WITHDRAWALS_NEEDS);
  return { player, amount, currency, ...(method ? { method } : {}) };
}

/** `deposits list | confirm <reference>`. */
function parseDeposits(args: string[]): OpsInvoiceBody {
  const [verb, invoice] = args;
  if (verb === 'list' && args.length === 1) return { action: 'deposits-list' };
  if (verb === 'confirm' && invoice && args.length === 2) return { action: 'deposits-confirm', invoice };
  throw new CommandArgsError('deposits needs list | confirm <reference>.');
}

/** `crypto send <address> <amount>`. */
function parseCrypto(args: string[]): OpsCryptoSendBody {
  const [verb, address, amount] = args;
  if (verb !== 'send' || !address || !amount || args.length !== 3)
    throw new CommandArgsError('crypto needs send <address> <amount>.');
  return { address, amount };
}

export const withdrawalsCommand = opsCommand({
  word: 'withdrawals',
  usage: `  withdrawals list | withdrawals approve <invoice> | withdrawals decline <invoice> [reason…]
      Pending withdrawals (player, verification, amount, method, age); send one to the payment
      provider, or decline it (the money goes back; the player reads the reason on the withdrawal).`,
  parse: parseWithdrawals,
  ...invoicesRoute,
});

export const withdrawalCreateCommand = opsCommand({
  word: 'withdrawals',
  usage: `  withdrawals create <player> <amount> <currency> [--method <method>]
      Request a withdrawal for the player (e.g. during an exclusion) to the method and payout details of
      their latest withdrawal (by that method with --method); it waits for approval like any other.`,
  parse: parseWithdrawalCreate,
  route: 'withdrawal-create',
  permission: writes('Withdrawal'),
  body: opsWithdrawalCreateBodySchema,
  ...answersMessage,
  runs: 'server',
  run: (ctx, body) => opsCreateWithdrawal(serverOf(ctx), body),
});

export const depositsCommand = opsCommand({
  word: 'deposits',
  usage: `  deposits list | deposits confirm <reference>
      Bank transfers waiting to arrive (reference, player, amount, age); one arrived: credit it
      (its reference, e.g. DEP-11, as the player wrote it on the transfer).`,
  parse: parseDeposits,
  ...invoicesRoute,
});

export const cryptoSendCommand = opsCommand({
  word: 'crypto',
  usage: `  crypto send <address> <amount>
      Development: the sandbox provider sees a transfer to that deposit address (XRP: <address>?dt=<tag>),
      credited after CRYPTO_CONFIRM_SECONDS.
      (Payment commands need the running server: approving talks to the payment provider.)`,
  parse: parseCrypto,
  route: 'crypto-send',
  permission: writes('Deposit'),
  body: opsCryptoSendBodySchema,
  ...answersMessage,
  runs: 'server',
  async run(ctx, body) {
    const sent = await sendTestTransfer(serverOf(ctx), body.address, body.amount);
    return { message: `Sent ${body.amount} to ${body.address}; confirmed at ${sent.confirmAt}` };
  },
});
