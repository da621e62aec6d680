import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { unprocessable } from '../../lib/errors.ts';
import { notify, scaleOf, type Payment, type SandboxPay } from './provider.ts';
import { sandboxPayPayments } from './tables.ts';

/** How long a crypto confirmation is leased to one worker before another may take it. */
const LEASE_MS = 30_000;

/** Confirmations a transfer needs per network before it is credited (as exchanges ask). */
const CONFIRMATIONS: Record<string, number> = { bitcoin: 3, litecoin: 6, erc20: 12, trc20: 20, xrp: 1 };
const confirmationsOf = (transfer: Payment) => CONFIRMATIONS[transfer.details.network ?? ''] ?? 1;

/** A major-unit decimal string in minor units (0 when it has too many decimals). */
function parseMinor(amount: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  const digits = Math.round(Math.log10(scale));
  if (fraction.length > digits) return 0n;
  return BigInt(whole + fraction.padEnd(digits, '0'));
}

const notifyTransfer = (
  sp: SandboxPay,
  transfer: Payment,
  type: 'payment.received' | 'payment.updated' | 'payment.succeeded',
  confirmations: number,
) =>
  notify(sp, { ...transfer, reference: transfer.details.addressRef! }, type, {
    address: transfer.details.address,
    confirmations,
    confirmationsRequired: confirmationsOf(transfer),
  });

/** A transfer to one of our addresses (an address, or `address?dt=tag` for XRP): seen now, confirmed later. */
export async function receiveTransfer(sp: SandboxPay, target: string, amount: string, addressId?: string) {
  const { ctx } = sp;
  if (ctx.config.production) throw unprocessable('Test transfers exist only outside production');
  const [address, tag] = target.split('?dt=');
  const [owner] = await ctx.db
    .select()
    .from(sandboxPayPayments)
    .where(
      addressId
        ? and(eq(sandboxPayPayments.kind, 'address'), eq(sandboxPayPayments.id, addressId))
        : and(
            eq(sandboxPayPayments.kind, 'address'),
            sql`${sandboxPayPayments.details}->>'address' = ${address}`,
            tag ? sql`${sandboxPayPayments.details}->>'tag' = ${tag}` : sql`true`,
          ),
    )
    .limit(1);
  if (!owner) throw unprocessable('No deposit address of ours matches');
  const scale = scaleOf(owner.currency);
  const minor = parseMinor(amount, scale);
  if (minor <= 0n) throw unprocessable('The amount must be positive');
  const [transfer] = await ctx.db
    .insert(sandboxPayPayments)
    .values({
      id: `pay_${randomUUID()}`,
      reference: randomUUID(),
      kind: 'transfer',
      method: 'crypto',
      currency: owner.currency,
      amountMinor: minor,
      status: 'pending',
      details: {
        addressRef: owner.reference,
        address: owner.details.address!,
        ...(owner.details.network ? { network: owner.details.network } : {}),
      },
      confirmAt: new Date(Date.now() + ctx.config.payment.cryptoConfirmSeconds * 1000),
    })
    .returning();
  await notifyTransfer(sp, transfer!, 'payment.received', 0);
  return { transferId: transfer!.id, confirmAt: transfer!.confirmAt!.toISOString() };
}

/**
 * Confirmations so far of transfers still waiting, reported as they come (evenly over
 * CRYPTO_CONFIRM_SECONDS); the casino keeps the highest count it has heard.
 */
async function reportProgress(sp: SandboxPay) {
  const { ctx } = sp;
  const waiting = await ctx.db
    .select()
    .from(sandboxPayPayments)
    .where(
      and(
        eq(sandboxPayPayments.kind, 'transfer'),
        eq(sandboxPayPayments.status, 'pending'),
        sql`${sandboxPayPayments.confirmAt} > now()`,
      ),
    )
    .limit(50);
  const total = Math.max(1, ctx.config.payment.cryptoConfirmSeconds) * 1000;
  for (const transfer of waiting) {
    const required = confirmationsOf(transfer);
    const elapsed = Date.now() - transfer.createdAt.getTime();
    const now = Math.min(required - 1, Math.floor((elapsed / total) * required));
    const told = Number(transfer.details.confirmations ?? 0);
    if (now <= told) continue;
    // Only the worker that moves the count tells the casino.
    const [moved] = await ctx.db
      .update(sandboxPayPayments)
      .set({ details: { ...transfer.details, confirmations: String(now) } })
      .where(
        and(
          eq(sandboxPayPayments.id, transfer.id),
          sql`coalesce(${sandboxPayPayments.details}->>'confirmations', '0') = ${String(told)}`,
        ),
      )
      .returning();
    if (moved) await notifyTransfer(sp, moved, 'payment.updated', now);
  }
}

/**
 * Confirmations: a leased job. A worker takes due transfers with FOR UPDATE SKIP LOCKED and leases
 * them (confirm_at moves 30 s ahead) before it tells the casino; only a delivered webhook settles
 * a transfer, so after a crash or restart the lease runs out and the transfer is confirmed again.
 */
async function confirmDue(sp: SandboxPay) {
  const { ctx } = sp;
  const due = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sandboxPayPayments)
      .where(
        and(
          eq(sandboxPayPayments.kind, 'transfer'),
          eq(sandboxPayPayments.status, 'pending'),
          sql`${sandboxPayPayments.confirmAt} <= now()`,
        ),
      )
      .limit(20)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(sandboxPayPayments)
        .set({ confirmAt: new Date(Date.now() + LEASE_MS) })
        .where(eq(sandboxPayPayments.id, row.id));
    }
    return rows;
  });
  for (const transfer of due) {
    if (await notifyTransfer(sp, transfer, 'payment.succeeded', confirmationsOf(transfer))) {
      await ctx.db
        .update(sandboxPayPayments)
        .set({ status: 'succeeded', settledAt: new Date(), updatedAt: new Date() })
        // Once: a lease that ran out must not move the day it settled on.
        .where(and(eq(sandboxPayPayments.id, transfer.id), eq(sandboxPayPayments.status, 'pending')));
    }
  }
}

/** Every second, confirmations due and progress so far; stops when the app closes. */
export function runConfirmations(app: FastifyInstance, sp: SandboxPay) {
  let confirming = false;
  const timer = setInterval(() => {
    if (confirming) return;
    confirming = true;
    confirmDue(sp)
      .then(() => reportProgress(sp))
      .catch((error: unknown) => sp.log.warn({ reason: (error as Error).message }, 'crypto confirmations failed'))
      .finally(() => {
        confirming = false;
      });
  }, 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
