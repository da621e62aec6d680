import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { ledgerEntries } from '../../wallet/tables.ts';
import { gameRounds, gameTransactions } from '../play/tables.ts';
import { accountRow, createGame, fundedPlayer, openSession, txId, walletFetch } from './play-fixtures.ts';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

describe('concurrent bets on one account', () => {
  it('200 simultaneous bets never overdraw: successes × stake = credited − balance, and the ledger sums to the balance', async () => {
    const db = server.ctx.db;
    const game = await createGame(db);
    const credited = 5_050n;
    const stake = 100;
    const { player, account } = await fundedPlayer(db, credited);
    const session = await openSession(server.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
    // Rounds shared by several bets, so round rows are created and updated under contention too.
    const rounds = Array.from({ length: 20 }, () => txId('round'));

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        walletFetch(baseUrl, server.ctx.gameWalletSecret, 'bet', {
          token: session.token,
          transactionId: txId(`bet${i}`),
          roundId: rounds[i % rounds.length],
          gameIdentity: game.identity,
          amount: stake,
          currency: 'EUR',
        }),
      ),
    );

    const succeeded = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(
      refused.every(
        (a) => a.status === 422 && a.body.error.code === 15001 && (a.body.error.balance ?? Infinity) < stake,
      ),
    ).toBe(true);
    expect(succeeded).toHaveLength(50);
    expect(succeeded.every((a) => a.body.balance >= 0)).toBe(true);

    const after = await accountRow(db, account.id);
    expect(after.realBalance).toBe(credited - BigInt(succeeded.length * stake));
    const [sum] = await db
      .select({
        total: sql<string>`sum(${ledgerEntries.realDelta})`,
        lowest: sql<string>`min(${ledgerEntries.realAfter})`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account.id));
    expect(BigInt(sum!.total)).toBe(after.realBalance);
    expect(BigInt(sum!.lowest)).toBeGreaterThanOrEqual(0n);

    // Rounds and transactions agree with the money.
    const [roundSum] = await db
      .select({ bets: sql<string>`sum(${gameRounds.betMinor})` })
      .from(gameRounds)
      .where(eq(gameRounds.sessionId, session.id));
    expect(BigInt(roundSum!.bets)).toBe(BigInt(succeeded.length * stake));
    const stored = await db.select().from(gameTransactions).where(eq(gameTransactions.sessionId, session.id));
    expect(stored).toHaveLength(50);
  }, 120_000);
});
