import { createHash } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { BetStatus, Channel, ErrorCode, PushEvent } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { conflict, unprocessable } from '../../../lib/errors.ts';
import { enqueue } from '../../../outbox/outbox.ts';
import { assertNotExcluded, assertWithinLimits, playLimitsInEffect } from '../../limits/service.ts';
import { players, playerSessions } from '../../player/tables.ts';
import { InsufficientFundsError, postEntry, type WalletAccount } from '../../wallet/service.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { invalidateWinnersCache, toWinner } from '../history/winners.ts';
import {
  gameRounds,
  gameSessions,
  gameTransactions,
  type GameRoundRow,
  type GameSessionRow,
  type GameTransactionRow,
  type GameTransactionStatus,
} from '../play/tables.ts';
import type { PlayableGame } from '../catalogue/service.ts';
import { assertGameAllowedIn, gameDisabled } from '../play/service.ts';
import { gameProviders, games } from '../catalogue/tables.ts';
import {
  duplicateTransaction,
  errorAnswer,
  minorToJson,
  mismatch,
  ok,
  roundClosed,
  roundOfOtherSession,
  sessionExpired,
  sessionUnknown,
  WalletError,
  type Answer,
} from './answers.ts';
import type { BalanceBody, BetBody, RollbackBody, WinBody } from './schema.ts';

type Session = GameSessionRow & { playerSessionClosedAt: Date | null };
type Player = { status: number; nickname: string | null; email: string | null };

/** Everything a transaction call needs about its token, read with the account row locked. */
type Loaded = { session: Session; account: WalletAccount; game: PlayableGame; player: Player };

/** What one wallet call did: the answer, and what to do after the commit. */
type Outcome = { answer: Answer; wroteEvents: boolean; winner?: boolean };

const playable = (account: WalletAccount) => account.realBalance + account.bonusBalance;

/** The provider's view of the balance: what can be played, in minor units. */
const balanceOf = (account: WalletAccount) => ({ currency: account.currency, balance: minorToJson(playable(account)) });

/**
 * The session by token with its account, game and player, in one statement that takes the account
 * row lock (`FOR UPDATE OF wallet_accounts`). That lock serialises every call on the account.
 */
async function loadForUpdate(tx: Tx, token: string): Promise<Loaded | null> {
  const [row] = await tx
    .select({
      session: gameSessions,
      playerSessionClosedAt: playerSessions.closedAt,
      account: walletAccounts,
      game: games,
      providerEnabled: gameProviders.isEnabled,
      player: { status: players.status, nickname: players.nickname, email: players.email },
    })
    .from(gameSessions)
    .innerJoin(walletAccounts, eq(walletAccounts.id, gameSessions.accountId))
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .innerJoin(players, eq(players.id, gameSessions.playerId))
    .leftJoin(playerSessions, eq(playerSessions.id, gameSessions.playerSessionId))
    .where(eq(gameSessions.token, token))
    .for('update', { of: walletAccounts });
  if (!row) return null;
  return {
    session: { ...row.session, playerSessionClosedAt: row.playerSessionClosedAt },
    account: row.account,
    game: { ...row.game, providerEnabled: row.providerEnabled },
    player: row.player,
  };
}

/** Bets need the session live: not expired, not closed, and the login session that started it still open. */
const isLive = (session: Session, now: Date) =>
  session.expiresAt > now && !session.closedAt && !session.playerSessionClosedAt;

async function roundOf(tx: Tx, providerId: string, providerRoundId: string): Promise<GameRoundRow | null> {
  const [row] = await tx
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.providerRoundId, providerRoundId)));
  return row ?? null;
}

async function transactionById(tx: Tx, providerTxId: string) {
  const [row] = await tx.select().from(gameTransactions).where(eq(gameTransactions.providerTxId, providerTxId));
  return row ?? null;
}

