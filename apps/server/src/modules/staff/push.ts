import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Channel, PushEvent, type StaffQueue } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { OutboxConsumers, Publication } from '../../outbox/index.ts';
import { STAFF_SESSION } from './identity.ts';
import { staff, staffSessions } from './tables.ts';

/**
 * The back office's live channel (`staff:queues`): a staff session asks for a short connection token
 * (the push hub takes it as it takes a player's access token), and the queues' events are published
 * there as "this queue changed", nothing of the player's, so every dashboard reads again what its role
 * may. A token lives 5 minutes: an ended session or a deactivated member gets no new one.
 */
export const STAFF_PUSH_PREFIX = 'stfp.';
const TOKEN_TTL_SEC = 300;

const signatureOf = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`push:${body}`).digest('base64url');

/** A connection token for the session's member: `stfp.<staffId>.<sessionId>.<exp>.<signature>`. */
export function staffPushToken(secret: string, staffId: string, sessionId: string) {
  const body = `${staffId}.${sessionId}.${Math.floor(Date.now() / 1000) + TOKEN_TTL_SEC}`;
  return `${STAFF_PUSH_PREFIX}${body}.${signatureOf(secret, body)}`;
}

export type StaffPushCheck = { userId: string; exp: number } | 'expired' | 'invalid';

/** Checks a staff connection token: its signature, its time, and that its session is still open. */
export async function checkStaffPushToken(db: DbOrTx, secret: string, token: string): Promise<StaffPushCheck> {
  const parts = token.slice(STAFF_PUSH_PREFIX.length).split('.');
  if (parts.length !== 4) return 'invalid';
  const [staffId, sessionId, exp, signature] = parts as [string, string, string, string];
  const body = `${staffId}.${sessionId}.${exp}`;
  if (signature !== signatureOf(secret, body) || !/^\d+$/.test(exp)) return 'invalid';
  if (Number(exp) * 1000 < Date.now()) return 'expired';
  const [open] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, new Date()),
        gt(staffSessions.lastSeenAt, new Date(Date.now() - STAFF_SESSION.idleMs)),
        eq(staff.status, 'active'),
      ),
    );
  return open ? { userId: `staff:${staffId}`, exp: Number(exp) } : 'invalid';
}

const changed = (queue: StaffQueue): Publication[] => [
  { channel: Channel.staffQueues, payload: { event: PushEvent.queueChanged, queue } },
];

/** The queues' events on the staff channel: withdrawals, bank transfers waiting, documents reviewed. */
export function registerQueuePushes(consumers: OutboxConsumers): () => void {
  const stops = [
    consumers.registerPublisher('payment.withdrawal.updated', () => changed('withdrawals')),
    consumers.registerPublisher('payment.deposit.updated', ({ payload }) =>
      payload.method === 'bank_transfer' ? changed('deposits') : [],
    ),
    consumers.registerPublisher('documents.updated', () => changed('documents')),
  ];
  return () => stops.forEach((stop) => stop());
}
