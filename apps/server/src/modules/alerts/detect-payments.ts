import { BASE_CURRENCY, type AlertKind } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { playSince } from '../game/index.ts';
import {
  cardDeclinesSince,
  lastPaidDepositBefore,
  paidDepositsSince,
  withdrawalRequestsSince,
  type PaymentFact,
} from '../payment/index.ts';
import { toBaseMinor } from '../settings/index.ts';
import { keysRaised, money, raiseAlert, raisedSince } from './raise.ts';
import type { AlertsSettings } from './settings.ts';

/** What a detector runs with: the run's transaction, the thresholds, and the moment it looks from. */
export type DetectInput = { db: DbOrTx; rules: AlertsSettings; now: Date };

const DAY_MS = 24 * 3600 * 1000;

/** Rows by player, each player's in the order given. */
function byPlayer(rows: readonly PaymentFact[]): Map<string, PaymentFact[]> {
  const grouped = new Map<string, PaymentFact[]>();
  for (const row of rows) {
    const own = grouped.get(row.playerId);
    if (own) own.push(row);
    else grouped.set(row.playerId, [row]);
  }
  return grouped;
}

/**
 * The rolling 24 h rules (deposits, declines): for each player, the row of the last 24 h at which the
 * running `measure` reaches `threshold`. That row is the alert's key, so the same rows never raise it
 * twice; and while an alert of the kind is younger than 24 h it stands for the window (a later row
 * that keeps the total above the line adds nothing new).
 */
async function rollingWindow(
  { db, now }: DetectInput,
  kind: AlertKind,
  rows: readonly PaymentFact[],
  threshold: bigint,
  measure: (row: PaymentFact) => bigint,
  describe: (rows: PaymentFact[]) => { summary: string; facts: Record<string, unknown> },
): Promise<number> {
  let raised = 0;
  for (const [playerId, own] of byPlayer(rows)) {
    let total = 0n;
    const crossing = own.findIndex((row) => (total += measure(row)) >= threshold);
    if (crossing < 0) continue;
    if (await raisedSince(db, kind, playerId, new Date(now.getTime() - DAY_MS))) continue;
    const seen = own.slice(0, crossing + 1);
    if (await raiseAlert(db, { kind, playerId, key: seen.at(-1)!.id, ...describe(seen) })) raised += 1;
  }
  return raised;
}

/** An invoice as an alert's facts keep it. */
const invoiceFact = (row: PaymentFact) => ({
  id: row.id,
  amount: money(row.amountMinor, row.currency),
  at: row.createdAt.toISOString(),
});

/** Sums per currency, as `1000.00 EUR + 200.00 USD`. */
function perCurrency(rows: readonly PaymentFact[]): { text: string; totals: Record<string, string> } {
  const sums = new Map<string, bigint>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0n) + row.amountMinor);
  const totals = Object.fromEntries([...sums].map(([currency, minor]) => [currency, money(minor, currency)]));
  return { text: Object.values(totals).join(' + '), totals };
}

/** Paid deposits within 24 h whose sum in the base currency reaches ALERT_DEPOSITS_24H. */
export async function detectDeposits(input: DetectInput): Promise<number> {
  const { rules, now } = input;
  const rows = await paidDepositsSince(input.db, new Date(now.getTime() - DAY_MS));
  // A currency without a rate cannot be compared: it is left out of the sum (every listed one has one).
  const base = (row: PaymentFact) => toBaseMinor(row.amountMinor, row.currency) ?? 0n;
  return rollingWindow(input, 'deposits_24h', rows, rules.deposits24h, base, (seen) => {
    const inBase = seen.reduce((sum, row) => sum + base(row), 0n);
    const { text, totals } = perCurrency(seen);
    const converted = Object.keys(totals).some((c) => c !== BASE_CURRENCY) ? ` (${money(inBase, BASE_CURRENCY)})` : '';
    return {
      summary: `Deposited ${text}${converted} in 24 h (${seen.length} deposit${seen.length === 1 ? '' : 's'}), above the ${money(rules.deposits24h, BASE_CURRENCY)} threshold`,
      facts: {
        total: money(inBase, BASE_CURRENCY),
        totals,
        threshold: money(rules.deposits24h, BASE_CURRENCY),
        deposits: seen.map(invoiceFact),
      },
    };
  });
}

/** ALERT_DECLINES_24H or more card deposits declined within 24 h. */
export async function detectCardDeclines(input: DetectInput): Promise<number> {
  const { rules, now } = input;
  const rows = await cardDeclinesSince(input.db, new Date(now.getTime() - DAY_MS));
  return rollingWindow(
    input,
    'card_declines',
    rows,
    BigInt(rules.declines24h),
    () => 1n,
    (seen) => ({
      summary: `${seen.length} card deposits declined in 24 h (${perCurrency(seen).text} tried)`,
      facts: {
        declines: seen.length,
        threshold: rules.declines24h,
        deposits: seen.map(invoiceFact),
      },
    }),
  );
}

const hoursBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 36e5));

/**
 * A withdrawal asked for (in the last 24 h) when the player staked less than ALERT_WAGER_RATIO times
 * their last deposit since making it: money in and out with little play, the classic layering sign.
 * Stakes are the casino's game transactions since the deposit (up to now, a few minutes after the
 * request at most). Keyed by the withdrawal: each request is looked at once.
 */
export async function detectQuickWithdrawals({ db, rules, now }: DetectInput): Promise<number> {
  const requests = await withdrawalRequestsSince(db, new Date(now.getTime() - DAY_MS));
  const done = await keysRaised(
    db,
    'deposit_withdrawal',
    requests.map((r) => r.id),
  );
  // The ratio in hundredths, so the comparison stays in integers.
  const ratio = BigInt(Math.round(rules.wagerRatio * 100));
  let raised = 0;
  for (const request of requests) {
    if (done.has(request.id)) continue;
    const deposit = await lastPaidDepositBefore(db, request.playerId, request.currency, request.createdAt);
    if (!deposit) continue;
    const { stakes } = await playSince(db, request.playerId, request.currency, deposit.createdAt);
    if (stakes * 100n >= ratio * deposit.amountMinor) continue;
    const hours = hoursBetween(deposit.createdAt, request.createdAt);
    const fresh = await raiseAlert(db, {
      kind: 'deposit_withdrawal',
      playerId: request.playerId,
      key: request.id,
      summary: `Asked to withdraw ${money(request.amountMinor, request.currency)} ${hours} h after depositing ${money(deposit.amountMinor, deposit.currency)}, having staked ${money(stakes, request.currency)} since (less than ${rules.wagerRatio}× the deposit)`,
      facts: {
        withdrawal: invoiceFact(request),
        deposit: invoiceFact(deposit),
        staked: money(stakes, request.currency),
        ratio: rules.wagerRatio,
      },
    });
    if (fresh) raised += 1;
  }
  return raised;
}
