import { eq, lt } from 'drizzle-orm';
import {
  ErrorCode,
  kycAccessTokenAnswerSchema,
  withoutHiddenCharacters,
  type KycState,
  type KycStatus,
  type KycWebhook,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { atomic } from '../../db/atomic.ts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { pgErrorOf } from '../../lib/pg-errors.ts';
import { signedPost } from '../../lib/signing.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import { playerVerifications } from './tables.ts';

/** How long the provider's page may be used after the player opens it. */
const TOKEN_TTL_SEC = 30 * 60;

type Row = typeof playerVerifications.$inferSelect;
const toState = (row: Row | undefined): KycState => ({
  status: (row?.status ?? 'init') as KycStatus,
  reason: row?.reason ?? null,
  reviewedAt: row?.reviewedAt?.toISOString() ?? null,
});

export async function verificationState(db: DbOrTx, playerId: string): Promise<KycState> {
  const [row] = await db.select().from(playerVerifications).where(eq(playerVerifications.playerId, playerId));
  return toState(row);
}

/** Asks the provider for an access token to its pages for this player (signed; asking twice is safe). */
export async function providerAccessToken(ctx: AppContext, playerId: string): Promise<string> {
  const kyc = ctx.config.kyc;
  if (!kyc) throw new DomainError(ErrorCode.notFound, 'Identity verification is not offered');
  const base = kyc.providerUrl ?? `${ctx.selfUrl()}/sandbox/kyc`;
  const body = { externalUserId: playerId, levelName: kyc.levelName, ttlSec: TOKEN_TTL_SEC };
  let answer;
  try {
    answer = await signedPost(ctx.kycSecret, `${base}/api/access-tokens`, body, { timeoutMs: 10_000 });
  } catch (error) {
    ctx.log.warn({ reason: (error as Error).message }, 'identity-verification provider unreachable');
    throw new DomainError(ErrorCode.serviceUnavailable, 'Identity verification is not reachable; try again shortly');
  }
  const parsed = kycAccessTokenAnswerSchema.safeParse((answer.json as { data?: unknown } | null)?.data);
  if (answer.status !== 200 || !parsed.success) {
    ctx.log.warn({ requestId: answer.requestId, status: answer.status }, 'identity-verification provider refused');
    throw new DomainError(ErrorCode.serviceUnavailable, 'Identity verification is not reachable; try again shortly');
  }
  return parsed.data.token;
}

const statusOf = (event: KycWebhook): KycStatus =>
  event.type === 'applicantPending' ? 'pending' : event.reviewAnswer === 'GREEN' ? 'approved' : 'rejected';

/**
 * Applies one provider event: the newest state wins, so a retried or late event is a no-op. An
 * unknown player is ignored (answered, so the provider stops retrying). The push goes out with it.
 */
export async function applyKycWebhook(ctx: AppContext, event: KycWebhook): Promise<'applied' | 'ignored'> {
  return withTransaction(ctx, async (tx) => {
    const status = statusOf(event);
    const rejected = status === 'rejected';
    const values = {
      applicantId: event.applicantId,
      status,
      reason: rejected ? withoutHiddenCharacters(event.moderationComment ?? '').slice(0, 500) || null : null,
      reviewedAt: event.type === 'applicantReviewed' ? new Date(event.createdAtMs) : null,
      eventAtMs: event.createdAtMs,
    };
    // In a savepoint: no such player (the foreign key) leaves the transaction usable.
    const [row] = await atomic(tx, (sp) =>
      sp
        .insert(playerVerifications)
        .values({ playerId: event.externalUserId, ...values })
        .onConflictDoUpdate({
          target: playerVerifications.playerId,
          set: values,
          setWhere: lt(playerVerifications.eventAtMs, event.createdAtMs),
        })
        .returning(),
    ).catch((error: unknown) => {
      if (pgErrorOf(error)?.code === '23503') return [];
      throw error;
    });
    if (!row) return 'ignored';
    const state = toState(row);
    await enqueue(tx, 'kyc.verification.updated', { playerId: row.playerId, state });
    return 'applied';
  });
}
