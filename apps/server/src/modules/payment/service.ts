import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  InvoiceStatus,
  InvoiceType,
  PlayerStatus,
  formatMinor,
  isValidCpf,
  pageMeta,
  toMajor,
  type DepositBody,
  type DepositResult,
  type Invoice,
  type PageMeta,
  type ProviderWebhook,
  type WithdrawResult,
  type WithdrawalBody,
} from '@casino/contracts';
import type { z } from 'zod';
import type { invoicesQuerySchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError, fieldError, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import { assertDepositBonus } from '../bonus/index.ts';
import { noteInstrument } from '../links/index.ts';
import { hasApprovedIdentityDocument } from '../documents/index.ts';
import { verificationState } from '../kyc/index.ts';
import { activeExclusion, depositLimitsInEffect, periodStarts } from '../limits/index.ts';
import { playerContacts, playerStatusIn, playerStatusOf } from '../player/index.ts';
import { currencyByCode, subunitOf } from '../settings/index.ts';
import {
  accountById,
  accountCurrency,
  accountIn,
  lockAccount,
  moneyAtRisk,
  openAccount,
  positiveMinor,
  postEntry,
} from '../wallet/index.ts';
import { boundsOf, CRYPTO_NETWORKS, fieldsOf, findMethod } from './methods.ts';
import { askProvider } from './provider-client.ts';
import { paymentInvoices, paymentWebhookEvents, type InvoiceRow, type InvoiceState } from './tables.ts';

const STATUS_OF_STATE: Record<InvoiceState, number> = {
  awaiting_payment: InvoiceStatus.pending,
  requested: InvoiceStatus.pending,
  sent: InvoiceStatus.pending,
  succeeded: InvoiceStatus.success,
  failed: InvoiceStatus.failed,
  declined: InvoiceStatus.failed,
  expired: InvoiceStatus.expired,
};
const PENDING_STATES: InvoiceState[] = ['awaiting_payment', 'requested', 'sent'];

/** The wire shape of an invoice. */
export function wireInvoice(row: InvoiceRow): Invoice {
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
async function saveInvoice(tx: Tx, row: InvoiceRow, change: Partial<InvoiceRow>): Promise<InvoiceRow> {
  const [updated] = await tx
    .update(paymentInvoices)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(paymentInvoices.id, row.id))
    .returning();
  await announce(tx, updated!);
  return updated!;
}

async function announce(tx: DbOrTx, row: InvoiceRow): Promise<void> {
  if (row.type !== InvoiceType.deposit) {
    await enqueue(tx, 'payment.withdrawal.updated', { playerId: row.playerId, invoice: wireInvoice(row) });
    return;
  }
  // The deposit bonus chosen goes with the event: the bonus module issues it once the deposit succeeds.
  await enqueue(tx, 'payment.deposit.updated', {
    playerId: row.playerId,
    invoice: wireInvoice(row),
    amountMinor: row.amountMinor.toString(),
    bonusId: row.bonusId,
  });
}

async function lockInvoice(tx: Tx, id: string, playerId?: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('Invoice not found');
  const [row] = await tx
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.id, id), playerId ? eq(paymentInvoices.playerId, playerId) : undefined))
    .for('update');
  if (!row) throw notFound('Invoice not found');
  return row;
}

async function lockInvoiceOfPayment(tx: Tx, paymentId: string): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(paymentInvoices)
    .where(eq(paymentInvoices.providerPaymentId, paymentId))
    .for('update');
  if (!row) throw notFound('Invoice not found');
  return row;
}

/** A closed account takes no deposits; money that still reaches it can only be withdrawn. */
const closedToDeposits = () =>
  new DomainError(ErrorCode.accountClosed, 'This account is closed: it takes no deposits, withdrawals only');

