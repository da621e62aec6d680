import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, InvoiceType, type AlertKind } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame, fundedPlayer, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { noteInstrument } from '../../links/index.ts';
import { paymentInvoices } from '../../payment/tables.ts';
import { bearer, expectErrorEnvelope, login, register } from '../../player/__tests__/helpers.ts';
import { walletPlayCounts } from '../../wallet/tables.ts';
import { detectAlerts } from '../detect.ts';
import { alerts } from '../tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3600 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const run = () => detectAlerts(server.ctx, server.ctx.config.alerts);
const alertsOf = (playerId: string, kind?: AlertKind) =>
  server.ctx.db
    .select()
    .from(alerts)
    .where(eq(alerts.playerId, playerId))
    .then((rows) => rows.filter((r) => !kind || r.kind === kind));

/** A player with an EUR account holding `euros` of real money. */
async function player(euros = 0) {
  const funded = await fundedPlayer(server.ctx.db, BigInt(euros * 100));
  return { id: funded.player.id, account: funded.account };
}

/** An invoice as the payment module keeps it, `hours` ago. */
async function invoice(
  who: { id: string; account: { id: string } },
  values: { type?: 1 | 2; state: string; euros: number; hours?: number; statusResult?: string; currency?: string },
) {
  const [row] = await server.ctx.db
    .insert(paymentInvoices)
    .values({
      playerId: who.id,
      accountId: who.account.id,
      type: values.type ?? InvoiceType.deposit,
      state: values.state as 'succeeded',
      method: 'card',
      currency: values.currency ?? 'EUR',
      amountMinor: BigInt(Math.round(values.euros * 100)),
      statusResult: values.statusResult ?? '',
      createdAt: ago(values.hours ?? 1),
    })
    .returning();
  return row!;
}

