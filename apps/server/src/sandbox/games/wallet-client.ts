import type { FastifyBaseLogger } from 'fastify';
import {
  walletBalanceAnswerSchema,
  walletErrorSchema,
  walletTransactionAnswerSchema,
  type WalletBodies,
  type WalletCall,
  type WalletRefusal,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { signedPost } from '../../lib/signing.ts';
import { lanternWalletCall } from '../lantern/wallet-client.ts';
import type { SandboxGameSession } from './tables.ts';

/**
 * The provider's side of the seamless wallet (docs/provider-wallet-api.md): signed JSON POSTs to the
 * casino's `/api/provider-wallet/<call>`, answers read with the same contract the casino answers with.
 * Three results, because a real provider must tell them apart: the casino answered (ok), the casino
 * said no (refused: its code goes to the player as it is), or nobody knows (unknown: timeout,
 * network, 5xx, an unreadable answer — a bet is then rolled back, a win retried).
 */

export type WalletAnswer = { transactionId?: string; currency: string; balance: number };
export type WalletResult =
  | { kind: 'ok'; answer: WalletAnswer }
  | { kind: 'refused'; status: number; error: WalletRefusal }
  | { kind: 'unknown'; reason: string };

const TIMEOUT_MS = 5_000;

export async function walletCall<C extends WalletCall>(
  ctx: AppContext,
  call: C,
  body: WalletBodies[C],
  log: FastifyBaseLogger,
): Promise<WalletResult> {
  const base = ctx.config.game.walletUrl ?? ctx.selfUrl();
  let answer;
  try {
    answer = await signedPost(ctx.gameWalletSecret, `${base}/api/provider-wallet/${call}`, body, {
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ call, reason }, 'casino wallet unreachable');
    return { kind: 'unknown', reason };
  }
  const { requestId, status, json } = answer;
  if (status === 200) {
    const parsed = (call === 'balance' ? walletBalanceAnswerSchema : walletTransactionAnswerSchema).safeParse(json);
    if (parsed.success) return { kind: 'ok', answer: parsed.data };
    log.warn({ requestId, call, status }, 'casino wallet answered something unreadable');
    return { kind: 'unknown', reason: 'unreadable answer' };
  }
  const refusal = walletErrorSchema.safeParse(json);
  if (status >= 400 && status < 500 && refusal.success) return { kind: 'refused', status, error: refusal.data.error };
  log.warn({ requestId, call, status }, 'casino wallet failed');
  return { kind: 'unknown', reason: `HTTP ${status}` };
}

/**
 * A wallet call for a game `session`, in the protocol of the party that launched it: the sandbox
 * provider's (the native protocol, `walletCall`) or the sandbox Lantern's (sandbox/lantern). Keyed by the
 * session, so whichever party's sweeper settles a round, it is said to the casino as its party speaks.
 */
export function sessionWalletCall<C extends WalletCall>(
  ctx: AppContext,
  session: SandboxGameSession,
  call: C,
  body: WalletBodies[C],
  log: FastifyBaseLogger,
): Promise<WalletResult> {
  return session.party === 'lantern'
    ? lanternWalletCall(ctx, session, call, body, log)
    : walletCall(ctx, call, body, log);
}

const RETRY_DELAYS_MS = [0, 200, 800];

/**
 * A call that is safe to repeat (win, rollback: the same transactionId is processed once), tried a
 * few times while the outcome is unknown. Every attempt is a new signed request (a new request id).
 */
export function walletCallWithRetry<C extends WalletCall>(
  ctx: AppContext,
  call: C,
  body: WalletBodies[C],
  log: FastifyBaseLogger,
): Promise<WalletResult> {
  return retried(() => walletCall(ctx, call, body, log));
}

/** `call` tried again while its outcome is unknown (each attempt is a new signed request). */
export async function retried(call: () => Promise<WalletResult>): Promise<WalletResult> {
  let result: WalletResult = { kind: 'unknown', reason: 'not tried' };
  for (const delay of RETRY_DELAYS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    result = await call();
    if (result.kind !== 'unknown') return result;
  }
  return result;
}
