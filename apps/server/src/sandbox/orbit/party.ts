import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { CURRENCY_SEEDS, formatMinor, type OrbitObject, type OrbitWebhook } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { stamp } from '../../lib/stamped-hmac.ts';
import { sandboxOrbitObjects } from './tables.ts';

export type OrbitRow = typeof sandboxOrbitObjects.$inferSelect;

/** The sandbox Orbit as its parts share it: the app, and its own log. */
export type SandboxOrbit = { ctx: AppContext; log: FastifyBaseLogger };

export const scaleOf = (currency: string): number =>
  CURRENCY_SEEDS.find((c) => c.code === currency)?.subunitToUnit ?? 100;

export const newId = (prefix: 'chk' | 'po' | 'evt') => `${prefix}_${randomBytes(16).toString('hex')}`;

/** Where the customer approves an open checkout (Orbit's own page). */
export const approvalPath = (id: string) => `/sandbox/orbit/approve/${id}`;

/** A row as Orbit's API speaks it: decimal-string amounts, its own field names. */
export function objectOf(row: OrbitRow): OrbitObject {
  return {
    id: row.id,
    object: row.object,
    merchant_ref: row.merchantRef,
    amount: formatMinor(row.amountMinor, scaleOf(row.currency)),
    currency: row.currency,
    state: row.state,
    ...(row.object === 'checkout' && row.state === 'open' ? { approval_url: approvalPath(row.id) } : {}),
    ...(row.declineCode ? { decline_code: row.declineCode as NonNullable<OrbitObject['decline_code']> } : {}),
  };
}

export async function findObject({ ctx }: SandboxOrbit, id: string): Promise<OrbitRow | null> {
  if (!/^(chk|po)_[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await ctx.db.select().from(sandboxOrbitObjects).where(eq(sandboxOrbitObjects.id, id));
  return row ?? null;
}

/** Signed event to the merchant, retried while no answer (or a 5xx) arrives; its id makes retries safe. */
export async function sendEvent({ ctx, log }: SandboxOrbit, row: OrbitRow, type: OrbitWebhook['type']) {
  const event: OrbitWebhook = { id: newId('evt'), type, created: Math.floor(Date.now() / 1000), data: objectOf(row) };
  const raw = JSON.stringify(event);
  for (const delay of [0, 500, 2000, 8000]) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const response = await fetch(`${ctx.selfUrl()}/api/payment/webhooks/orbit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'orbit-signature': stamp(ctx.orbitSecret, raw) },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status < 500) {
        if (response.status !== 200) log.warn({ eventId: event.id, status: response.status }, 'orbit event refused');
        return response.status === 200;
      }
    } catch (error) {
      log.warn({ eventId: event.id, reason: (error as Error).message }, 'orbit event not delivered');
    }
  }
  return false;
}

/** A checkout or payout ends (once: the update is conditional on its state) and the merchant is told. */
export async function settle(
  orbit: SandboxOrbit,
  row: OrbitRow,
  state: 'approved' | 'declined' | 'paid' | 'rejected',
  declineCode?: string,
): Promise<OrbitRow> {
  const [done] = await orbit.ctx.db
    .update(sandboxOrbitObjects)
    .set({ state, declineCode: declineCode ?? null, updatedAt: new Date() })
    .where(and(eq(sandboxOrbitObjects.id, row.id), eq(sandboxOrbitObjects.state, row.state)))
    .returning();
  if (!done) return (await findObject(orbit, row.id))!;
  const type = (
    {
      approved: 'checkout.approved',
      declined: 'checkout.declined',
      paid: 'payout.paid',
      rejected: 'payout.rejected',
    } as const
  )[state];
  await sendEvent(orbit, done, type);
  return done;
}
