import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { signBody } from '../../lib/signature.ts';

/**
 * The provider's side of the seamless wallet (interfaces §2): signed JSON POSTs to the casino's
 * `/api/provider-wallet/<call>`. Three results, because a real provider must tell them apart:
 * the casino answered (ok), the casino said no (refused: its code goes to the player as it is),
 * or nobody knows (unknown: timeout, network, 5xx — a bet is then rolled back, a win retried).
 */

export type WalletCall = 'balance' | 'bet' | 'win' | 'rollback';
export type WalletAnswer = { transactionId?: string; currency: string; balance: number };
export type WalletRefusal = { code: number; message: string; balance?: number; currency?: string };
export type WalletResult =
  | { kind: 'ok'; answer: WalletAnswer }
  | { kind: 'refused'; status: number; error: WalletRefusal }
  | { kind: 'unknown'; reason: string };

const TIMEOUT_MS = 5_000;

export type WalletLog = { warn: (obj: object, msg: string) => void };

export async function walletCall(
  ctx: AppContext,
  call: WalletCall,
  payload: Record<string, unknown>,
  log?: WalletLog,
): Promise<WalletResult> {
  const requestId = randomUUID();
  const raw = JSON.stringify({ requestId, timestamp: Date.now(), ...payload });
  let response: Response;
  try {
    const base = ctx.config.game.walletUrl ?? ctx.selfUrl();
    response = await fetch(`${base}/api/provider-wallet/${call}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signBody(ctx.gameWalletSecret, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log?.warn({ requestId, call, reason }, 'casino wallet unreachable');
    return { kind: 'unknown', reason };
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) {
    const answer = json as WalletAnswer | null;
    if (answer && typeof answer.balance === 'number' && typeof answer.currency === 'string')
      return { kind: 'ok', answer };
    log?.warn({ requestId, call, status: response.status }, 'casino wallet answered something unreadable');
    return { kind: 'unknown', reason: 'unreadable answer' };
  }
  const error = (json?.error ?? null) as WalletRefusal | null;
  if (response.status >= 400 && response.status < 500 && error && typeof error.code === 'number') {
    return { kind: 'refused', status: response.status, error };
  }
  log?.warn({ requestId, call, status: response.status }, 'casino wallet failed');
  return { kind: 'unknown', reason: `HTTP ${response.status}` };
}

const RETRY_DELAYS_MS = [0, 200, 800];

/**
 * A call that is safe to repeat (win, rollback: the same transactionId is processed once), tried a
 * few times while the outcome is unknown.
 */
export async function walletCallWithRetry(
  ctx: AppContext,
  call: WalletCall,
  payload: Record<string, unknown>,
  log?: WalletLog,
): Promise<WalletResult> {
  let result: WalletResult = { kind: 'unknown', reason: 'not tried' };
  for (const delay of RETRY_DELAYS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    result = await walletCall(ctx, call, payload, log);
    if (result.kind !== 'unknown') return result;
  }
  return result;
}