/** Who may move money at all: a blocked account may not; a limited or excluded one may not deposit. */
async function assertMayPay(ctx: AppContext, playerId: string, direction: 'deposit' | 'withdrawal'): Promise<void> {
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

function amountWithin(
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

/**
 * Deposits counted against a limit: paid ones only. A started deposit never paid is not money the player
 * spent (it expires); the advisory lock in createDeposit keeps two checks from passing at once.
 */
async function depositedSince(db: DbOrTx, playerId: string, currency: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${paymentInvoices.amountMinor}), 0)::text` })
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.playerId, playerId),
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.currency, currency),
        eq(paymentInvoices.state, 'succeeded'),
        gte(paymentInvoices.createdAt, since),
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

function methodFieldsOf(
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
  if (!definition) throw new DomainError(ErrorCode.paymentMethodUnavailable, 'This payment method is not available');
  await assertMayPay(ctx, playerId, 'deposit');
  if (definition.crypto) return cryptoAddress(ctx, playerId, definition.method, body);
  if (body.amount === undefined) throw fieldError('amount', 'The amount is required');
  const amountMinor = positiveMinor(body.amount, accountCurrency(body.currency));
  amountWithin(definition, body.currency, amountMinor);
  const details = methodFieldsOf(definition, 'deposit', body.currency, body.fields);
  // A chosen deposit bonus must be one this deposit may have (422 otherwise: nothing is created).
  const bonusId = body.bonusId && !body.isBonusDecline ? body.bonusId : null;
  if (bonusId) await assertDepositBonus(ctx.db, { playerId, bonusId, currency: body.currency, amountMinor });

  const invoice = await withTransaction(ctx, async (tx) => {
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
        currency: body.currency,
        amountMinor,
        details,
        bonusId,
      })
      .returning();
    await announce(tx, row!);
    return row!;
  });

  let answer;
  try {
    answer = await askProvider(ctx, {
      reference: invoice.id,
      kind: 'payment',
      method: definition.method,
      currency: invoice.currency,
      amountMinor: invoice.amountMinor.toString(),
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

/** What the player writes on a bank transfer, and the operator confirms it by: `DEP-<invoice number>`. */
export const transferReference = (number: number) => `DEP-${number}`;

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
  const answer = await askProvider(ctx, {
    reference: `${account.id}:${details.crypto_network}${bonusId ? `:${bonusId}` : ''}`,
    kind: 'address',
    method,
    currency: body.currency,
    amountMinor: '1',
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

/**
 * A crypto transfer seen on chain: a pending deposit invoice of the address's account (once per transfer),
 * with the deposit bonus the address was asked for, if any.
 */
async function receiveCrypto(tx: Tx, event: ProviderWebhook): Promise<WebhookOutcome> {
  const [accountId, , bonusRef] = event.reference.split(':');
  const bonusId = bonusRef && isUuid(bonusRef) ? bonusRef : null;
  const account = await accountById(tx, accountId ?? '');
  if (!account || account.currency !== event.currency)
    throw unprocessable('The event does not match an address of ours');
  const inserted = await tx
    .insert(paymentInvoices)
    .values({
      playerId: account.playerId,
      accountId: account.id,
      type: InvoiceType.deposit,
      state: 'awaiting_payment',
      method: 'crypto',
      currency: account.currency,
      amountMinor: BigInt(event.amountMinor),
      providerPaymentId: event.paymentId,
      publicData: event.address ? reportedOf({ publicData: { address: event.address } }, event) : null,
      statusResult: 'Waiting for confirmations',
      bonusId,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) return 'ignored';
  await announce(tx, inserted[0]!);
  return 'applied';
}

/**
 * Remaining turnover before a withdrawal in this currency (minor units), and what it is made of: the
 * paid deposits times the multiplier, less the money put at risk in play (the game module's rule).
 */
export async function turnoverOf(ctx: AppContext, playerId: string, currency: string, db: DbOrTx = ctx.db) {
  const multiplier = ctx.config.payment.turnoverMultiplier;
  const account = await accountIn(db, playerId, currency);
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${paymentInvoices.amountMinor}), 0)::text` })
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.playerId, playerId),
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.currency, currency),
        eq(paymentInvoices.state, 'succeeded'),
      ),
    );
  const deposited = BigInt(row?.sum ?? '0');
  // Integer arithmetic: the multiplier is taken in hundredths.
  const required = (deposited * BigInt(Math.round(multiplier * 100))) / 100n;
  const wagered = account ? await moneyAtRisk(db, account.id) : 0n;
  const remaining = required > wagered ? required - wagered : 0n;
  return { multiplier, required, wagered, remaining };
}

/**
 * The turnover gate, decided under the account's lock: a deposit credit takes the same lock and marks
 * its invoice paid in its transaction, so one racing this withdrawal is either seen here or credits
 * after it (and the withdrawal cannot have taken its money).
 */
