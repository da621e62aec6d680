import type { FastifyInstance } from 'fastify';
import { and, eq, gte, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { serveStatements, utcDay } from '../../lib/partner-statement.ts';
import { badSignature } from './errors.ts';
import { sandboxGameRounds as rounds, sandboxGameSessions as sessions, type SandboxGameRound } from './tables.ts';

export type StatementTransaction = {
  transactionId: string;
  /** The wallet round id (a free spin's is its triggering round's). */
  roundId: string;
  gameIdentity: string;
  kind: 'bet' | 'win' | 'rollback';
  currency: string;
  amountMinor: string;
  at: string;
};

type Row = { round: SandboxGameRound; gameIdentity: string; currency: string };

/** The casino answered the round's win or rollback (no call still owed, none refused). */
const confirmed = (round: SandboxGameRound) => !round.walletPending && round.walletError === null;

/**
 * The wallet calls of one round the casino accepted, as the rounds made them (rounds/*.ts): the bet once
 * the casino took it (a crash round in flight too), the win (0 too: it is sent) once confirmed, and the
 * rollback of a bet whose answer never came once confirmed, listed with that bet (the pair nets to 0;
 * a bet that never reached the casino has no ledger entry, and its rollback none either). Free spins
 * make no bet call.
 */
function callsOf({ round, gameIdentity, currency }: Row): StatementTransaction[] {
  const line = (transactionId: string, kind: StatementTransaction['kind'], amount: number, at: Date) => ({
    transactionId,
    roundId: round.walletRoundId,
    gameIdentity,
    kind,
    currency,
    amountMinor: String(amount),
    at: at.toISOString(),
  });
  const voided = round.status === 'voided' && round.rollbackTxId !== null && confirmed(round);
  const calls: StatementTransaction[] = [];
  if (round.betTxId && (round.status === 'open' || round.status === 'settled' || voided))
    calls.push(line(round.betTxId, 'bet', round.bet, round.createdAt));
  if (round.status === 'settled' && round.winTxId && round.settledAt && confirmed(round))
    calls.push(line(round.winTxId, 'win', round.win, round.settledAt));
  // Voided: settled_at is when the rollback went (rounds voided before it was kept: when the bet did).
  if (voided) calls.push(line(round.rollbackTxId!, 'rollback', round.bet, round.settledAt ?? round.createdAt));
  return calls;
}

const ORDER = { bet: 0, win: 1, rollback: 2 } as const;

/** Every wallet call of the `games` party's real-money rounds the casino accepted on the UTC day `date`. */
export async function statementOf(ctx: AppContext, date: string): Promise<StatementTransaction[]> {
  const { from, to } = utcDay(date);
  const rows = await ctx.db
    .select({ round: rounds, gameIdentity: sessions.gameIdentity, currency: sessions.currency })
    .from(rounds)
    .innerJoin(sessions, eq(sessions.id, rounds.sessionId))
    .where(
      and(
        eq(sessions.party, 'games'),
        eq(sessions.mode, 'real'),
        // A bet is dated when the round was made, a win or rollback when it settled (or was voided).
        or(
          and(gte(rounds.createdAt, from), lt(rounds.createdAt, to)),
          and(gte(rounds.settledAt, from), lt(rounds.settledAt, to)),
        ),
      ),
    );
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  return rows
    .flatMap(callsOf)
    .filter((call) => call.at >= fromIso && call.at < toIso)
    .sort(
      (a, b) =>
        a.at.localeCompare(b.at) || ORDER[a.kind] - ORDER[b.kind] || a.transactionId.localeCompare(b.transactionId),
    );
}

const CSV_HEADER = ['transaction_id', 'round_id', 'game_identity', 'kind', 'currency', 'amount_minor', 'at'];

const csvRow = (t: StatementTransaction) => [
  t.transactionId,
  t.roundId,
  t.gameIdentity,
  t.kind,
  t.currency,
  t.amountMinor,
  t.at,
];

/**
 * `GET /api/statements/:date` (docs/provider-wallet-api.md#daily-statement): signed by the casino as its
 * launch is, answered signed with the same secret (GET, this path, the exact body), as JSON or CSV.
 */
export const statementScope = (ctx: AppContext) => async (scope: FastifyInstance) =>
  serveStatements(scope, {
    secrets: [ctx.gameWalletSecret, ...(ctx.previousSecrets.gameWallet ? [ctx.previousSecrets.gameWallet] : [])],
    scope: 'game-launch',
    replayGuard: ctx.replayGuard,
    refuse: badSignature,
    provider: 'games',
    signWith: ctx.gameWalletSecret,
    lines: (date) => statementOf(ctx, date),
    csv: { header: CSV_HEADER, row: csvRow },
  });
