import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { ErrorCode } from '@casino/contracts';
import { DomainError } from '../../lib/errors.ts';
import { serveStatements, utcDay } from '../../lib/partner-statement.ts';
import type { Payment, SandboxPay } from './provider.ts';
import { sandboxPayPayments } from './tables.ts';

/** A fee: a percentage in basis points (rounded half up to the minor unit) plus a flat part, minor units. */
type Fee = { bp: bigint; flat: bigint };

/** What the sandbox charges a payment by method (docs/payment-provider-api.md, Daily statement). */
const PAYMENT_FEES: Record<string, Fee> = {
  card: { bp: 150n, flat: 25n },
  ewallet: { bp: 200n, flat: 0n },
  pix: { bp: 100n, flat: 0n },
  qr_pay: { bp: 100n, flat: 0n },
  bank_transfer: { bp: 0n, flat: 50n },
  crypto: { bp: 50n, flat: 0n },
};
/** Payouts: a flat fee for fiat methods, a percentage for crypto. */
const PAYOUT_FEE: Fee = { bp: 0n, flat: 100n };
const CRYPTO_PAYOUT_FEE: Fee = { bp: 50n, flat: 0n };
const NO_FEE: Fee = { bp: 0n, flat: 0n };

/** The fee on a line, integer arithmetic only: amount × bp / 10 000 rounded half up, plus the flat part. */
export function feeOf(kind: 'payment' | 'payout', method: string, amountMinor: bigint): bigint {
  const fee =
    kind === 'payout' ? (method === 'crypto' ? CRYPTO_PAYOUT_FEE : PAYOUT_FEE) : (PAYMENT_FEES[method] ?? NO_FEE);
  return (amountMinor * fee.bp + 5_000n) / 10_000n + fee.flat;
}

export type StatementTransaction = {
  id: string;
  reference: string;
  kind: 'payment' | 'payout';
  method: string;
  currency: string;
  amountMinor: string;
  feeMinor: string;
  settledAt: string;
};

/**
 * A settled row as a statement line. A crypto transfer into an address is a payment under the reference
 * its webhooks carried (the address's, `<account id>:<network>`): the casino knows it by its payment id.
 */
function lineOf(row: Payment): StatementTransaction {
  const kind = row.kind === 'payout' ? 'payout' : 'payment';
  return {
    id: row.id,
    reference: row.kind === 'transfer' ? (row.details.addressRef ?? row.reference) : row.reference,
    kind,
    method: row.method,
    currency: row.currency,
    amountMinor: row.amountMinor.toString(),
    feeMinor: feeOf(kind, row.method, row.amountMinor).toString(),
    settledAt: row.settledAt!.toISOString(),
  };
}

/** The payments, payouts and crypto transfers that succeeded on the UTC day `date`, in settlement order. */
export async function statementOf({ ctx }: SandboxPay, date: string): Promise<StatementTransaction[]> {
  const { from, to } = utcDay(date);
  const rows = await ctx.db
    .select()
    .from(sandboxPayPayments)
    .where(
      and(
        eq(sandboxPayPayments.status, 'succeeded'),
        inArray(sandboxPayPayments.kind, ['payment', 'payout', 'transfer']),
        gte(sandboxPayPayments.settledAt, from),
        lt(sandboxPayPayments.settledAt, to),
      ),
    )
    .orderBy(asc(sandboxPayPayments.settledAt), asc(sandboxPayPayments.id));
  return rows.map(lineOf);
}

const CSV_HEADER = ['id', 'reference', 'kind', 'method', 'currency', 'amount_minor', 'fee_minor', 'settled_at'];

const csvRow = (t: StatementTransaction) => [
  t.id,
  t.reference,
  t.kind,
  t.method,
  t.currency,
  t.amountMinor,
  t.feeMinor,
  t.settledAt,
];

/**
 * `GET /api/statements/:date`: the day's statement, to a call signed by the casino, signed back with the
 * same secret and layout as the webhooks (GET, this path, the exact body), as JSON or CSV.
 */
export function statementApi(sp: SandboxPay) {
  const { ctx } = sp;
  return async (api: FastifyInstance) =>
    serveStatements(api, {
      secrets: [ctx.paymentSecret, ...(ctx.previousSecrets.payment ? [ctx.previousSecrets.payment] : [])],
      scope: 'sandbox-pay',
      replayGuard: ctx.replayGuard,
      refuse: (message) => new DomainError(ErrorCode.invalidSignature, message),
      provider: 'sandbox',
      // Signed as its webhooks are: with the current secret (the casino accepts the previous one too).
      signWith: ctx.paymentSecret,
      lines: (date) => statementOf(sp, date),
      csv: { header: CSV_HEADER, row: csvRow },
    });
}