describe('the alert rules', () => {
  it('raises deposits above the 24 h threshold once, and nothing below it', async () => {
    const big = await player();
    await invoice(big, { state: 'succeeded', euros: 3000, hours: 30 }); // outside the window
    await invoice(big, { state: 'succeeded', euros: 4000, hours: 5 });
    await invoice(big, { state: 'failed', euros: 4000, hours: 4 }); // never paid
    await run();
    expect(await alertsOf(big.id)).toHaveLength(0);

    const crossing = await invoice(big, { state: 'succeeded', euros: 1000.01, hours: 2 });
    await run();
    const [alert] = await alertsOf(big.id, 'deposits_24h');
    expect(alert).toMatchObject({ key: crossing.id, status: 'open' });
    expect(alert!.summary).toBe('Deposited 5000.01 EUR in 24 h (2 deposits), above the 5000.00 EUR threshold');
    expect(alert!.facts).toMatchObject({ total: '5000.01 EUR', threshold: '5000.00 EUR' });

    // Another deposit the same day, and a second run: the alert stands for the window.
    await invoice(big, { state: 'succeeded', euros: 2000, hours: 1 });
    await run();
    expect(await alertsOf(big.id)).toHaveLength(1);

    // Another currency counts at its rate.
    const mixed = await player();
    await invoice(mixed, { state: 'succeeded', euros: 4900, hours: 3 });
    await invoice(mixed, { state: 'succeeded', euros: 200, currency: 'USD', hours: 2 });
    await run();
    expect((await alertsOf(mixed.id, 'deposits_24h'))[0]?.summary).toBe(
      'Deposited 4900.00 EUR + 200.00 USD (5084.00 EUR) in 24 h (2 deposits), above the 5000.00 EUR threshold',
    );
  });

  it('raises three declined card deposits in 24 h once; a provider outage is no decline', async () => {
    const declined = await player();
    await invoice(declined, { state: 'failed', euros: 50, hours: 3, statusResult: 'Declined' });
    await invoice(declined, { state: 'failed', euros: 50, hours: 2, statusResult: 'Provider unavailable' });
    await invoice(declined, { state: 'failed', euros: 40, hours: 2, statusResult: 'insufficient_funds' });
    await run();
    expect(await alertsOf(declined.id)).toHaveLength(0);
    const third = await invoice(declined, { state: 'failed', euros: 30, hours: 1, statusResult: 'Declined' });
    await run();
    await run();
    const raised = await alertsOf(declined.id, 'card_declines');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ key: third.id, facts: { declines: 3, threshold: 3 } });
  });

  it('raises a withdrawal after little play since the last deposit, not after real play', async () => {
    const game = await createGame(server.ctx.db);
    const play = async (who: Awaited<ReturnType<typeof player>>, stake: number) => {
      const session = await openSession(server.ctx, { playerId: who.id, accountId: who.account.id, gameId: game.id });
      const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
      const roundId = txId('r');
      const bet = await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: stake });
      expect(bet.status).toBe(200);
    };
    const quick = await player(1000);
    await invoice(quick, { state: 'succeeded', euros: 1000, hours: 3 });
    await play(quick, 5000); // 50.00 EUR staked since the deposit
    const request = await invoice(quick, { type: 2, state: 'requested', euros: 900, hours: 0 });

    const player2 = await player(1000);
    await invoice(player2, { state: 'succeeded', euros: 500, hours: 3 });
    await play(player2, 60_000); // 600.00 EUR: more than the deposit
    await invoice(player2, { type: 2, state: 'requested', euros: 400, hours: 0 });

    await run();
    await run();
    const raised = await alertsOf(quick.id, 'deposit_withdrawal');
    expect(raised).toHaveLength(1);
    expect(raised[0]!.key).toBe(request.id);
    expect(raised[0]!.summary).toBe(
      'Asked to withdraw 900.00 EUR 3 h after depositing 1000.00 EUR, having staked 50.00 EUR since (less than 1× the deposit)',
    );
    expect(await alertsOf(player2.id, 'deposit_withdrawal')).toHaveLength(0);
  });

  it('raises linked accounts once per pair, whichever side is seen again', async () => {
    const [first, second, alone] = [await player(), await player(), await player()];
    const card = { kind: 'card' as const, fingerprint: `fp-${first.id}`, last4: '4242' };
    await noteInstrument(server.ctx.db, first.id, card);
    await noteInstrument(server.ctx.db, second.id, card);
    await noteInstrument(server.ctx.db, alone.id, { kind: 'card', fingerprint: `fp-${alone.id}`, last4: '1111' });
    const [a, b] = await Promise.all([run(), run()]);
    expect((a?.linked_accounts ?? 0) + (b?.linked_accounts ?? 0)).toBe(1);
    await run();
    const raised = [...(await alertsOf(first.id)), ...(await alertsOf(second.id))];
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'linked_accounts', key: [first.id, second.id].toSorted().join(':') });
    expect(raised[0]!.summary).toMatch(/: card ••4242$/);
    expect(await alertsOf(alone.id)).toHaveLength(0);
  });

  it('raises losses rising week on week above the floor, once a week', async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * HOUR).toISOString().slice(0, 10);
    const lose = async (who: Awaited<ReturnType<typeof player>>, daysAgo: number, euros: number) =>
      server.ctx.db.insert(walletPlayCounts).values({
        accountId: who.account.id,
        day: day(daysAgo),
        stakeReal: BigInt(euros * 100) + 1000n,
        winReal: 1000n,
      });
    const rising = await player();
    await lose(rising, 7, 100);
    await lose(rising, 0, 600);
    const steady = await player();
    await lose(steady, 7, 400);
    await lose(steady, 0, 600); // 1.5× last week's
    const small = await player();
    await lose(small, 0, 450); // below the floor
    await run();
    await run();
    const raised = await alertsOf(rising.id, 'rising_losses');
    expect(raised).toHaveLength(1);
    expect(raised[0]!.summary).toMatch(/^Lost 600\.00 EUR of real money this week \(from \d{4}-\d\d-\d\d\), /);
    expect(await alertsOf(steady.id)).toHaveLength(0);
    expect(await alertsOf(small.id)).toHaveLength(0);
  });

  it('raises sign-ins refused for an exclusion, one alert a day counting the attempts', async () => {
    const { body, auth } = await register(server.app);
    const excluded = await server.app.inject({
      method: 'POST',
      url: '/api/player/limits',
      headers: bearer(auth.accessToken),
      payload: { definition: 4, period: '6_months' },
    });
    expect(excluded.statusCode).toBe(200);
    const email = body.email as string;
    const password = body.password as string;
    for (let i = 0; i < 2; i++)
      expect(expectErrorEnvelope(await login(server.app, email, password), 403).code).toBe(ErrorCode.accountExcluded);
    // A wrong password is no sign-in during the exclusion: nothing is said of it.
    expectErrorEnvelope(await login(server.app, email, 'wrong-password'), 401);
    const raised = await alertsOf(auth.profile.id as string, 'excluded_sign_in');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ facts: { exclusion: 'self_exclusion', attempts: 2 } });
    expect(raised[0]!.summary).toMatch(/^Tried to sign in during a self-exclusion: 2 attempts on \d{4}-/);

    const other = await register(server.app);
    expectErrorEnvelope(await login(server.app, other.body.email as string, 'wrong-password'), 401);
    expect(await alertsOf(other.auth.profile.id as string)).toHaveLength(0);
  });
});