async function assertTurnoverMet(
  ctx: AppContext,
  tx: Tx,
  row: Pick<InvoiceRow, 'playerId' | 'accountId' | 'currency'>,
) {
  if (ctx.config.payment.turnoverMultiplier <= 0) return;
  await lockAccount(tx, row.accountId);
  const { remaining } = await turnoverOf(ctx, row.playerId, row.currency, tx);
  if (remaining > 0n) {
    throw new DomainError(
      ErrorCode.turnoverNotMet,
      `Wager ${formatMinor(remaining, subunitOf(row.currency))} ${row.currency} more before you withdraw`,
    );
  }
}

/** Verified: the identity provider approved the player, or an operator approved an identity document. */
export async function identityVerified(db: DbOrTx, playerId: string): Promise<boolean> {
  if ((await verificationState(db, playerId)).status === 'approved') return true;
  return hasApprovedIdentityDocument(db, playerId);
}

/** Worth in the base currency (EUR), as WITHDRAWAL_AUTO_APPROVE_BELOW counts it. */
const baseWorth = (amountMinor: bigint, currency: string) =>
  toMajor(amountMinor, subunitOf(currency)) * (currencyByCode(currency)?.rate ?? 0);

/**
 * The operator's WITHDRAWAL_VERIFICATION rule, at the request and again at approval: 13102 when it wants
 * a verified identity the player does not have.
 */
async function assertVerifiedFor(
  ctx: AppContext,
  db: DbOrTx,
  withdrawal: { id?: string; playerId: string; amountMinor: bigint; currency: string },
): Promise<void> {
  const { rule, amount } = ctx.config.payment.withdrawalVerification;
  if (rule === 'never') return;
  if (rule !== 'always') {
    let worth = baseWorth(withdrawal.amountMinor, withdrawal.currency);
    if (rule === 'lifetime') {
      // Every other withdrawal not given back (asked, sent or paid), in every currency.
      const others = await db
        .select({ currency: paymentInvoices.currency, sum: sql<string>`sum(${paymentInvoices.amountMinor})::text` })
        .from(paymentInvoices)
        .where(
          and(
            eq(paymentInvoices.playerId, withdrawal.playerId),
            eq(paymentInvoices.type, InvoiceType.withdrawal),
            inArray(paymentInvoices.state, ['requested', 'sent', 'succeeded']),
            withdrawal.id ? sql`${paymentInvoices.id} <> ${withdrawal.id}` : undefined,
          ),
        )
        .groupBy(paymentInvoices.currency);
      for (const o of others) worth += baseWorth(BigInt(o.sum), o.currency);
    }
    if (worth <= amount) return;
  }
  if (await identityVerified(db, withdrawal.playerId)) return;
  throw new DomainError(
    ErrorCode.verificationRequired,
    'Verify your identity before you withdraw: Profile → Verification',
  );
}

/**
 * A withdrawal request: the amount moves from real to locked money at once (the ledger refuses more
 * than the real balance, so racing requests never overdraw); it waits for the operator (or goes at
 * once below `WITHDRAWAL_AUTO_APPROVE_BELOW`), and the player may cancel it until then.
 */
