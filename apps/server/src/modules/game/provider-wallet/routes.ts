import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { AppError, unprocessable } from '../../../lib/errors.ts';
import { SIGNATURE_MAX_SKEW_MS, verifyBody } from '../../../lib/signature.ts';
import { errorAnswer, invalidSignature, type Answer } from './answers.ts';
import {
  balanceAnswerSchema,
  balanceBodySchema,
  betBodySchema,
  rollbackBodySchema,
  transactionAnswerSchema,
  walletErrorSchema,
  winBodySchema,
} from './schema.ts';
import { walletBalance, walletBet, walletRollback, walletWin } from './service.ts';

/** Wallet calls are small; anything bigger is not one. */
const BODY_LIMIT = 16 * 1024;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The seamless-wallet API the game provider calls (`/api/provider-wallet/*`, interfaces §2,
 * docs/provider-wallet-api.md). Server to server: no cookies or bearer tokens, every request is
 * signed (HMAC-SHA256 of the exact body bytes, `X-Signature`) and carries a fresh `timestamp`.
 */
export const providerWalletRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();

    // This scope parses JSON itself: the signature covers the bytes as sent, so it is checked on the
    // raw string before anything is parsed.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const raw = body as string;
        if (!verifyBody(ctx.gameWalletSecret, raw, header(request, 'x-signature'))) {
          done(invalidSignature('The X-Signature header does not match the body'), undefined);
          return;
        }
        rawBodies.set(request, raw);
        try {
          done(null, JSON.parse(raw));
        } catch {
          done(unprocessable('The body is not valid JSON'), undefined);
        }
      },
    );

    app.addHook('preValidation', async (request) => {
      if (!rawBodies.has(request)) throw invalidSignature('A signed JSON body is required');
    });
    app.addHook('preHandler', async (request) => {
      const { timestamp } = request.body as { timestamp: number };
      if (Math.abs(Date.now() - timestamp) > SIGNATURE_MAX_SKEW_MS)
        throw invalidSignature('The timestamp is more than 5 minutes away from now');
    });

    const logCall = (request: FastifyRequest, status: number, code?: number) => {
      const body = (request.body ?? {}) as { requestId?: unknown; transactionId?: unknown; roundId?: unknown };
      request.log.info(
        {
          providerRequestId: header(request, 'x-request-id') ?? body.requestId,
          call: request.url.split('?')[0],
          transactionId: body.transactionId,
          roundId: body.roundId,
          status,
          ...(code ? { code } : {}),
        },
        'provider wallet call',
      );
    };

    app.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError) {
        const answer = errorAnswer(error);
        logCall(request, answer.status, error.code);
        return reply.status(answer.status).send(answer.body);
      }
      // Validation and anything unexpected: the application's handler (422 envelope, 500 logged).
      throw error;
    });

    const send = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
      const code = (answer.body.error as { code?: number } | undefined)?.code;
      logCall(request, answer.status, code);
      return reply.status(answer.status).send(answer.body);
    };
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
          body: balanceBodySchema,
          response: { 200: balanceAnswerSchema, ...errors },
        },
      },
      async (request, reply) => send(request, reply, await walletBalance(ctx, request.body)),
    );
    app.post(
      '/bet',
      {
        schema: {
          tags,
          summary: 'Debit a bet (idempotent by transactionId)',
          body: betBodySchema,
          response: { 200: transactionAnswerSchema, ...errors },
        },
      },
      async (request, reply) => send(request, reply, await walletBet(ctx, request.body)),
    );
    app.post(
      '/win',
      {
        schema: {
          tags,
          summary: 'Credit a win, 0 allowed (idempotent by transactionId)',
          body: winBodySchema,
          response: { 200: transactionAnswerSchema, ...errors },
        },
      },
      async (request, reply) => send(request, reply, await walletWin(ctx, request.body)),
    );
    app.post(
      '/rollback',
      {
        schema: {
          tags,
          summary: 'Void a bet and refund it once',
          body: rollbackBodySchema,
          response: { 200: transactionAnswerSchema, ...errors },
        },
      },
      async (request, reply) => send(request, reply, await walletRollback(ctx, request.body)),
    );
  };
