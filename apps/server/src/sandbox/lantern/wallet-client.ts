import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  lanternAmount,
  lanternAnswerSchema,
  lanternMinor,
  type LanternAnswer,
  type LanternBodies,
  type LanternCall,
  type LanternStatus,
  type WalletBodies,
  type WalletCall,
  type WalletRefusal,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { hubSignedPost } from '../../lib/hub-signature.ts';
import { subunitToUnit } from '../games/bet-levels.ts';
import type { SandboxGameSession } from '../games/tables.ts';
import type { WalletResult } from '../games/wallet-client.ts';

/**
 * The sandbox Lantern's side of its wallet (docs/lantern-wallet-api.md): the game server's calls (in
 * the sandbox provider's terms: balance, bet, win, rollback in minor units) said in Lantern's protocol
 * (balance, debit, credit, rollback; decimal strings; `X-Hub-Signature`), and the casino's answers read
 * back into the game server's three results.
 */

const TIMEOUT_MS = 5_000;
const CALL_OF: Record<WalletCall, LanternCall> = {
  balance: 'balance',
  bet: 'debit',
  win: 'credit',
  rollback: 'rollback',
};

/** How the game server shows a Lantern refusal (its HTTP status and code). */
const REFUSAL_OF: Record<Exclude<LanternStatus, 'OK' | 'INTERNAL_ERROR'>, { status: number; code: number }> = {
  INVALID_SIGNATURE: { status: 401, code: ErrorCode.invalidSignature },
  BAD_REQUEST: { status: 422, code: ErrorCode.unprocessable },
  INVALID_SESSION: { status: 401, code: ErrorCode.gameSessionExpired },
  SESSION_EXPIRED: { status: 401, code: ErrorCode.gameSessionExpired },
  INSUFFICIENT_FUNDS: { status: 422, code: ErrorCode.insufficientFunds },
  DUPLICATE_TRANSACTION: { status: 409, code: ErrorCode.duplicateTransaction },
  ROUND_CLOSED: { status: 409, code: ErrorCode.roundClosed },
  TRANSACTION_ROLLED_BACK: { status: 409, code: ErrorCode.transactionRolledBack },
  BET_LIMIT_EXCEEDED: { status: 403, code: ErrorCode.bonusMaxBetExceeded },
  PLAYER_LIMIT_REACHED: { status: 403, code: ErrorCode.gameLimitReached },
  PLAYER_BLOCKED: { status: 403, code: ErrorCode.gameSelfExcluded },
  GAME_RESTRICTED: { status: 403, code: ErrorCode.restrictedBets },
};

export function lanternBody<C extends WalletCall>(
  session: SandboxGameSession,
  call: C,
  body: WalletBodies[C],
  now = new Date(),
): LanternBodies[LanternCall] {
  const scale = subunitToUnit(session.currency);
  const base = {
    player_id: session.playerRef ?? '',
    session_id: session.token ?? '',
    currency: session.currency,
    timestamp: Math.floor(now.getTime() / 1000),
  };
  if (call === 'balance') return base;
  const inRound = body as WalletBodies['bet'] | WalletBodies['win'] | WalletBodies['rollback'];
  const round = {
    ...base,
    game_id: inRound.gameIdentity,
    round_id: inRound.roundId,
    transaction_id: inRound.transactionId,
  };
  if (call === 'rollback')
    return { ...round, ref_transaction_id: (body as WalletBodies['rollback']).referenceTransactionId };
  const money = body as WalletBodies['bet'] | WalletBodies['win'];
  return { ...round, amount: lanternAmount(money.amount, scale), round_closed: money.closeRound ?? false };
}

function refusalOf(answer: LanternAnswer, scale: number): WalletRefusal & { status: number } {
  const known = answer.status === 'OK' || answer.status === 'INTERNAL_ERROR' ? null : REFUSAL_OF[answer.status];
  const minor = (value: string | undefined) => {
    const parsed = value === undefined ? null : lanternMinor(value, scale);
    return parsed === null ? undefined : Number(parsed);
  };
  const balance = minor(answer.balance);
  const maxBet = minor(answer.max_bet);
  return {
    status: known?.status ?? 422,
    // The casino's own code when it sent one (a limit says which); else the status's.
    code: answer.code ?? known?.code ?? ErrorCode.unprocessable,
    message: (answer.message ?? answer.status).slice(0, 500),
    ...(balance !== undefined ? { balance } : {}),
    ...(maxBet !== undefined ? { maxBet } : {}),
    ...(answer.currency ? { currency: answer.currency } : {}),
  };
}

export async function lanternWalletCall<C extends WalletCall>(
  ctx: AppContext,
  session: SandboxGameSession,
  call: C,
  body: WalletBodies[C],
  log: FastifyBaseLogger,
): Promise<WalletResult> {
  const base = ctx.config.game.walletUrl ?? ctx.selfUrl();
  const secret = ctx.aggregatorSecrets.lantern?.current;
  if (!secret) return { kind: 'unknown', reason: 'Lantern is not configured' };
  const scale = subunitToUnit(session.currency);
  let answer;
  try {
    answer = await hubSignedPost(
      secret,
      `${base}/api/game-wallet/lantern/${CALL_OF[call]}`,
      lanternBody(session, call, body),
      {
        timeoutMs: TIMEOUT_MS,
      },
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ call, reason }, 'casino wallet unreachable');
    return { kind: 'unknown', reason };
  }
  const parsed = lanternAnswerSchema.safeParse(answer.json);
  if (answer.status >= 500 || !parsed.success || parsed.data.status === 'INTERNAL_ERROR') {
    log.warn({ call, status: answer.status }, 'casino wallet failed');
    return { kind: 'unknown', reason: `HTTP ${answer.status}` };
  }
  const data = parsed.data;
  if (data.status === 'OK') {
    const balance = data.balance === undefined ? null : lanternMinor(data.balance, scale);
    if (balance === null || !data.currency) return { kind: 'unknown', reason: 'unreadable answer' };
    return {
      kind: 'ok',
      answer: {
        ...(call === 'balance' ? {} : { transactionId: (body as WalletBodies['bet']).transactionId }),
        currency: data.currency,
        balance: Number(balance),
      },
    };
  }
  const { status, ...error } = refusalOf(data, scale);
  return { kind: 'refused', status, error };
}
