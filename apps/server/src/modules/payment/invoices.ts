// An invoice's record: its wire shape, saving and announcing a change, locks, and the rules every payment
// checks first (a closed account, the method's amount bounds and fields).
import { noteChange } from '../../lib/audit-scope.ts';
import { and, eq } from 'drizzle-orm';
import {
  ErrorCode,
  InvoiceStatus,
  InvoiceType,
  PlayerStatus,
  isValidCpf,
  toMajor,
  type EventMap,
  type Invoice,
  type InvoiceState,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError, fieldError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue } from '../../outbox/index.ts';
import { hasApprovedIdentityDocument } from '../documents/index.ts';
import { verificationState } from '../kyc/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { playerStatusIn, playerStatusOf } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { accountIn } from '../wallet/index.ts';
import { boundsOf, CRYPTO_NETWORKS, fieldsOf, findMethod } from './methods.ts';
import type { PaymentProviderId } from './providers/route-rules.ts';
import { paymentInvoices, type InvoiceRow } from './tables.ts';

export const STATUS_OF_STATE: Record<InvoiceState, number> = {
  awaiting_payment: InvoiceStatus.pending,
  requested: InvoiceStatus.pending,
  sent: InvoiceStatus.pending,
  succeeded: InvoiceStatus.success,
  failed: InvoiceStatus.failed,
  declined: InvoiceStatus.failed,
  expired: InvoiceStatus.expired,
};

export const PENDING_STATES: InvoiceState[] = ['awaiting_payment', 'requested', 'sent'];

/** The wire shape of an invoice (of its row, or of an event's facts). */
export function wireInvoice(
  row: Pick<
    InvoiceRow,
    | 'id'
    | 'number'
    | 'playerId'
    | 'type'
    | 'state'
    | 'method'
    | 'currency'
    | 'amountMinor'
    | 'statusResult'
    | 'publicData'
    | 'createdAt'
    | 'updatedAt'
  >,
): Invoice {
  const amount = toMajor(row.amountMinor, subunitOf(row.currency));
  return {
    id: row.id,
    number: row.number,
    playerId: row.playerId,
    amount,
    currency: row.currency,
    transactionAmount: amount,
    transactionCurrency: row.currency,
    status: STATUS_OF_STATE[row.state],
    statusResult: row.statusResult,
    invoiceType: row.type,
    paymentMethod: row.method,
    cancellable: row.type === InvoiceType.withdrawal && row.state === 'requested',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    publicData: row.publicData ?? null,
  };
}

/** Writes the invoice's new state and its push event in the caller's transaction. */
export async function saveInvoice(tx: Tx, row: InvoiceRow, change: Partial<InvoiceRow>): Promise<InvoiceRow> {
  const [updated] = await tx
    .update(paymentInvoices)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(paymentInvoices.id, row.id))
    .returning();
  await announce(tx, updated!);
  // A staff decision records the state it moved the invoice from and to (lib/audit-scope.ts).
  noteChange({
    targetType: 'invoice',
    targetId: row.id,
    playerId: row.playerId,
    before: { state: row.state, amount: row.amountMinor, currency: row.currency },
    after: { state: updated!.state, statusResult: updated!.statusResult },
  });
  return updated!;
}

/** What a change of the invoice tells its consumers: the invoice's own facts, not its wire shape. */
export function invoiceFacts(row: InvoiceRow): EventMap['payment.withdrawal.updated'] {
  return {
    playerId: row.playerId,
    invoiceId: row.id,
    number: row.number,
    state: row.state,
    method: row.method,
    currency: row.currency,
    amountMinor: row.amountMinor.toString(),
    statusResult: row.statusResult,
    publicData: row.publicData ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

export async function announce(tx: DbOrTx, row: InvoiceRow): Promise<void> {
  if (row.type !== InvoiceType.deposit) {
    await enqueue(tx, 'payment.withdrawal.updated', invoiceFacts(row));
    return;
  }
  // The deposit bonus chosen goes with the event: the bonus module issues it once the deposit succeeds.
  await enqueue(tx, 'payment.deposit.updated', { ...invoiceFacts(row), bonusId: row.bonusId });
}

export async function lockInvoice(tx: Tx, id: string, playerId?: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('Invoice not found');
  const [row] = await tx
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.id, id), playerId ? eq(paymentInvoices.playerId, playerId) : undefined))
    .for('update');
  if (!row) throw notFound('Invoice not found');
  return row;
}

