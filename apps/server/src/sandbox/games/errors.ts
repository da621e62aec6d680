/**
 * Errors of the provider's own APIs, sent as `{ error: { code, message, balance?, currency?, … } }`.
 * The provider's codes are strings (it is not the casino); the casino's numeric codes from the
 * wallet (15001, 14xxx …) are passed through unchanged with the status the casino answered.
 */
import type { WalletRefusal } from '@casino/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { toHttpError } from '../../lib/errors.ts';

export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body() {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

/**
 * A sandbox party's API answers in its own envelope (string codes): its own errors as they are, and
 * anything else as the casino maps it (`invalidCode` for a 422), a 404 for an unknown path.
 */
export function answerAsProvider(app: FastifyInstance, party: string, invalidCode: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProviderError) return reply.status(error.status).send(error.body());
    const mapped = toHttpError(error);
    if (mapped.unexpected) request.log.error({ err: error }, `${party} error`);
    const { message, fields } = mapped.body.error as { message: string; fields?: Record<string, string[]> };
    const code = mapped.status === 422 ? invalidCode : mapped.status >= 500 ? 'internal' : 'bad_request';
    const answer = new ProviderError(
      mapped.status,
      code,
      mapped.unexpected ? 'Internal error' : message,
      fields ? { fields } : {},
    );
    return reply.status(mapped.status).send(answer.body());
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(new ProviderError(404, 'not_found', `Not found: ${request.url.split('?')[0]}`).body()),
  );
}

export const sessionNotFound = () => new ProviderError(404, 'session_not_found', 'Unknown game session');
export const roundNotFound = () => new ProviderError(404, 'round_not_found', 'Unknown round');
export const invalidRequest = (message: string, fields?: Record<string, string[]>) =>
  new ProviderError(422, 'invalid_request', message, fields ? { fields } : {});
export const invalidBet = (message: string) => new ProviderError(422, 'invalid_bet', message);
export const tooFast = (retryAfterMs: number) =>
  new ProviderError(429, 'too_fast', 'Rounds cannot start that quickly one after the other', { retryAfterMs });
export const roundOpen = () => new ProviderError(409, 'round_open', 'A round of this game is still running');
export const sessionExpired = () =>
  new ProviderError(403, 'session_expired', 'This game session has expired: start the game again');
export const walletUnavailable = () =>
  new ProviderError(
    503,
    'wallet_unavailable',
    'The casino could not be reached; the bet was not taken. Please try again.',
  );
export const grantNotAvailable = () =>
  new ProviderError(
    404,
    'free_spins_not_available',
    'These free spins are not granted for this game, or none are left',
  );
export const freeSpinsFirst = () =>
  new ProviderError(
    409,
    'free_spins_first',
    'Free spins the casino granted for this game are waiting: they are played first, without a stake',
  );
export const badSignature = (message: string) => new ProviderError(401, 'bad_signature', message);
export const insufficientFunds = (balance: number, currency: string) =>
  // The casino's code, so a demo session and a real one read the same to the game UI.
  new ProviderError(422, 15001, 'Insufficient funds', { balance, currency });
/** A refusal of the casino's wallet, passed to the game UI as it came (its numeric code, status and balance). */
export const casinoRefusal = (status: number, { code, message, ...extra }: WalletRefusal) =>
  new ProviderError(status, code, message, extra);
