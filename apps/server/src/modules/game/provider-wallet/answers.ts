import { ErrorCode } from '@casino/contracts';
import { AppError, conflict, unprocessable } from '../../../lib/errors.ts';
import type { StoredAnswer } from '../play/tables.ts';

/**
 * A wallet API refusal that also tells the provider the balance (insufficient funds, rolled-back
 * bet), so its UI can show the right amount without another call.
 */
export class WalletError extends AppError {
  constructor(
    status: number,
    code: number,
    message: string,
    readonly balance?: number,
    readonly currency?: string,
  ) {
    super(status, code, message);
  }
}

/** A wallet answer: what the route sends, and what a replay of the same transaction gets again (stored as is). */
export type Answer = StoredAnswer;

export const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body });

export function errorAnswer(error: AppError): Answer {
  const extra =
    error instanceof WalletError
      ? {
          ...(error.balance !== undefined ? { balance: error.balance } : {}),
          ...(error.currency ? { currency: error.currency } : {}),
        }
      : {};
  return {
    status: error.status,
    body: {
      error: { code: error.code, message: error.message, ...extra, ...(error.fields ? { fields: error.fields } : {}) },
    },
  };
}

/** Minor units as a JSON integer; balances beyond 2^53 cannot be said exactly, which no real account reaches. */
export function minorToJson(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('amount beyond the JSON-safe range');
  return Number(value);
}

export const invalidSignature = (message: string) => new AppError(401, ErrorCode.invalidSignature, message);
export const sessionUnknown = () => new AppError(401, ErrorCode.gameSessionExpired, 'Unknown game session token');
export const sessionExpired = () =>
  new AppError(401, ErrorCode.gameSessionExpired, 'The game session has expired or was closed; start the game again');
export const roundClosed = (roundId: string) => conflict(`Round ${roundId} is already closed`, ErrorCode.roundClosed);
export const roundOfOtherSession = (roundId: string) => conflict(`Round ${roundId} belongs to another game session`);
export const duplicateTransaction = (transactionId: string) =>
  conflict(`Transaction ${transactionId} was already processed with different details`, ErrorCode.duplicateTransaction);
export const mismatch = (field: string, message: string) => unprocessable(message, { [field]: [message] });