/** The invoice of a provider's payment id (each provider's ids are its own). */
export async function lockInvoiceOfPayment(
  tx: Tx,
  provider: PaymentProviderId,
  paymentId: string,
): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.provider, provider), eq(paymentInvoices.providerPaymentId, paymentId)))
    .for('update');
  if (!row) throw notFound('Invoice not found');
  return row;
}

/** A closed account takes no deposits; money that still reaches it can only be withdrawn. */
export const closedToDeposits = () =>
  new DomainError(ErrorCode.accountClosed, 'This account is closed: it takes no deposits, withdrawals only');

/** Who may move money at all: a blocked account may not; a limited or excluded one may not deposit. */
export async function assertMayPay(
  ctx: AppContext,
  playerId: string,
  direction: 'deposit' | 'withdrawal',
): Promise<void> {
  const status = await playerStatusOf(ctx.db, playerId);
  if (status === null) throw notFound('Player not found');
  if (status === PlayerStatus.blocked) throw new DomainError(ErrorCode.accountBlocked, 'Your account is blocked');
  if (direction === 'withdrawal') return;
  if (status === PlayerStatus.closed) throw closedToDeposits();
  if (status === PlayerStatus.limited)
    throw new DomainError(ErrorCode.limitedPlayer, 'Deposits are not available on your account');
  if (await activeExclusion(ctx.db, playerId))
    throw new DomainError(ErrorCode.gameSelfExcluded, 'You have excluded yourself; deposits are closed until it ends');
}

export function amountWithin(
  definition: Parameters<typeof boundsOf>[0],
  currency: string,
  amountMinor: bigint,
  options: { noMinimum?: boolean } = {},
): void {
  const scale = subunitOf(currency);
  const { min, max } = boundsOf(definition, currency);
  const amount = toMajor(amountMinor, scale);
  if ((!options.noMinimum && amount < min) || amount > max)
    throw fieldError('amount', `The amount must be between ${min} and ${max} ${currency}`);
}

/**
 * The smallest withdrawal a player may ask for in a currency, when it is not the method's: a closed
 * account takes out all its real money however little (the method's minimum would strand what is
 * under it on an account its owner can no longer use). Null: the method's minimum.
 */
export async function closedAccountMinimum(db: DbOrTx, playerId: string, currency: string): Promise<number | null> {
  if ((await playerStatusIn(db, playerId)) !== PlayerStatus.closed) return null;
  const account = await accountIn(db, playerId, currency);
  return account && account.realBalance > 0n ? toMajor(account.realBalance, subunitOf(currency)) : null;
}

export function methodFieldsOf(
  definition: NonNullable<ReturnType<typeof findMethod>>,
  direction: 'deposit' | 'withdrawal',
  currency: string,
  given: Record<string, string> = {},
) {
  const details: Record<string, string> = {};
  const fields = fieldsOf(definition, direction, currency);
  for (const field of fields) {
    const value = given[field.key]?.trim().replace(/\s+/g, '') ?? '';
    if (!value) {
      if (field.isRequired) throw fieldError(`fields.${field.key}`, `${field.labels.en} is required`);
      continue;
    }
    if (!new RegExp(field.regexp).test(value) || (field.fieldType === 'cpf' && !isValidCpf(value)))
      throw fieldError(`fields.${field.key}`, `${field.labels.en} is not valid`);
    if (field.options && !field.options.some((o) => o.id === value))
      throw fieldError(`fields.${field.key}`, `${field.labels.en} is not offered`);
    details[field.key] = value;
  }
  // A crypto address must be one of the chosen network's.
  const network = CRYPTO_NETWORKS[currency]?.find((n) => n.id === details.crypto_network);
  if (details.address && network && !new RegExp(network.regex).test(details.address))
    throw fieldError('fields.address', `This is not a ${network.name} address`);
  return details;
}

/** What the player writes on a bank transfer, and the operator confirms it by: `DEP-<invoice number>`. */
export const transferReference = (number: number) => `DEP-${number}`;

/** Verified: the identity provider approved the player, or an operator approved an identity document. */
export async function identityVerified(db: DbOrTx, playerId: string): Promise<boolean> {
  if ((await verificationState(db, playerId)).status === 'approved') return true;
  return hasApprovedIdentityDocument(db, playerId);
}