export async function createWithdrawal(
  ctx: AppContext,
  playerId: string,
  body: WithdrawalBody,
): Promise<WithdrawResult> {
  const definition = findMethod(body.method, 'withdrawal', body.currency, body.country);
  if (!definition) throw new DomainError(ErrorCode.paymentMethodUnavailable, 'This payment method is not available');
  await assertMayPay(ctx, playerId, 'withdrawal');
  const info = accountCurrency(body.currency);
  const amountMinor = positiveMinor(body.amount, info);
  const account = await accountIn(ctx.db, playerId, body.currency);
  // A closed account's whole balance may leave below the method's minimum (checked again under the lock).
  const closed = (await playerStatusOf(ctx.db, playerId)) === PlayerStatus.closed;
  const wholeBalance = closed && account !== null && amountMinor === account.realBalance;
  amountWithin(definition, body.currency, amountMinor, { noMinimum: wholeBalance });
  const details = methodFieldsOf(definition, 'withdrawal', body.currency, body.fields);
  if (!account) throw new DomainError(ErrorCode.accountNotFound, `You have no ${body.currency} account`);
  await assertVerifiedFor(ctx, ctx.db, { playerId, amountMinor, currency: body.currency });
  const invoice = await withTransaction(ctx, async (tx) => {
    await assertTurnoverMet(ctx, tx, { playerId, accountId: account.id, currency: body.currency });
    if (wholeBalance) {
      await lockAccount(tx, account.id);
      const now = await accountIn(tx, playerId, body.currency);
      if (now?.realBalance !== amountMinor) amountWithin(definition, body.currency, amountMinor);
    }
    const [row] = await tx
      .insert(paymentInvoices)
      .values({
        playerId,
        accountId: account.id,
        type: InvoiceType.withdrawal,
        state: 'requested',
        method: definition.method,
        currency: body.currency,
        amountMinor,
        details,
      })
      .returning();
    await postEntry(tx, {
      accountId: account.id,
      idempotencyKey: `withdrawal-lock:${row!.id}`,
      kind: 'withdrawal',
      realDelta: -amountMinor,
      lockedDelta: amountMinor,
      reference: { invoiceId: row!.id },
    });
    await announce(tx, row!);
    // Where the money is to go: the same IBAN or address on another account links them.
    if (details.iban) await noteInstrument(tx, playerId, { kind: 'iban', iban: details.iban });
    if (details.address)
      await noteInstrument(tx, playerId, {
        kind: 'crypto',
        network: details.crypto_network ?? body.currency,
        address: details.address,
      });
    return row!;
  });
  const autoBelow = ctx.config.payment.autoApproveBelow;
  const baseAmount = toMajor(amountMinor, info.subunitToUnit) * (currencyByCode(body.currency)?.rate ?? 0);
  if (autoBelow > 0 && baseAmount < autoBelow) {
    await approveWithdrawal(ctx, invoice.id).catch((error: unknown) => {
      // It stays requested (money locked) for the operator; the player sees it pending.
      ctx.log.warn({ invoiceId: invoice.id, reason: (error as Error).message }, 'automatic withdrawal approval failed');
    });
  }
  return {
    invoiceId: invoice.id,
    method: definition.method,
    type: definition.processingType,
    message: 'Your withdrawal request has been received. You can follow it in your transactions.',
  };
}

/** Operator: send a requested withdrawal to the provider. Its webhook settles it. */
export async function approveWithdrawal(ctx: AppContext, invoiceId: string): Promise<Invoice> {
  const invoice = await withTransaction(ctx, async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row.type !== InvoiceType.withdrawal) throw unprocessable('This invoice is not a withdrawal');
    if (row.state !== 'requested')
      throw new DomainError(ErrorCode.invoiceNotCancellable, `This withdrawal is already ${row.state}`);
    // Again at approval: deposits paid since the request must be wagered before money leaves, and the
    // verification rule holds (it may have changed, or other withdrawals passed a lifetime total).
    await assertTurnoverMet(ctx, tx, row);
    await assertVerifiedFor(ctx, tx, row);
    return saveInvoice(tx, row, { state: 'sent', statusResult: 'Approved' });
  });
  try {
    const answer = await askProvider(ctx, {
      reference: invoice.id,
      kind: 'payout',
      method: invoice.method,
      currency: invoice.currency,
      amountMinor: invoice.amountMinor.toString(),
      details: invoice.details,
    });
    return wireInvoice(
      await withTransaction(ctx, async (tx) => {
        const row = await lockInvoice(tx, invoice.id);
        return row.providerPaymentId ? row : saveInvoice(tx, row, { providerPaymentId: answer.paymentId });
      }),
    );
  } catch (error) {
    // Not sent: back to requested, so the operator can try again or decline (the provider keys payouts on
    // our invoice id, so a payout that did arrive is not made twice).
    await withTransaction(ctx, async (tx) => {
      const row = await lockInvoice(tx, invoice.id);
      if (row.state === 'sent' && !row.providerPaymentId)
        await saveInvoice(tx, row, { state: 'requested', statusResult: '' });
    });
    throw error;
  }
}

/** The player (own invoices only) or the operator declines a withdrawal not yet sent: the money comes back. */
export async function declineWithdrawal(
  ctx: AppContext,
  invoiceId: string,
  by: { playerId: string } | 'operator',
): Promise<Invoice> {
  return wireInvoice(
    await withTransaction(ctx, async (tx) => {
      const row = await lockInvoice(tx, invoiceId, by === 'operator' ? undefined : by.playerId);
      if (row.type !== InvoiceType.withdrawal || row.state !== 'requested') {
        throw new DomainError(ErrorCode.invoiceNotCancellable, 'This withdrawal can no longer be cancelled');
      }
      await postEntry(tx, {
        accountId: row.accountId,
        idempotencyKey: `withdrawal-return:${row.id}`,
        kind: 'withdrawal-return',
        realDelta: row.amountMinor,
        lockedDelta: -row.amountMinor,
        reference: { invoiceId: row.id },
      });
      return saveInvoice(tx, row, {
        state: 'declined',
        statusResult: by === 'operator' ? 'Declined by the operator' : 'Cancelled by you',
      });
    }),
  );
}

