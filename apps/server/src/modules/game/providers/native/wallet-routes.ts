import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  walletBalanceAnswerSchema,
  walletBalanceBodySchema,
  walletBetBodySchema,
  walletErrorSchema,
  walletRollbackBodySchema,
  walletTransactionAnswerSchema,
  walletWinBodySchema,
} from '@casino/contracts';
import type { AppContext } from '../../../../context.ts';
import { DomainError, toHttpError } from '../../../../lib/errors.ts';
import { acceptSignedJson, signedCallOf } from '../../../../lib/signed-json.ts';
import {
  walletBalance,
  walletBet,
  walletRollback,
  walletWin,
  type WalletOutcome,
} from '../../provider-wallet/service.ts';
import { isNativeToken } from '../session-token.ts';

/** Wallet calls are small; anything bigger is not one. */
const BODY_LIMIT = 16 * 1024;

/**
 * The seamless-wallet API the game provider calls (`/api/provider-wallet/*`, docs/provider-wallet-api.md).
 * Server to server: no cookies or bearer tokens; every call is signed (method, path, timestamp,
 * request id and body) and a request id is accepted once.
 */
export const providerWalletRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptSignedJson(app, {
      secret: ctx.gameWalletSecret,
      previousSecret: ctx.previousSecrets.gameWallet,
      scope: 'game-wallet',
      replayGuard: ctx.replayGuard,
      bodyLimit: BODY_LIMIT,
    });

    // The application's mapping, with every answer logged under the provider's request id.
    app.setErrorHandler(answerError);

    // A session another aggregator launched is not this route's: its token is refused as unknown
    // before any lookup (its mark says whose it is: providers/session-token.ts).
    app.addHook('preHandler', async (request) => {
      if (!isNativeToken((request.body as { token: string }).token))
        throw new DomainError(ErrorCode.gameSessionExpired, 'Unknown game session token');
    });
    walletCallRoutes(app, ctx);
  };

/** One log line per call, under the provider's request id. */
function logCall(request: FastifyRequest, status: number, code?: number): void {
  const body = (request.body ?? {}) as { transactionId?: unknown; roundId?: unknown };
  request.log.info(
    {
      providerRequestId: signedCallOf(request)?.requestId,
      call: request.url.split('?')[0],
      transactionId: body.transactionId,
      roundId: body.roundId,
      status,
      ...(code ? { code } : {}),
    },
    'provider wallet call',
  );
}

/** The application's error envelope, logged as the call's answer. */
function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const mapped = toHttpError(error);
  if (mapped.unexpected) request.log.error({ err: error }, 'unhandled error');
  logCall(request, mapped.status, mapped.body.error.code);
  return reply.status(mapped.status).send(mapped.body);
}

/** The wallet's answer, sent and logged; a refusal is thrown to answerError. */
const send = (request: FastifyRequest, reply: FastifyReply, outcome: WalletOutcome) => {
  if ('refused' in outcome) throw outcome.refused;
  logCall(request, 200);
  return reply.status(200).send(outcome.ok);
};

/** The four wallet calls: balance, bet, win and rollback. */
function walletCallRoutes(app: Parameters<FastifyPluginAsyncZod>[0], ctx: AppContext): void {
  const tags = ['provider-wallet'];
  const errors = {
    401: walletErrorSchema,
    403: walletErrorSchema,
    409: walletErrorSchema,
    413: walletErrorSchema,
    422: walletErrorSchema,
  };

  app.post(
    '/balance',
    {
      schema: {
        tags,
        summary: 'Balance of the session account (minor units)',
        body: walletBalanceBodySchema,
        response: { 200: walletBalanceAnswerSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, await walletBalance(ctx, { body: request.body })),
  );
  app.post(
    '/bet',
    {
      schema: {
        tags,
        summary: 'Debit a bet (idempotent by transactionId)',
        body: walletBetBodySchema,
        response: { 200: walletTransactionAnswerSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, await walletBet(ctx, { body: request.body })),
  );
  app.post(
    '/win',
    {
      schema: {
        tags,
        summary: 'Credit a win, 0 allowed (idempotent by transactionId)',
        body: walletWinBodySchema,
        response: { 200: walletTransactionAnswerSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, await walletWin(ctx, { body: request.body })),
  );
  app.post(
    '/rollback',
    {
      schema: {
        tags,
        summary: 'Void a bet and refund it once',
        body: walletRollbackBodySchema,
        response: { 200: walletTransactionAnswerSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, await walletRollback(ctx, { body: request.body })),
  );
}
