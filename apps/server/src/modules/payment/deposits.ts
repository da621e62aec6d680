// Deposits: the limit room, creating one at the provider (card, e-wallet, QR, bank transfer, crypto
// address), settling and confirming it, expiring the unpaid ones, and what of a player's is still open.
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  InvoiceType,
  PlayerStatus,
  formatMinor,
  toMajor,
  type DepositBody,
  type DepositResult,
  type Invoice,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError, fieldError, notFound } from '../../lib/errors.ts';
import { withTransaction } from '../../outbox/index.ts';
import { assertDepositBonus } from '../bonus/index.ts';
import { depositLimitsInEffect, periodStarts } from '../limits/index.ts';
import { playerStatusIn } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { accountCurrency, accountIn, lockAccount, openAccount, positiveMinor, postEntry } from '../wallet/index.ts';
import { findMethod } from './methods.ts';
import { providerFor, type PaymentEvent, type PaymentProvider } from './providers/index.ts';
import { paymentInvoices, type InvoiceRow } from './tables.ts';
import {
  PENDING_STATES,
  wireInvoice,
  saveInvoice,
  announce,
  lockInvoice,
  closedToDeposits,
  assertMayPay,
  amountWithin,
  methodFieldsOf,
  transferReference,
} from './invoices.ts';

/**
 * Paid deposits of a currency (since a moment, or ever), as the limits and the turnover gate count them.
 * A started deposit never paid is not money the player spent (it expires); the advisory lock in
 * createDeposit keeps two checks from passing at once.
 */