/** A deposit is paid: credited once (the ledger key is the invoice). */
async function settleDeposit(
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
  });
  return saveInvoice(tx, row, { state: 'succeeded', statusResult: 'Paid', ...extra });
}

/** What a provider event adds to what the player sees: why it failed, a crypto transfer's confirmations. */
function reportedOf(row: Pick<InvoiceRow, 'publicData'>, event: ProviderWebhook): InvoiceRow['publicData'] | null {
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

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * A provider webhook (signature already checked): applied at most once per event id, and only if it
 * matches the invoice it names (amount, currency, payment id). Runs in one transaction with the
 * event id, so a failure leaves the event unprocessed for the provider's retry.
 */
export async function applyWebhook(ctx: AppContext, event: ProviderWebhook): Promise<WebhookOutcome> {
  return withTransaction(ctx, async (tx) => {
    const inserted = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId: event.eventId })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) return 'duplicate';
    if (event.type === 'payment.received') return receiveCrypto(tx, event);
    const row = event.address
      ? await lockInvoiceOfPayment(tx, event.paymentId)
      : await lockInvoice(tx, event.reference);
    if (
      row.currency !== event.currency ||
      row.amountMinor.toString() !== event.amountMinor ||
      (row.providerPaymentId !== null && row.providerPaymentId !== event.paymentId)
    ) {
      throw unprocessable('The event does not match its invoice');
    }
    const payment = event.type.startsWith('payment.');
    if (payment !== (row.type === InvoiceType.deposit)) throw unprocessable('The event does not match its invoice');
    switch (event.type) {
      case 'payment.succeeded':
      case 'payment.failed': {
        const publicData = reportedOf(row, event);
        const settled = await settleDeposit(
          tx,
          row,
          event.type === 'payment.succeeded',
          event.reason,
          publicData ? { publicData } : {},
        );
        if (settled === row) return 'ignored';
        // The card paid with (by its provider's fingerprint): the same card on another account links them.
        if (event.type === 'payment.succeeded' && event.card)
          await noteInstrument(tx, row.playerId, { kind: 'card', ...event.card });
        return 'applied';
      }
      case 'payment.updated': {
        // A PIX code issued late, or a crypto transfer's confirmations so far.
        const publicData = reportedOf(row, event);
        if (row.state !== 'awaiting_payment' || !publicData) return 'ignored';
        await saveInvoice(tx, row, { publicData });
        return 'applied';
      }
      case 'payout.succeeded':
      case 'payout.failed': {
        if (row.state !== 'sent') return 'ignored';
        const paid = event.type === 'payout.succeeded';
        await postEntry(tx, {
          accountId: row.accountId,
          idempotencyKey: `withdrawal-${paid ? 'paid' : 'return'}:${row.id}`,
          kind: paid ? 'withdrawal-paid' : 'withdrawal-return',
          realDelta: paid ? 0n : row.amountMinor,
          lockedDelta: -row.amountMinor,
          reference: { invoiceId: row.id },
        });
        await saveInvoice(tx, row, {
          state: paid ? 'succeeded' : 'failed',
          statusResult: paid ? 'Paid out' : (event.reason ?? 'The payout failed; the money is back in your balance'),
        });
        return 'applied';
      }
    }
  });
}

export async function invoiceOf(ctx: AppContext, playerId: string, invoiceId: string): Promise<Invoice> {
  if (!isUuid(invoiceId)) throw notFound('Invoice not found');
  const [row] = await ctx.db
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.id, invoiceId), eq(paymentInvoices.playerId, playerId)));
  if (!row) throw notFound('Invoice not found');
  return wireInvoice(row);
}

function dayBound(value: string, end: boolean): Date {
  // A bare date means the whole day (UTC): dateTo=2026-11-24 includes that day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 : 0));
  return new Date(value);
}

