import { createHash } from 'node:crypto';
import {
  Channel,
  ErrorCode,
  PushEvent,
  formatMinor,
  toMajor,
  type WalletAnswer,
  type WalletBalanceBody,
  type WalletBetBody,
  type WalletRollbackBody,
  type WalletWinBody,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { DomainError } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/pg-errors.ts';
import { inUnitOfWork, noteEnqueued, type OutboxConsumers } from '../../../outbox/index.ts';
import { playRefusal } from '../../limits/index.ts';
import { restrictedCountryCodes, subunitOf } from '../../settings/index.ts';
import { forgetAccountsOf } from '../../wallet/index.ts';
import { gameDisabled, gameRestrictedInCountry } from '../play/refusals.ts';

/**
 * The seamless-wallet calls. Each is one call of a database function (game/sql/provider-wallet.sql:
 * game_wallet_balance, _bet_ticket, _settle, _rollback; the sportsbook's rules in sportsbook/sql/sportsbook.sql)
 * that locks the account, checks, moves the money (split between real and bonus money by the wallet's
 * rule, wallet/sql/stake-rules.sql), keeps the round and
 * the transaction, counts the play and writes the events, in one round trip. It answers either the
 * provider's answer (stored, and replayed for a repeated transaction id) or a refusal: a code with what
 * its message needs. The message is made here; the HTTP status comes from the code at the edge.
 */

const E = ErrorCode;
/**
 * Every refusal the wallet functions answer, by code (a test checks this list against the codes in the
 * SQL source, and those against contracts' ErrorCode).
 */
type WalletRefusal =
  | { code: typeof E.gameSessionExpired; reason: 'unknown' | 'expired' }
  | { code: typeof E.duplicateTransaction }
  | { code: typeof E.unprocessable; field: 'gameIdentity' | 'referenceTransactionId' | 'roundId' }
  | { code: typeof E.unprocessable; field: 'currency'; currency: string }
  | { code: typeof E.unprocessable; field: 'ticket'; reason: 'missing' | 'unexpected' }
  | { code: typeof E.unprocessable; field: 'cashOut'; reason: 'open' | 'unexpected' }
  | { code: typeof E.unprocessable; reason: 'not_a_bet'; kind: string }
  | { code: typeof E.conflict; reason: 'round' | 'transaction' | 'ticket' }
  | { code: typeof E.roundClosed }
  | { code: typeof E.transactionRolledBack | typeof E.insufficientFunds; balance: number; currency: string }
  | { code: typeof E.restrictedBets; reason?: 'bonus' }
  | { code: typeof E.restrictedBets; reason: 'sport' | 'event'; ref: string }
  | { code: typeof E.bonusMaxBetExceeded; maxBet: number; currency: string; limit?: 'bet' | 'event' }
  | { code: typeof E.gameRestrictedInCountry | typeof E.balanceTooLarge }
  | { code: typeof E.winWithoutBet; promotion?: string }
  | { code: typeof E.winAboveCap; maxMultiplier: number }
  | { code: typeof E.accountBlocked | typeof E.accountClosed | typeof E.limitedPlayer | typeof E.gameSelfExcluded }
  | { code: typeof E.gameLimitReached | typeof E.gameLossLimitReached; period: string };

export const WALLET_REFUSAL_CODES: readonly WalletRefusal['code'][] = [
  E.gameSessionExpired,
  E.duplicateTransaction,
  E.unprocessable,
  E.conflict,
  E.roundClosed,
  E.transactionRolledBack,
  E.insufficientFunds,
  E.restrictedBets,
  E.bonusMaxBetExceeded,
  E.gameRestrictedInCountry,
  E.balanceTooLarge,
  E.winWithoutBet,
  E.winAboveCap,
  E.accountBlocked,
  E.accountClosed,
  E.limitedPlayer,
  E.gameSelfExcluded,
  E.gameLimitReached,
  E.gameLossLimitReached,
];

/** What the database answers: a wallet answer, or a refusal. */
type Stored = WalletAnswer | WalletRefusal;

export type WalletOutcome = { ok: WalletAnswer } | { refused: DomainError };

type Call<B> = { body: B; now?: Date };

/** What makes a repeated transaction id "the same request": the payload, without its signature headers. */
function requestHash(
  kind: string,
  body: Partial<WalletBetBody & WalletWinBody & WalletRollbackBody> & { ticket?: WalletBetBody['ticket'] },
): string {
  const identity = [
    kind,
    body.token,
    body.transactionId,
    body.roundId,
    body.gameIdentity,
    body.amount ?? null,
    body.currency ?? null,
    body.closeRound ?? false,
    body.referenceTransactionId ?? null,
    ...(body.promotion ? [body.promotion.kind, body.promotion.id] : []),
    // A sports bet's ticket and a cash-out are part of what was asked (the same id with another ticket is 15002).
    ...(body.ticket ? [body.ticket] : []),
    ...(body.cashOut ? ['cashOut'] : []),
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

const withBalance = (refusal: { balance: number; currency: string }) => ({
  balance: refusal.balance,
  currency: refusal.currency,
});

/** The refusal a stored code stands for, in words the provider's support can act on. */
function refusalOf(stored: WalletRefusal, body: Partial<WalletRollbackBody & WalletWinBody>): DomainError {
  switch (stored.code) {
    case ErrorCode.gameSessionExpired:
      return new DomainError(
        stored.code,
        stored.reason === 'unknown'
          ? 'Unknown game session token'
          : 'The game session has expired or was closed; start the game again',
      );
    case ErrorCode.duplicateTransaction:
      return new DomainError(
        stored.code,
        `Transaction ${body.transactionId} was already processed with different details`,
      );
    case ErrorCode.unprocessable:
      return invalidRequest(stored, body);
    case ErrorCode.conflict:
      return new DomainError(
        stored.code,
        stored.reason === 'round'
          ? `Round ${body.roundId} belongs to another game session`
          : stored.reason === 'ticket'
            ? `Round ${body.roundId} already has its ticket: one ticket per round`
            : `Transaction ${body.referenceTransactionId} belongs to another game session`,
      );
    case ErrorCode.roundClosed:
      return new DomainError(stored.code, `Round ${body.roundId} is already closed`);
    case ErrorCode.transactionRolledBack:
      return new DomainError(
        stored.code,
        `Transaction ${body.transactionId} was rolled back before it arrived; it was not debited`,
        undefined,
        withBalance(stored),
      );
    case ErrorCode.insufficientFunds: {
      const balance = formatMinor(BigInt(stored.balance), subunitOf(stored.currency));
      return new DomainError(
        stored.code,
        `Insufficient funds: the balance is ${balance} ${stored.currency}`,
        undefined,
        withBalance(stored),
      );
    }
    case ErrorCode.restrictedBets:
      return restrictedBets(stored);
    case ErrorCode.bonusMaxBetExceeded:
      return maxBetExceeded(stored);
    case ErrorCode.gameRestrictedInCountry:
      return gameRestrictedInCountry();
    case ErrorCode.winWithoutBet:
      return new DomainError(
        stored.code,
        stored.promotion
          ? `Round ${body.roundId} has no bet, and promotion ${stored.promotion} was not granted by the casino`
          : `Round ${body.roundId} has no bet: a win without a stake must name a promotion the casino granted`,
      );
    case ErrorCode.winAboveCap:
      return new DomainError(
        stored.code,
        `The wins of round ${body.roundId} would exceed ${stored.maxMultiplier} times its stake`,
      );
    case ErrorCode.balanceTooLarge:
      return new DomainError(stored.code, 'The balance would exceed the largest amount an account can hold');
    case ErrorCode.gameLimitReached:
    case ErrorCode.gameLossLimitReached:
      return playRefusal(stored.code, stored.period);
    default:
      return playRefusal(stored.code);
  }
}

/** A stored refusal of one code (its variants). */
type RefusalOf<C extends WalletRefusal['code']> = Extract<WalletRefusal, { code: C }>;

/** A field of the request that does not fit the session, the round or the game (or a rollback of what is no bet). */
function invalidRequest(
  stored: RefusalOf<typeof E.unprocessable>,
  body: Partial<WalletRollbackBody & WalletWinBody>,
): DomainError {
  const field = (name: string, message: string) =>
    new DomainError(ErrorCode.unprocessable, message, { [name]: [message] });
  if ('field' in stored && stored.field === 'ticket')
    return field(
      'ticket',
      stored.reason === 'missing'
        ? 'A sports bet must carry its ticket'
        : 'Only the sportsbook takes a ticket; this game does not',
    );
  if ('field' in stored && stored.field === 'cashOut')
    return field(
      'cashOut',
      stored.reason === 'open'
        ? 'A cash-out settles the ticket: send it with closeRound'
        : 'Only a sports ticket is cashed out',
    );
  if ('reason' in stored)
    return new DomainError(
      stored.code,
      `Transaction ${body.referenceTransactionId} is a ${stored.kind}; only bets can be rolled back`,
    );
  if (stored.field === 'currency') return field('currency', `The session plays in ${stored.currency}`);
  if (stored.field === 'gameIdentity') return field('gameIdentity', 'gameIdentity is not the game of this session');
  if (stored.field === 'referenceTransactionId')
    return field('referenceTransactionId', 'A rollback cannot void itself');
  return field('roundId', `Transaction ${body.referenceTransactionId} is in another round`);
}

/** Bets this player may not place: on a sport or event (named for the sportsbook's client), or under the bonus. */
function restrictedBets(stored: RefusalOf<typeof E.restrictedBets>): DomainError {
  if (stored.reason === 'sport' || stored.reason === 'event')
    return new DomainError(
      stored.code,
      // Shown to the player by the sportsbook's client: words, not ids (the id comes apart, for the client to mark).
      stored.reason === 'sport'
        ? 'Bets on this sport are not taken in your country'
        : 'Bets on this event are not taken in your country',
      undefined,
      { reason: stored.reason, ref: stored.ref },
    );
  return stored.reason === 'bonus'
    ? new DomainError(stored.code, 'The active bonus excludes this game: bonus money cannot be staked on it')
    : gameDisabled();
}

/** A stake above a maximum: the sportsbook's per ticket or per event, or the active bonus's. */
function maxBetExceeded(stored: RefusalOf<typeof E.bonusMaxBetExceeded>): DomainError {
  const allowed = `${formatMinor(BigInt(stored.maxBet), subunitOf(stored.currency))} ${stored.currency}`;
  // The maximum travels as a figure too (minor units), so the game or the slip can say it and offer a
  // stake within it.
  const details = {
    maxBet: Number(stored.maxBet),
    currency: stored.currency,
    ...(stored.limit ? { limit: stored.limit } : {}),
  };
  if (stored.limit === 'bet')
    return new DomainError(
      stored.code,
      stored.maxBet === 0
        ? `Sports bets in ${stored.currency} are not taken at the moment`
        : `The stake is above the maximum of ${allowed} per ticket`,
      undefined,
      details,
    );
  if (stored.limit === 'event')
    return new DomainError(
      stored.code,
      `The stake would take your open bets on an event above its maximum: at most ${allowed} more`,
      undefined,
      details,
    );
  return new DomainError(
    stored.code,
    `The stake is above the active bonus's maximum bet of ${allowed}`,
    undefined,
    details,
  );
}

function outcomeOf(stored: Stored, body: Partial<WalletRollbackBody & WalletWinBody>): WalletOutcome {
  return 'code' in stored ? { refused: refusalOf(stored, body) } : { ok: stored };
}

/**
 * Runs one wallet function (its token first) and wakes the outbox when it wrote events. The statement
 * also names the session's player, whose cached accounts list a balance change makes stale.
 */
async function run(ctx: AppContext, name: string, params: readonly unknown[]): Promise<Stored> {
  const args = params.map((_, i) => `$${i + 1}`).join(', ');
  // Only the embedded database caches accounts lists (see createAccountsReader): elsewhere no lookup.
  const player =
    ctx.database.kind === 'pglite' ? '(select player_id from game_sessions where token = $1)' : 'null::uuid';
  const text = `select answer, events, ${player} as player from ${name}(${args})`;
  return inUnitOfWork(ctx, async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await ctx.database.query<{ answer: Stored; events: boolean; player: string | null }>(
          name,
          text,
          params,
        );
        if (row!.events) noteEnqueued();
        // Committed (one statement): the player's next read sees the change.
        if (row!.events && row!.player) forgetAccountsOf(row!.player);
        return row!.answer;
      } catch (error) {
        // The same round or transaction id written at this moment by a call on another account (its
        // lock does not cover this one): once that commits, the retry answers from what it wrote.
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  });
}

export async function walletBalance(ctx: AppContext, { body }: Call<WalletBalanceBody>): Promise<WalletOutcome> {
  const [row] = await ctx.database.query<{ answer: Stored }>(
    'game_wallet_balance',
    'select game_wallet_balance($1) as answer',
    [body.token],
  );
  return outcomeOf(row!.answer, body);
}

/**
 * A bet: debits `amount` on a live session after the responsible-gaming, game and geo checks. A sports
 * bet carries its `ticket` (the sportsbook's risk rules, real money only).
 */
export async function walletBet(
  ctx: AppContext,
  { body, now = new Date() }: Call<WalletBetBody>,
): Promise<WalletOutcome> {
  const stored = await run(ctx, 'game_wallet_bet_ticket', [
    body.token,
    body.transactionId,
    body.roundId,
    body.gameIdentity,
    body.amount,
    body.currency,
    body.closeRound ?? false,
    body.ticket ? JSON.stringify(body.ticket) : null,
    requestHash('bet', body),
    restrictedCountryCodes(),
    now.toISOString(),
  ]);
  return outcomeOf(stored, body);
}

/**
 * A win (0 allowed): credits `amount`, at most GAME_MAX_WIN_MULTIPLIER × the round's stake in all (a
 * sports ticket: its stake at its odds); `cashOut` settles a sports ticket early.
 */
export async function walletWin(
  ctx: AppContext,
  { body, now = new Date() }: Call<WalletWinBody>,
): Promise<WalletOutcome> {
  const stored = await run(ctx, 'game_wallet_settle', [
    body.token,
    body.transactionId,
    body.roundId,
    body.gameIdentity,
    body.amount,
    body.currency,
    body.closeRound,
    body.promotion ? `${body.promotion.kind}:${body.promotion.id}` : null,
    body.cashOut ?? false,
    requestHash('win', body),
    ctx.config.game.maxWinMultiplier,
    now.toISOString(),
  ]);
  return outcomeOf(stored, body);
}

/** Voids the bet `referenceTransactionId` and refunds it once (a rollback that came first is remembered). */
export async function walletRollback(
  ctx: AppContext,
  { body, now = new Date() }: Call<WalletRollbackBody>,
): Promise<WalletOutcome> {
  const stored = await run(ctx, 'game_wallet_rollback', [
    body.token,
    body.transactionId,
    body.referenceTransactionId,
    body.roundId,
    body.gameIdentity,
    requestHash('rollback', body),
    now.toISOString(),
  ]);
  return outcomeOf(stored, body);
}

/**
 * A bet refused because the game is switched off or the active bonus excludes it, or because it is above
 * the bonus's maximum bet, reaches the open game page (the restricted-bets and max-bets modals); a
 * settled sports ticket reaches the bets history (a lost one moves no money, so no balance push tells it).
 */
export function registerBetRefusalPushes(consumers: OutboxConsumers): () => void {
  const stops = [
    consumers.registerPublisher('game.bet.settled', async (row) => {
      const { playerId, gameType, roundId } = row.payload;
      if (gameType !== 'sportsbook') return [];
      return [{ channel: Channel.gameBets(playerId), payload: { event: PushEvent.gameBetSettled, roundId } }];
    }),
    consumers.registerPublisher('game.bet.restricted', async (row) => {
      const { playerId, gameIdentity } = row.payload;
      return [{ channel: Channel.gameBets(playerId), payload: { event: PushEvent.gameBetRestricted, gameIdentity } }];
    }),
    consumers.registerPublisher('game.bet.max.exceeded', async (row) => {
      const { playerId, gameIdentity, currency, maxBet, limit } = row.payload;
      const maxBetAmount = toMajor(BigInt(maxBet), subunitOf(currency));
      return [
        {
          channel: Channel.gameBets(playerId),
          payload: {
            event: PushEvent.gameBetMaxExceed,
            gameIdentity,
            playerBonus: { currency, maxBetAmount },
            // A sports ticket: the operator's maximum per ticket or per event, not a bonus's.
            ...(limit ? { limit } : {}),
          },
        },
      ];
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