export async function depositedSince(db: DbOrTx, playerId: string, currency: string, since?: Date): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${paymentInvoices.amountMinor}), 0)::text` })
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.playerId, playerId),
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.currency, currency),
        eq(paymentInvoices.state, 'succeeded'),
        since ? gte(paymentInvoices.createdAt, since) : undefined,
      ),
    );
  return BigInt(row?.sum ?? '0');
}

/** Paid deposits (as limits count them) and paid withdrawals of a currency since a moment. */
export async function paymentTotalsSince(
  db: DbOrTx,
  playerId: string,
  currency: string,
  since: Date,
): Promise<{ deposits: bigint; withdrawals: bigint }> {
  const [row] = await db
    .select({
      withdrawals: sql<string>`coalesce(sum(${paymentInvoices.amountMinor}) filter (where ${paymentInvoices.type} = ${InvoiceType.withdrawal} and ${paymentInvoices.state} = 'succeeded'), 0)::text`,
    })
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.playerId, playerId),
        eq(paymentInvoices.currency, currency),
        gte(paymentInvoices.createdAt, since),
      ),
    );
  return {
    deposits: await depositedSince(db, playerId, currency, since),
    withdrawals: BigInt(row?.withdrawals ?? '0'),
  };
}

/** 13100 once a deposit limit of this currency has no room for `amountMinor` (any amount when null). */
export async function assertDepositRoom(
  db: DbOrTx,
  playerId: string,
  currency: string,
  amountMinor: bigint | null,
): Promise<void> {
  const limits = await depositLimitsInEffect(db, playerId, currency);
  if (!limits.length) return;
  const starts = await periodStarts(db, new Date());
  for (const limit of limits) {
    const used = await depositedSince(db, playerId, currency, starts[limit.period!]);
    const room = (limit.amountMinor ?? 0n) - used;
    if (room <= 0n || (amountMinor !== null && amountMinor > room)) {
      const leftMinor = room > 0n ? room : 0n;
      const left = formatMinor(leftMinor, subunitOf(currency));
      // The numbers go with the text so the site can say it in the player's language.
      throw new DomainError(
        ErrorCode.depositLimitReached,
        `Your ${limit.period} deposit limit is reached (${left} ${currency} left this period)`,
        undefined,
        { limit: { period: limit.period, left: toMajor(leftMinor, subunitOf(currency)), currency } },
      );
    }
  }
}

/**
 * Opens a deposit invoice and asks the provider for the payment. The balance changes only when the
 * provider reports success (webhook) or the operator confirms a bank transfer.
 */
export async function createDeposit(
  ctx: AppContext,
  playerId: string,
  body: DepositBody,
  country: string | undefined,
): Promise<DepositResult> {
  const definition = findMethod(body.method, 'deposit', body.currency, body.country ?? country);
  // The routing table's provider for the method, country and currency: none, and the method is not offered.
  const provider = definition && providerFor(ctx, definition.method, 'deposit', body.currency, body.country ?? country);
  if (!definition || !provider)
    throw new DomainError(ErrorCode.paymentMethodUnavailable, 'This payment method is not available');
  await assertMayPay(ctx, playerId, 'deposit');
  if (definition.crypto) return cryptoAddress(ctx, provider, playerId, definition.method, body);
  if (body.amount === undefined) throw fieldError('amount', 'The amount is required');
  const amountMinor = positiveMinor(body.amount, accountCurrency(body.currency));
  amountWithin(definition, body.currency, amountMinor);
  const details = methodFieldsOf(definition, 'deposit', body.currency, body.fields);
  // A chosen deposit bonus must be one this deposit may have (422 otherwise: nothing is created).
  const bonusId = body.bonusId && !body.isBonusDecline ? body.bonusId : null;
  if (bonusId) await assertDepositBonus(ctx.db, { playerId, bonusId, currency: body.currency, amountMinor });

  const invoice = await openDepositInvoice(ctx, {
    playerId,
    body,
    definition,
    provider,
    amountMinor,
    details,
    bonusId,
  });
  const answer = await requestPayment(ctx, { invoice, body, definition, provider, details });
  return depositResult(ctx, invoice, definition, answer);
}

type Method = NonNullable<ReturnType<typeof findMethod>>;
/** A deposit checked and ready to open: who, what was asked, the method, its provider, amount and details. */
type DepositDraft = {
  playerId: string;
  body: DepositBody;
  definition: Method;
  provider: PaymentProvider;
  amountMinor: bigint;
  details: Record<string, string>;
  bonusId: string | null;
};

/**
 * The invoice, in a transaction of its own: under the player's deposit lock and the account's lock
 * (the limit room and a closure are seen), announced with its events.
 */
async function openDepositInvoice(
  ctx: AppContext,
  { playerId, body, definition, provider, amountMinor, details, bonusId }: DepositDraft,
): Promise<InvoiceRow> {
  return withTransaction(ctx, async (tx) => {
    // One deposit at a time per player and currency reaches the limit check (no race past a limit).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit:${playerId}:${body.currency}`}))`);
    await assertDepositRoom(tx, playerId, body.currency, amountMinor);
    let account = await accountIn(tx, playerId, body.currency);
    if (!account || account.isHidden) account = await openAccount(tx, playerId, body.currency);
    // Under the account's lock, the one a closure holds while it looks for open deposits: a close that
    // came first is seen here, and one that comes later sees this invoice.
    await lockAccount(tx, account.id);
    if ((await playerStatusIn(tx, playerId)) === PlayerStatus.closed) throw closedToDeposits();
    const [row] = await tx
      .insert(paymentInvoices)
      .values({
        playerId,
        accountId: account.id,
        type: InvoiceType.deposit,
        state: 'awaiting_payment',
        method: definition.method,
        provider: provider.id,
        currency: body.currency,
        amountMinor,
        details,
        bonusId,
      })
      .returning();
    await announce(tx, row!);
    return row!;
  });
}

/**
 * Asks the provider for the payment; when it cannot be reached the invoice fails (if still awaiting
 * payment) and the error goes on. What the player is to do (page, QR, address) is saved on the invoice.
 */
async function requestPayment(
  ctx: AppContext,
  {
    invoice,
    body,
    definition,
    provider,
    details,
  }: Pick<DepositDraft, 'body' | 'definition' | 'provider' | 'details'> & { invoice: InvoiceRow },
): Promise<Awaited<ReturnType<PaymentProvider['create']>>> {
  let answer;
  try {
    answer = await provider.create({
      reference: invoice.id,
      kind: 'payment',
      method: definition.method,
      currency: invoice.currency,
      amountMinor: invoice.amountMinor,
      returnUrl: body.redirectUrl ?? '/',
      ...(body.redirectSuccessUrl ? { successUrl: body.redirectSuccessUrl } : {}),
      ...(body.redirectErrorUrl ? { errorUrl: body.redirectErrorUrl } : {}),
      details,
    });
  } catch (error) {
    await withTransaction(ctx, async (tx) => {
      const row = await lockInvoice(tx, invoice.id);
      if (row.state === 'awaiting_payment')
        await saveInvoice(tx, row, { state: 'failed', statusResult: 'Provider unavailable' });
    });
    throw error;
  }
  const publicData = {
    ...(answer.url ? { url: answer.url } : {}),
    ...(answer.qr ? { qr: answer.qr } : {}),
    ...(answer.address ? { address: answer.address } : {}),
  };
  await withTransaction(ctx, async (tx) => {
    const row = await lockInvoice(tx, invoice.id);
    await saveInvoice(tx, row, { providerPaymentId: answer.paymentId, publicData });
  });
  return answer;
}

/** The deposit's answer: the provider's page, QR or address, or a bank transfer's instructions. */
function depositResult(
  ctx: AppContext,
  invoice: InvoiceRow,
  definition: Method,
  answer: Awaited<ReturnType<PaymentProvider['create']>>,
): DepositResult {
  const amountText = `${formatMinor(invoice.amountMinor, subunitOf(invoice.currency))} ${invoice.currency}`;
  const bank = ctx.config.payment.bankTransfer;
  const reference = transferReference(invoice.number);
  return {
    invoiceId: invoice.id,
    method: definition.method,
    type: definition.processingType,
    action: answer.url ?? '',
    fields: {},
    ...(answer.qr ? { qr: answer.qr } : {}),
    ...(answer.address ? { address: answer.address } : {}),
    ...(definition.processingType === 'message'
      ? {
          message: `Transfer ${amountText} to ${bank.beneficiary}, IBAN ${bank.iban}, BIC ${bank.bic}, with the reference ${reference}. Your balance is credited when the transfer arrives.`,
          transfer: {
            ...bank,
            amount: toMajor(invoice.amountMinor, subunitOf(invoice.currency)),
            currency: invoice.currency,
            reference,
            expiresAt: new Date(invoice.createdAt.getTime() + ctx.config.payment.bankTransferExpiryMs).toISOString(),
          },
        }
      : {}),
  };
}

/**
 * Open deposits not paid in time expire: a card, e-wallet or QR page after DEPOSIT_EXPIRY_MINUTES, a
 * bank transfer after BANK_TRANSFER_EXPIRY_DAYS; crypto transfers seen on chain wait for their
 * confirmations. Run by the `deposit-expiry` job, never by a read (one conditional update: safe on
 * many nodes). Answers how many expired.
 */
export async function expireDeposits(ctx: AppContext): Promise<number> {
  const due = depositDue(ctx, Date.now());
  const where = and(
    eq(paymentInvoices.type, InvoiceType.deposit),
    eq(paymentInvoices.state, 'awaiting_payment'),
    sql`${paymentInvoices.method} <> 'crypto'`,
    due,
  );
  // A cheap look first: most runs find nothing to expire and take no write lock.
  const [any] = await ctx.db.select({ id: paymentInvoices.id }).from(paymentInvoices).where(where).limit(1);
  if (!any) return 0;
  return withTransaction(ctx, async (tx) => {
    const expired = await tx
      .update(paymentInvoices)
      .set({ state: 'expired', statusResult: 'Not paid in time', updatedAt: new Date() })
      .where(where)
      .returning();
    for (const row of expired) await announce(tx, row);
    return expired.length;
  });
}

/** An open deposit past its time to be paid (a crypto transfer seen on chain never is). */
function depositDue(ctx: Pick<AppContext, 'config'>, now: number): SQL {
  const { depositExpiryMs, bankTransferExpiryMs } = ctx.config.payment;
  return sql`${paymentInvoices.createdAt} < case when ${paymentInvoices.method} = 'bank_transfer'
    then ${new Date(now - bankTransferExpiryMs).toISOString()}::timestamptz
    else ${new Date(now - depositExpiryMs).toISOString()}::timestamptz end`;
}

/** What of a player's payments can still move money: deposits that may yet be paid, withdrawals on their way. */
export type OpenPayments = { deposits: number; withdrawals: number };

/**
 * The player's open payments: deposits waiting to be paid and not yet expired (an expired one is over
 * for the player; should its money come anyway it is credited, see settleDeposit), crypto transfers
 * waiting for their confirmations, and withdrawals requested or sent. Read in the caller's transaction
 * (the closure's, under the player's row and wallet locks; a new deposit checks the player's status under
 * the account's lock, see createDeposit).
 */
export async function openPaymentsOf(
  ctx: Pick<AppContext, 'config'>,
  db: DbOrTx,
  playerId: string,
  now = Date.now(),
): Promise<OpenPayments> {
  const [row] = await db
    .select({
      deposits: sql<number>`(count(*) filter (where ${paymentInvoices.type} = ${InvoiceType.deposit}
        and ${paymentInvoices.state} = 'awaiting_payment'
        and (${paymentInvoices.method} = 'crypto' or not (${depositDue(ctx, now)}))))::int`,
      withdrawals: sql<number>`(count(*) filter (where ${paymentInvoices.type} = ${InvoiceType.withdrawal}
        and ${paymentInvoices.state} in ('requested', 'sent')))::int`,
    })
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.playerId, playerId), inArray(paymentInvoices.state, PENDING_STATES)));
  return { deposits: Number(row?.deposits ?? 0), withdrawals: Number(row?.withdrawals ?? 0) };
}

/**
 * A crypto deposit has no amount up front: the player gets an address (and a tag where the network
 * needs one) for the account and network; each transfer to it becomes an invoice when the provider
 * sees it, credited when it has its confirmations.
 */
async function cryptoAddress(
  ctx: AppContext,
  provider: PaymentProvider,
  playerId: string,
  method: string,
  body: DepositBody,
): Promise<DepositResult> {
  const definition = findMethod(method, 'deposit', body.currency)!;
  const details = methodFieldsOf(definition, 'deposit', body.currency, body.fields);
  await assertDepositRoom(ctx.db, playerId, body.currency, null);
  // A chosen deposit bonus is checked now but for the amount (unknown until the coins arrive): the bonus
  // module checks that when it issues it. The choice is part of the address's reference, so the address
  // carries it: each transfer to it becomes an invoice with this bonus (no bonus: the plain address).
  const bonusId = body.bonusId && !body.isBonusDecline ? body.bonusId : null;
  if (bonusId) await assertDepositBonus(ctx.db, { playerId, bonusId, currency: body.currency, amountMinor: null });
  let account = await accountIn(ctx.db, playerId, body.currency);
  if (!account || account.isHidden) account = await openAccount(ctx.db, playerId, body.currency);
  const answer = await provider.create({
    reference: `${account.id}:${details.crypto_network}${bonusId ? `:${bonusId}` : ''}`,
    kind: 'address',
    method,
    currency: body.currency,
    amountMinor: 1n,
    details: { network: details.crypto_network! },
  });
  return {
    invoiceId: answer.paymentId,
    method,
    type: definition.processingType,
    action: answer.url ?? '',
    fields: { crypto_network: details.crypto_network! },
    ...(answer.address ? { address: answer.address } : {}),
    ...(answer.tag ? { tag: answer.tag } : {}),
    ...(answer.qr ? { qr: answer.qr } : {}),
  };
}

/** A deposit is paid: credited once (the ledger key is the invoice). */
export async function settleDeposit(
  tx: Tx,
  row: InvoiceRow,
  paid: boolean,
  reason?: string,
  extra: Partial<InvoiceRow> = {},
): Promise<InvoiceRow> {
  // Money paid after the invoice expired was still taken from the player: it is credited.
  if (row.state !== 'awaiting_payment' && !(paid && row.state === 'expired')) return row;
  if (!paid) return saveInvoice(tx, row, { state: 'failed', statusResult: reason ?? 'Declined', ...extra });
  await postEntry(tx, {
    accountId: row.accountId,
    idempotencyKey: `deposit:${row.id}`,
    kind: 'deposit',
    realDelta: row.amountMinor,
    reference: { invoiceId: row.id, method: row.method },
    counterparty: `psp:${row.provider}/${row.method}`,
  });
  return saveInvoice(tx, row, { state: 'succeeded', statusResult: 'Paid', ...extra });
}

/** What a provider event adds to what the player sees: why it failed, a crypto transfer's confirmations. */
export function reportedOf(row: Pick<InvoiceRow, 'publicData'>, event: PaymentEvent): InvoiceRow['publicData'] | null {
  const seen = row.publicData?.confirmations ?? -1;
  const progress =
    event.confirmations !== undefined && event.confirmations > seen
      ? { confirmations: event.confirmations, confirmationsRequired: event.confirmationsRequired }
      : {};
  const added = {
    ...(event.qr ? { qr: event.qr } : {}),
    ...(event.reasonCode ? { reason: event.reasonCode } : {}),
    ...progress,
  };
  return Object.keys(added).length ? { ...row.publicData, ...added } : null;
}

/** Operator: a bank transfer arrived; credit it. `reference` is the transfer's (DEP-11), its number or the invoice id. */
export async function confirmDeposit(ctx: AppContext, reference: string): Promise<Invoice> {
  const number = /^(?:DEP-?|#)?(\d{1,15})$/i.exec(reference.trim())?.[1];
  return wireInvoice(
    await withTransaction(ctx, async (tx) => {
      let invoiceId = reference;
      if (number) {
        const [found] = await tx
          .select({ id: paymentInvoices.id })
          .from(paymentInvoices)
          .where(eq(paymentInvoices.number, Number(number)));
        if (!found) throw notFound(`No deposit with the reference ${transferReference(Number(number))}`);
        invoiceId = found.id;
      }
      const row = await lockInvoice(tx, invoiceId);
      if (row.type !== InvoiceType.deposit || row.state !== 'awaiting_payment') {
        throw new DomainError(ErrorCode.invoiceNotCancellable, `This invoice is not an open deposit (${row.state})`);
      }
      return settleDeposit(tx, row, true);
    }),
  );
}