/** What makes a repeated transaction id "the same request": everything but the request id and timestamp. */
function requestHash(kind: string, body: Partial<BetBody & WinBody & RollbackBody>): string {
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
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function roundStatus(betMinor: bigint, winMinor: bigint, closed: boolean, rolledBack: boolean): number {
  if (rolledBack && betMinor === 0n && winMinor === 0n) return BetStatus.rolledBack;
  if (!closed) return BetStatus.pending;
  return winMinor > 0n ? BetStatus.won : BetStatus.lost;
}

type RoundChange = { betDelta: bigint; winDelta: bigint; close: boolean; rollback?: boolean };

/** Creates or updates the round. Safe without a row lock: all writes of a round hold its account's lock. */
async function changeRound(
  tx: Tx,
  context: { session: Session; game: PlayableGame; providerRoundId: string; round: GameRoundRow | null; now: Date },
  change: RoundChange,
): Promise<GameRoundRow> {
  const { session, game, round, now } = context;
  const betMinor = (round?.betMinor ?? 0n) + change.betDelta;
  const winMinor = (round?.winMinor ?? 0n) + change.winDelta;
  const closed = (round?.closed ?? false) || change.close;
  const status = roundStatus(
    betMinor,
    winMinor,
    closed,
    change.rollback === true || round?.status === BetStatus.rolledBack,
  );
  const closedAt = round?.closedAt ?? (closed ? now : null);
  if (round) {
    const [updated] = await tx
      .update(gameRounds)
      .set({ betMinor, winMinor, closed, status, closedAt, updatedAt: now })
      .where(eq(gameRounds.id, round.id))
      .returning();
    return updated!;
  }
  const [created] = await tx
    .insert(gameRounds)
    .values({
      sessionId: session.id,
      playerId: session.playerId,
      accountId: session.accountId,
      gameId: game.id,
      providerId: game.providerId,
      providerRoundId: context.providerRoundId,
      currency: session.currency,
      betMinor,
      winMinor,
      status,
      closed,
      closedAt,
      platform: session.platform,
      country: session.country,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return created!;
}

/** A round that just closed with a win goes to the public winners feed of its platform and country. */
async function publishWinner(tx: Tx, round: GameRoundRow, game: PlayableGame, player: Player): Promise<boolean> {
  if (!round.closed || round.winMinor <= 0n) return false;
  const winner = toWinner({
    betMinor: round.betMinor,
    winMinor: round.winMinor,
    currency: round.currency,
    game,
    player,
  });
  await enqueue(tx, {
    event: PushEvent.gameWinner,
    channel: Channel.gameWinners(round.platform === 1 ? 'mobile' : 'desktop', round.country),
    payload: { event: PushEvent.gameWinner, winner },
  });
  return true;
}

type Work = (tx: Tx, loaded: Loaded) => Promise<Outcome>;

/**
 * One transaction per call: the session by token with the account row lock, which serialises every
 * call on that account (so the replay check, rounds and limits see a settled state), then `work`.
 * A unique-key race with another account's call (same transaction or round id) is retried once and
 * then answered from the committed row.
 */
async function inAccountTransaction(ctx: AppContext, token: string, work: Work): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    try {
      const outcome = await ctx.db.transaction(async (tx) => {
        const loaded = await loadForUpdate(tx, token);
        if (!loaded) throw sessionUnknown();
        return work(tx, loaded);
      });
      if (outcome.wroteEvents) ctx.notifyOutbox();
      if (outcome.winner) invalidateWinnersCache();
      return outcome.answer;
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * The earlier transaction with this id, if any, and (for bets) whether a rollback already voided it:
 * one query for both.
 */
async function earlierOf(
  tx: Tx,
  transactionId: string,
): Promise<{ earlier: GameTransactionRow | null; voided: boolean }> {
  const rows = await tx
    .select()
    .from(gameTransactions)
    .where(
      or(
        eq(gameTransactions.providerTxId, transactionId),
        and(eq(gameTransactions.referenceTxId, transactionId), eq(gameTransactions.kind, 'rollback')),
      ),
    );
  return {
    earlier: rows.find((r) => r.providerTxId === transactionId) ?? null,
    voided: rows.some((r) => r.referenceTxId === transactionId && r.kind === 'rollback'),
  };
}

/** The first answer of a transaction id, or 409 15002 when the id comes back with other details. */
function replayOf(earlier: GameTransactionRow | null, transactionId: string, hash: string): Outcome | null {
  if (!earlier) return null;
  if (earlier.requestHash !== hash) throw duplicateTransaction(transactionId);
  return { answer: earlier.response, wroteEvents: false };
}

function assertSameGame(session: Session, game: PlayableGame, body: { gameIdentity: string; currency?: string }): void {
  if (body.gameIdentity !== game.identity)
    throw mismatch('gameIdentity', 'gameIdentity is not the game of this session');
  if (body.currency !== undefined && body.currency !== session.currency)
    throw mismatch('currency', `The session plays in ${session.currency}`);
}

type TxRow = {
  providerTxId: string;
  kind: 'bet' | 'win' | 'rollback';
  session: Session;
  roundId: string | null;
  amountMinor: bigint;
  hash: string;
  status: GameTransactionStatus;
  answer: Answer;
  referenceTxId?: string;
  ledgerEntryId?: number;
};

async function recordTransaction(tx: Tx, row: TxRow): Promise<void> {
  await tx.insert(gameTransactions).values({
    providerTxId: row.providerTxId,
    kind: row.kind,
    roundId: row.roundId,
    sessionId: row.session.id,
    playerId: row.session.playerId,
    currency: row.session.currency,
    amountMinor: row.amountMinor,
    requestHash: row.hash,
    referenceTxId: row.referenceTxId ?? null,
    ledgerEntryId: row.ledgerEntryId ?? null,
    response: row.answer,
    status: row.status,
  });
}

// ---------------------------------------------------------------------------------------------

export async function walletBalance(ctx: AppContext, body: BalanceBody): Promise<Answer> {
  const [row] = await ctx.db
    .select({ account: walletAccounts })
    .from(gameSessions)
    .innerJoin(walletAccounts, eq(walletAccounts.id, gameSessions.accountId))
    .where(eq(gameSessions.token, body.token));
  if (!row) throw sessionUnknown();
  return ok(balanceOf(row.account));
}

/**
 * A bet: debits `amount` on a live session after the responsible-gaming, game and geo checks.
 * A bet whose rollback came first is stored as refused and answered 409 15013, never debited.
 */
export async function walletBet(ctx: AppContext, body: BetBody): Promise<Answer> {
  const hash = requestHash('bet', body);
  return inAccountTransaction(ctx, body.token, async (tx, { session, account, game, player }) => {
    const { earlier, voided } = await earlierOf(tx, body.transactionId);
    const again = replayOf(earlier, body.transactionId, hash);
    if (again) return again;
    const now = new Date();
    assertSameGame(session, game, body);
    const round = await roundOf(tx, game.providerId, body.roundId);
    if (round && round.sessionId !== session.id) throw roundOfOtherSession(body.roundId);
    const amount = BigInt(body.amount);

    if (voided) {
      const { balance, currency } = balanceOf(account);
      const answer = errorAnswer(
        new WalletError(
          409,
          ErrorCode.transactionRolledBack,
          `Transaction ${body.transactionId} was rolled back before it arrived; it was not debited`,
          balance,
          currency,
        ),
      );
      await recordTransaction(tx, {
        providerTxId: body.transactionId,
        kind: 'bet',
        session,
        roundId: round?.id ?? null,
        amountMinor: amount,
        hash,
        status: 'refused',
        answer,
      });
      return { answer, wroteEvents: false };
    }

    if (!isLive(session, now)) throw sessionExpired();
    const limits = await playLimitsInEffect(tx, session.playerId, now);
    assertNotExcluded(player.status, limits);
    if (!game.isEnabled || !game.providerEnabled) {
      // The refusal is the answer, but the open game page learns it by push and shows the restricted-bets modal.
      await enqueue(tx, {
        event: PushEvent.gameBetRestricted,
        channel: Channel.gameBets(session.playerId),
        payload: { event: PushEvent.gameBetRestricted, gameIdentity: game.identity },
      });
      return { answer: errorAnswer(gameDisabled()), wroteEvents: true };
    }
    assertGameAllowedIn(game, session.country);
    if (round?.closed) throw roundClosed(body.roundId);
    await assertWithinLimits(tx, {
      playerId: session.playerId,
      currency: session.currency,
      betMinor: amount,
      limits,
      now,
    });

    let after = account;
    let ledgerEntryId: number | undefined;
    if (amount > 0n) {
      try {
        const posted = await postEntry(tx, {
          accountId: account.id,
          idempotencyKey: `game:${body.transactionId}`,
          kind: 'bet',
          realDelta: -amount,
          reference: { gameIdentity: game.identity, roundId: body.roundId, sessionId: session.id },
        });
        after = posted.account;
        ledgerEntryId = posted.entry.id;
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          const { balance, currency } = balanceOf(account);
          throw new WalletError(422, ErrorCode.insufficientFunds, error.message, balance, currency);
        }
        throw error;
      }
    }
    const changed = await changeRound(
      tx,
      { session, game, providerRoundId: body.roundId, round, now },
      { betDelta: amount, winDelta: 0n, close: body.closeRound === true },
    );
    const answer = ok({ transactionId: body.transactionId, ...balanceOf(after) });
    await recordTransaction(tx, {
      providerTxId: body.transactionId,
      kind: 'bet',
      session,
      roundId: changed.id,
      amountMinor: amount,
      hash,
      status: 'applied',
      answer,
      ...(ledgerEntryId ? { ledgerEntryId } : {}),
    });
    const winner = !round?.closed && changed.closed ? await publishWinner(tx, changed, game, player) : false;
    return { answer, wroteEvents: amount > 0n || winner, winner };
  });
}

/** A win (0 allowed): credits `amount`; accepted after the session expired, so a round started in time settles. */
export async function walletWin(ctx: AppContext, body: WinBody): Promise<Answer> {
  const hash = requestHash('win', body);
  return inAccountTransaction(ctx, body.token, async (tx, { session, account, game, player }) => {
    const again = replayOf(await transactionById(tx, body.transactionId), body.transactionId, hash);
    if (again) return again;
    const now = new Date();
    assertSameGame(session, game, body);
    const round = await roundOf(tx, game.providerId, body.roundId);
    if (round && round.sessionId !== session.id) throw roundOfOtherSession(body.roundId);
    if (round?.closed) throw roundClosed(body.roundId);
    const amount = BigInt(body.amount);

    let after = account;
    let ledgerEntryId: number | undefined;
    if (amount > 0n) {
      const posted = await postEntry(tx, {
        accountId: account.id,
        idempotencyKey: `game:${body.transactionId}`,
        kind: 'win',
        realDelta: amount,
        reference: { gameIdentity: game.identity, roundId: body.roundId, sessionId: session.id },
      });
      after = posted.account;
      ledgerEntryId = posted.entry.id;
    }
    const changed = await changeRound(
      tx,
      { session, game, providerRoundId: body.roundId, round, now },
      { betDelta: 0n, winDelta: amount, close: body.closeRound },
    );
    const answer = ok({ transactionId: body.transactionId, ...balanceOf(after) });
    await recordTransaction(tx, {
      providerTxId: body.transactionId,
      kind: 'win',
      session,
      roundId: changed.id,
      amountMinor: amount,
      hash,
      status: 'applied',
      answer,
      ...(ledgerEntryId ? { ledgerEntryId } : {}),
    });
    const winner = changed.closed ? await publishWinner(tx, changed, game, player) : false;
    return { answer, wroteEvents: amount > 0n || winner, winner };
  });
}

/**
 * Voids the bet `referenceTransactionId` and refunds it once. A rollback of a bet not seen is
 * remembered (200): that bet, if it comes, is refused (409 15013). Wins cannot be rolled back (422).
 */
export async function walletRollback(ctx: AppContext, body: RollbackBody): Promise<Answer> {
  const hash = requestHash('rollback', body);
  return inAccountTransaction(ctx, body.token, async (tx, { session, account, game }) => {
    if (body.referenceTransactionId === body.transactionId)
      throw mismatch('referenceTransactionId', 'A rollback cannot void itself');
    const rows = await tx
      .select()
      .from(gameTransactions)
      .where(inArray(gameTransactions.providerTxId, [body.transactionId, body.referenceTransactionId]));
    const again = replayOf(rows.find((r) => r.providerTxId === body.transactionId) ?? null, body.transactionId, hash);
    if (again) return again;
    const now = new Date();
    assertSameGame(session, game, body);
    const common = {
      providerTxId: body.transactionId,
      kind: 'rollback' as const,
      session,
      hash,
      referenceTxId: body.referenceTransactionId,
    };

    const bet = rows.find((r) => r.providerTxId === body.referenceTransactionId);
    if (!bet) {
      const round = await roundOf(tx, game.providerId, body.roundId);
      const answer = ok({ transactionId: body.transactionId, ...balanceOf(account) });
      await recordTransaction(tx, {
        ...common,
        roundId: round && round.sessionId === session.id ? round.id : null,
        amountMinor: 0n,
        status: 'remembered',
        answer,
      });
      return { answer, wroteEvents: false };
    }
    if (bet.kind !== 'bet')
      throw unprocessable(`Transaction ${body.referenceTransactionId} is a ${bet.kind}; only bets can be rolled back`);
    if (bet.sessionId !== session.id)
      throw conflict(`Transaction ${body.referenceTransactionId} belongs to another game session`);
    const [round] = bet.roundId ? await tx.select().from(gameRounds).where(eq(gameRounds.id, bet.roundId)) : [];
    if (round && round.providerRoundId !== body.roundId)
      throw mismatch('roundId', `Transaction ${body.referenceTransactionId} is in another round`);

    if (bet.status !== 'applied') {
      // Already voided (by another rollback, or refused on arrival): nothing left to refund.
      const answer = ok({ transactionId: body.transactionId, ...balanceOf(account) });
      await recordTransaction(tx, { ...common, roundId: round?.id ?? null, amountMinor: 0n, status: 'noop', answer });
      return { answer, wroteEvents: false };
    }

    let after = account;
    let ledgerEntryId: number | undefined;
    if (bet.amountMinor > 0n) {
      const posted = await postEntry(tx, {
        accountId: account.id,
        idempotencyKey: `game:${body.transactionId}`,
        kind: 'rollback',
        realDelta: bet.amountMinor,
        reference: {
          gameIdentity: game.identity,
          roundId: body.roundId,
          sessionId: session.id,
          voids: body.referenceTransactionId,
        },
      });
      after = posted.account;
      ledgerEntryId = posted.entry.id;
    }
    await tx.update(gameTransactions).set({ status: 'rolled_back' }).where(eq(gameTransactions.id, bet.id));
    if (round) {
      await changeRound(
        tx,
        { session, game, providerRoundId: body.roundId, round, now },
        { betDelta: -bet.amountMinor, winDelta: 0n, close: false, rollback: true },
      );
    }
    const answer = ok({ transactionId: body.transactionId, ...balanceOf(after) });
    await recordTransaction(tx, {
      ...common,
      roundId: round?.id ?? null,
      amountMinor: bet.amountMinor,
      status: 'applied',
      answer,
      ...(ledgerEntryId ? { ledgerEntryId } : {}),
    });
    return { answer, wroteEvents: bet.amountMinor > 0n };
  });
}
