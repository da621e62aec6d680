// Withdrawals: the turnover gate, the verification rule, requesting one, and the operator's approval or refusal.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ErrorCode,
  InvoiceType,
  PlayerStatus,
  formatMinor,
  toMajor,
  type Invoice,
  type WithdrawResult,
  type WithdrawalBody,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError, unprocessable } from '../../lib/errors.ts';
import { withTransaction } from '../../outbox/index.ts';
import { noteInstrument } from '../links/index.ts';
import { playerStatusOf } from '../player/index.ts';
import { currencyByCode, subunitOf } from '../settings/index.ts';
import { accountCurrency, accountIn, lockAccount, moneyAtRisk, positiveMinor, postEntry } from '../wallet/index.ts';
import { findMethod } from './methods.ts';
import { providerById, providerFor } from './providers/index.ts';
import { paymentInvoices, type InvoiceRow } from './tables.ts';
import { depositedSince } from './deposits.ts';
import {
  wireInvoice,
  saveInvoice,
  announce,
  lockInvoice,
  assertMayPay,
  amountWithin,
  methodFieldsOf,
  identityVerified,
} from './invoices.ts';

/**
 * Remaining turnover before a withdrawal in this currency (minor units), and what it is made of: the
 * paid deposits times the multiplier, less the money put at risk in play (the game module's rule).
 */
export async function turnoverOf(ctx: AppContext, playerId: string, currency: string, db: DbOrTx = ctx.db) {
  const multiplier = ctx.config.payment.turnoverMultiplier;
  const account = await accountIn(db, playerId, currency);
  const deposited = await depositedSince(db, playerId, currency);
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
  country?: string,
): Promise<WithdrawResult> {
  const definition = findMethod(body.method, 'withdrawal', body.currency, body.country);
  // The payout goes to the provider the routing table picks now (kept on the invoice for its approval).
  const provider =
    definition && providerFor(ctx, definition.method, 'withdrawal', body.currency, body.country ?? country);
  if (!definition || !provider)
    throw new DomainError(ErrorCode.paymentMethodUnavailable, 'This payment method is not available');
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
        provider: provider.id,
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
      counterparty: 'internal',
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
    const answer = await providerById(ctx, invoice.provider).payout({
      reference: invoice.id,
      method: invoice.method,
      currency: invoice.currency,
      amountMinor: invoice.amountMinor,
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
  reason?: string,
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
        counterparty: 'internal',
      });
      return saveInvoice(tx, row, {
        state: 'declined',
        statusResult: by === 'operator' ? (reason ?? 'Declined by the operator') : 'Cancelled by you',
      });
    }),
  );
}