export async function listInvoices(
  ctx: AppContext,
  playerId: string,
  query: z.infer<typeof invoicesQuerySchema>,
): Promise<{ data: Invoice[]; meta: PageMeta }> {
  const conditions: (SQL | undefined)[] = [eq(paymentInvoices.playerId, playerId)];
  if (query.type) conditions.push(eq(paymentInvoices.type, query.type as 1 | 2));
  if (query.currency) conditions.push(eq(paymentInvoices.currency, query.currency));
  if (query.status) {
    const states = (Object.keys(STATUS_OF_STATE) as InvoiceState[]).filter((s) => STATUS_OF_STATE[s] === query.status);
    conditions.push(inArray(paymentInvoices.state, states));
  }
  if (query.dateFrom) conditions.push(gte(paymentInvoices.createdAt, dayBound(query.dateFrom, false)));
  if (query.dateTo) conditions.push(lt(paymentInvoices.createdAt, dayBound(query.dateTo, true)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentInvoices)
      .where(where)
      .orderBy(desc(paymentInvoices.createdAt), desc(paymentInvoices.number))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    ctx.db.select({ n: count() }).from(paymentInvoices).where(where),
  ]);
  return { data: rows.map(wireInvoice), meta: pageMeta(query.page, query.perPage, total?.n ?? 0) };
}

/** Per currency: paid deposits and withdrawals, their counts, sums and the latest. */
export async function invoiceStatistics(ctx: AppContext, playerId: string) {
  const rows = await ctx.db
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.playerId, playerId), eq(paymentInvoices.state, 'succeeded')))
    .orderBy(paymentInvoices.createdAt);
  const byCurrency = new Map<string, InvoiceRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency].map(([currency, list]) => {
    const scale = subunitOf(currency);
    const of = (type: number) => list.filter((r) => r.type === type);
    const sum = (items: InvoiceRow[]) =>
      toMajor(
        items.reduce((s, r) => s + r.amountMinor, 0n),
        scale,
      );
    const deposits = of(InvoiceType.deposit);
    const withdrawals = of(InvoiceType.withdrawal);
    const last = (items: InvoiceRow[]) => items.at(-1);
    return {
      currency,
      depositsCount: deposits.length,
      depositsSum: sum(deposits),
      lastDepositAmount: last(deposits) ? toMajor(last(deposits)!.amountMinor, scale) : null,
      lastDepositAt: last(deposits)?.createdAt.toISOString() ?? null,
      withdrawalsCount: withdrawals.length,
      withdrawalsSum: sum(withdrawals),
      lastWithdrawalAmount: last(withdrawals) ? toMajor(last(withdrawals)!.amountMinor, scale) : null,
      lastWithdrawalAt: last(withdrawals)?.createdAt.toISOString() ?? null,
    };
  });
}

/** An invoice as the operator lists it: who the player is, whether they are verified, the transfer reference. */
export type OperatorInvoice = Invoice & { player: string; verified: boolean; reference: string };

async function forOperator(db: DbOrTx, rows: InvoiceRow[]): Promise<OperatorInvoice[]> {
  const contacts = await playerContacts(
    db,
    rows.map((r) => r.playerId),
  );
  const verified = new Map<string, boolean>();
  for (const id of new Set(rows.map((r) => r.playerId))) verified.set(id, await identityVerified(db, id));
  return rows.map((row) => ({
    ...wireInvoice(row),
    player: contacts.get(row.playerId) ?? row.playerId,
    verified: verified.get(row.playerId) ?? false,
    reference: transferReference(row.number),
  }));
}

/** Operator: the withdrawals waiting for a decision (or all pending), oldest first. */
export async function pendingWithdrawals(db: DbOrTx): Promise<OperatorInvoice[]> {
  const rows = await db
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.type, InvoiceType.withdrawal), inArray(paymentInvoices.state, PENDING_STATES)))
    .orderBy(paymentInvoices.createdAt)
    .limit(500);
  return forOperator(db, rows);
}

/** Operator: bank transfers the players said they would make, still waiting to arrive, oldest first. */
export async function waitingBankDeposits(ctx: AppContext): Promise<OperatorInvoice[]> {
  const rows = await ctx.db
    .select()
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.method, 'bank_transfer'),
        eq(paymentInvoices.state, 'awaiting_payment'),
      ),
    )
    .orderBy(paymentInvoices.createdAt)
    .limit(500);
  return forOperator(ctx.db, rows);
}
