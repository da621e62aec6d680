import { sql } from 'drizzle-orm';
import type { AlertKind } from '@casino/contracts';
import { atomic } from '../../db/atomic.ts';
import { rowsOf } from '../../db/rows.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { detectCardDeclines, detectDeposits, detectQuickWithdrawals, type DetectInput } from './detect-payments.ts';
import { detectLinkedAccounts, detectRisingLosses } from './detect-players.ts';
import type { AlertsSettings } from './settings.ts';

const DAY_MS = 24 * 3600 * 1000;

/** New alerts of each kind a run raised; null: another node was running (the lease was taken). */
export type DetectResult = Partial<Record<AlertKind, number>> | null;

/**
 * One detection run, for the periodic job (every ALERTS_JOB_MS). A job rather than outbox consumers:
 * most rules look at windows of time (24 h, a week, a deposit and the play since) that no single event
 * completes, and several read data no event carries (play counts, links). The sign-ins refused for an
 * exclusion are the exception: the player module reports each at once (raiseExcludedSignIn).
 *
 * Safe on several nodes: one runs at a time (an advisory lock held by the run's transaction; the
 * others skip), and every alert has a unique (kind, player, key), so a second run raises nothing it
 * raised before. Each rule runs in a savepoint: one that fails is logged and the others still count.
 * `tiesSince`: where the linked-accounts rule starts looking for new ties (default 24 h back).
 */
export async function detectAlerts(
  ctx: UnitOfWorkContext,
  rules: AlertsSettings,
  options: { now?: Date; tiesSince?: Date; onError?: (kind: AlertKind, err: unknown) => void } = {},
): Promise<DetectResult> {
  const now = options.now ?? new Date();
  const tiesSince = options.tiesSince ?? new Date(now.getTime() - DAY_MS);
  return withTransaction(ctx, async (tx) => {
    const [lease] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended('alerts:detect', 0)) as locked`,
    );
    if (!lease?.locked) return null;
    const rulesByKind: [AlertKind, (input: DetectInput) => Promise<number>][] = [
      ['deposits_24h', detectDeposits],
      ['deposit_withdrawal', detectQuickWithdrawals],
      ['card_declines', detectCardDeclines],
      ['linked_accounts', (input) => detectLinkedAccounts(input, tiesSince)],
      ['rising_losses', detectRisingLosses],
    ];
    const raised: Partial<Record<AlertKind, number>> = {};
    for (const [kind, detect] of rulesByKind) {
      try {
        raised[kind] = await atomic(tx, (step) => detect({ db: step, rules, now }));
      } catch (err) {
        options.onError?.(kind, err);
      }
    }
    return raised;
  });
}
