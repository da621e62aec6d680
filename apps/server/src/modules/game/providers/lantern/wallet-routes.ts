import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  lanternAmount,
  lanternBalanceBodySchema,
  lanternCreditBodySchema,
  lanternDebitBodySchema,
  lanternMinor,
  lanternRollbackBodySchema,
  type LanternAnswer,
  type LanternStatus,
} from '@casino/contracts';
import type { AppContext } from '../../../../context.ts';
import { DomainError } from '../../../../lib/errors.ts';
import { HUB_SIGNATURE_HEADER, hubSignatureValid } from '../../../../lib/hub-signature.ts';
import { LANTERN_ID } from './id.ts';
import { currencyByCode } from '../../../settings/index.ts';
import { games } from '../../catalogue/tables.ts';
import { gameSessions } from '../../play/tables.ts';
import {
  walletBalance,
  walletBet,
  walletRollback,
  walletWin,
  type WalletOutcome,
} from '../../provider-wallet/service.ts';

const BODY_LIMIT = 16 * 1024;
const MAX_SKEW_SEC = 5 * 60;

/**
 * Lantern's ids go into the wallet under its own namespace: transaction and round ids are unique per
 * aggregator, so `abc` of Lantern and `abc` of another aggregator are two transactions (ledger key
 * `game:lantern:abc`), and an id of another aggregator cannot be referenced from here.
 */
const own = (id: string) => `${LANTERN_ID}:${id}`;

/** What the casino's refusal codes are in Lantern's words. */
const STATUS_OF: Partial<Record<number, LanternStatus>> = {
  [ErrorCode.gameSessionExpired]: 'SESSION_EXPIRED',
  [ErrorCode.insufficientFunds]: 'INSUFFICIENT_FUNDS',
  [ErrorCode.duplicateTransaction]: 'DUPLICATE_TRANSACTION',
  [ErrorCode.roundClosed]: 'ROUND_CLOSED',
  [ErrorCode.transactionRolledBack]: 'TRANSACTION_ROLLED_BACK',
  [ErrorCode.bonusMaxBetExceeded]: 'BET_LIMIT_EXCEEDED',
  [ErrorCode.gameLimitReached]: 'PLAYER_LIMIT_REACHED',
  [ErrorCode.gameLossLimitReached]: 'PLAYER_LIMIT_REACHED',
  [ErrorCode.gameSelfExcluded]: 'PLAYER_BLOCKED',
  [ErrorCode.limitedPlayer]: 'PLAYER_BLOCKED',
  [ErrorCode.accountBlocked]: 'PLAYER_BLOCKED',
  [ErrorCode.accountClosed]: 'PLAYER_BLOCKED',
  [ErrorCode.restrictedBets]: 'GAME_RESTRICTED',
  [ErrorCode.gameRestrictedInCountry]: 'GAME_RESTRICTED',
};

/** An answer in Lantern's shape, with its HTTP status (business refusals are 200, as Lantern expects). */
class LanternReply extends Error {
  constructor(
    readonly status: number,
    readonly body: LanternAnswer,
  ) {
    super(body.message ?? body.status);
  }
}
const badRequest = (message: string) => new LanternReply(400, { status: 'BAD_REQUEST', message });

/** Wire amounts of a known currency (a currency the casino does not list cannot be a session's). */
function scaleOf(currency: string): number {
  const found = currencyByCode(currency);
  if (!found) throw badRequest(`Unknown currency ${currency}`);
  return found.subunitToUnit;
}

function minorOf(amount: string, currency: string): number {
  const minor = lanternMinor(amount, scaleOf(currency));
  if (minor === null)
    throw badRequest(
      `amount: ${JSON.stringify(amount.slice(0, 40))} has more decimals than ${currency} or is too large`,
    );
  return Number(minor);
}

/** The casino's answer (or refusal) in Lantern's words. */
function answerOf(outcome: WalletOutcome, transactionId: string | undefined): LanternReply {
  if ('ok' in outcome) {
    const { currency, balance } = outcome.ok;
    return new LanternReply(200, {
      status: 'OK',
      balance: lanternAmount(balance, scaleOf(currency)),
      currency,
      ...(transactionId ? { transaction_id: transactionId } : {}),
    });
  }
  return refusalOf(outcome.refused);
}

function refusalOf(error: DomainError): LanternReply {
  const status = STATUS_OF[error.code] ?? 'BAD_REQUEST';
  const details = (error.details ?? {}) as { balance?: number; currency?: string; maxBet?: number };
  const money = (minor: number | undefined) =>
    minor !== undefined && details.currency ? lanternAmount(minor, scaleOf(details.currency)) : undefined;
  const body: LanternAnswer = { status, code: error.code, message: error.message };
  const balance = money(details.balance);
  if (balance !== undefined) Object.assign(body, { balance, currency: details.currency });
  const maxBet = money(details.maxBet);
  if (maxBet !== undefined) Object.assign(body, { max_bet: maxBet, currency: details.currency });
  return new LanternReply(status === 'BAD_REQUEST' ? 400 : 200, body);
}

/**
 * The session the call names must be a Lantern game's and the player's the call names: Lantern moves
 * money only on sessions it launched, and only for their player.
 */
async function assertSession(ctx: AppContext, sessionId: string, playerId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ playerId: gameSessions.playerId, aggregator: games.aggregator })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(gameSessions.token, sessionId));
  if (!row || row.aggregator !== LANTERN_ID || row.playerId !== playerId)
    throw new LanternReply(200, {
      status: 'INVALID_SESSION',
      code: ErrorCode.gameSessionExpired,
      message: 'Unknown session for this player',
    });
}

function parse<S extends z.ZodType>(schema: S, body: unknown, now: number): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const data = parsed.data as { timestamp: number };
  if (Math.abs(now / 1000 - data.timestamp) > MAX_SKEW_SEC)
    throw badRequest('timestamp: more than 5 minutes away from the casino clock');
  return parsed.data;
}

/**
 * Lantern's seamless wallet (docs/lantern-wallet-api.md) at `/api/game-wallet/lantern/*`: the body
 * signature is checked on the raw bytes before anything is parsed, with Lantern's own secret (or its
 * previous one during a rotation); each call becomes the one wallet call the native protocol makes.
 */
export const lanternWalletRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const secret = ctx.aggregatorSecrets[LANTERN_ID]!;
  const secrets = secret.previous ? [secret.current, secret.previous] : [secret.current];
  acceptSignedJson(app, secrets);
  app.setErrorHandler(answerError);
  walletCallRoutes(app, ctx);
};

/** JSON bodies read only when signed with one of `secrets`; a call without a body is refused as unsigned. */
function acceptSignedJson(app: FastifyInstance, secrets: string[]): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    async (request: FastifyRequest, body: string | Buffer) => {
      const raw = body as string;
      const header = request.headers[HUB_SIGNATURE_HEADER];
      if (!hubSignatureValid(secrets, raw, Array.isArray(header) ? header[0] : header))
        throw new LanternReply(401, { status: 'INVALID_SIGNATURE', message: 'Bad or missing X-Hub-Signature' });
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw badRequest('The body is not valid JSON');
      }
    },
  );
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined)
      throw new LanternReply(401, { status: 'INVALID_SIGNATURE', message: 'A signed JSON body is required' });
  });
}

/** One log line per call, with the answer's status (and code). */
function log(request: FastifyRequest, reply: LanternReply): void {
  const body = (request.body ?? {}) as { transaction_id?: unknown; round_id?: unknown };
  request.log.info(
    {
      aggregator: LANTERN_ID,
      call: request.url.split('?')[0],
      transactionId: typeof body.transaction_id === 'string' ? body.transaction_id : undefined,
      roundId: typeof body.round_id === 'string' ? body.round_id : undefined,
      status: reply.body.status,
      ...(reply.body.code ? { code: reply.body.code } : {}),
    },
    'aggregator wallet call',
  );
}

/** Every error in Lantern's shape: its own replies as they are, refusals in its words, the rest a 500. */
function answerError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  let answer: LanternReply;
  if (error instanceof LanternReply) answer = error;
  else if (error instanceof DomainError) answer = refusalOf(error);
  else if ((error as { statusCode?: number }).statusCode === 413)
    answer = new LanternReply(413, { status: 'BAD_REQUEST', message: 'Body larger than 16 KiB' });
  else if ((error as { statusCode?: number }).statusCode === 415)
    answer = new LanternReply(415, { status: 'BAD_REQUEST', message: 'Send application/json' });
  else {
    request.log.error({ err: error }, 'lantern wallet call failed');
    answer = new LanternReply(500, { status: 'INTERNAL_ERROR', message: 'Internal error' });
  }
  log(request, answer);
  return reply.status(answer.status).send(answer.body);
}

/** A route handler from a call's work: the reply it makes is logged and sent. */
const handle =
  (run: (body: unknown, now: Date) => Promise<LanternReply>) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await run(request.body, new Date());
    log(request, answer);
    return reply.status(answer.status).send(answer.body);
  };

/** The four wallet calls: balance, debit (a bet), credit (a win) and rollback. */
function walletCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const hidden = { schema: { hide: true } };

  app.post(
    '/balance',
    hidden,
    handle(async (raw, now) => {
      const body = parse(lanternBalanceBodySchema, raw, now.getTime());
      scaleOf(body.currency);
      await assertSession(ctx, body.session_id, body.player_id);
      const answer = answerOf(await walletBalance(ctx, { body: { token: body.session_id } }), undefined);
      // The balance is in the session's currency: a call naming another is a bug on Lantern's side.
      if (answer.body.currency && answer.body.currency !== body.currency)
        return badRequest(`currency: the session plays in ${answer.body.currency}`);
      return answer;
    }),
  );
  // A debit is a bet and a credit a win, in the wallet's own words; a credit closes its round unless told.
  const move = (
    path: string,
    schema: typeof lanternDebitBodySchema | typeof lanternCreditBodySchema,
    call: typeof walletBet | typeof walletWin,
    closesByDefault: boolean,
  ) =>
    app.post(
      path,
      hidden,
      handle(async (raw, now) => {
        const body = parse(schema, raw, now.getTime());
        const amount = minorOf(body.amount, body.currency);
        await assertSession(ctx, body.session_id, body.player_id);
        const outcome = await call(ctx, {
          now,
          body: {
            token: body.session_id,
            transactionId: own(body.transaction_id),
            roundId: own(body.round_id),
            gameIdentity: body.game_id,
            amount,
            currency: body.currency,
            closeRound: body.round_closed ?? closesByDefault,
          },
        });
        return answerOf(outcome, body.transaction_id);
      }),
    );
  move('/debit', lanternDebitBodySchema, walletBet, false);
  move('/credit', lanternCreditBodySchema, walletWin, true);
  app.post(
    '/rollback',
    hidden,
    handle(async (raw, now) => {
      const body = parse(lanternRollbackBodySchema, raw, now.getTime());
      scaleOf(body.currency);
      await assertSession(ctx, body.session_id, body.player_id);
      const outcome = await walletRollback(ctx, {
        now,
        body: {
          token: body.session_id,
          transactionId: own(body.transaction_id),
          referenceTransactionId: own(body.ref_transaction_id),
          roundId: own(body.round_id),
          gameIdentity: body.game_id,
        },
      });
      return answerOf(outcome, body.transaction_id);
    }),
  );
}
