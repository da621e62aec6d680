import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  BetStatus,
  bonusDefinitionInputSchema,
  combinedOdds,
  ErrorCode,
  SPORTSBOOK_GAME_IDENTITY,
  TicketType,
  type WalletTicketItem,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { opsCall, createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { opsExclude } from '../../limits/commands.ts';
import { limitsPorts } from '../../../module-list.ts';
import { parseArgs, withFields } from '../../../ops/cli.ts';
import { activateBonus, createDefinition, DEFAULT_BONUS_RULES, issueBonus } from '../../bonus/service.ts';
import { playerBonuses } from '../../bonus/tables.ts';
import { authHeader } from '../../wallet/__tests__/factories.ts';
import { openAccount, postEntry } from '../../wallet/index.ts';
import { findGame } from '../../game/catalogue/service.ts';
import { gameRounds } from '../../game/play/tables.ts';
import {
  accountRow,
  createGame,
  fundedPlayer,
  openSession,
  txId,
  walletCall,
  walletFetch,
  type WalletCall,
} from '../../game/__tests__/play-fixtures.ts';
import { setStakeRule, stakeLimitsIn } from '../risk.ts';
import { sportsbookStakeRule, sportsbookTicketItems, sportsbookTickets } from '../tables.ts';
import { syncCurrencyScales } from '../../settings/index.ts';

let server: TestServer;
let baseUrl: string;
/** Maximums no test but the risk rules' reaches (€10 billion): without a rule every ticket is refused. */
const ROOMY = { maxBet: '10000000000', maxEvent: '10000000000' };
beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = server.ctx.selfUrl();
  await setStakeRule(server.ctx.db, { maxBetMinor: 1_000_000_000_000n, maxEventMinor: 1_000_000_000_000n });
});
afterAll(async () => {
  await server?.close();
});

/** A selection; a fresh event unless one is named. */
function item(overrides: Partial<WalletTicketItem> = {}): WalletTicketItem {
  return {
    eventId: `ev-${randomUUID().slice(0, 8)}`,
    event: 'Northport FC – Eastvale United',
    stage: 1,
    sport: 'football',
    discipline: 'Football',
    tournament: 'Premier Division',
    eventDate: '2026-12-01T19:45:00.000Z',
    market: 'Match result',
    outcome: '1',
    odds: 2_000,
    ...overrides,
  };
}
function ticket(...items: WalletTicketItem[]) {
  return {
    type: items.length === 1 ? TicketType.single : TicketType.accumulator,
    odds: combinedOdds(items.map((i) => i.odds)),
    items,
  };
}

/**
 * A player with `minor` real money in `currency` and a live sportsbook session from `country`; with
 * `player`, that player's account in another currency.
 */
async function bettor(minor = 100_000n, options: { currency?: string; country?: string; player?: string } = {}) {
  const db = server.ctx.db;
  const currency = options.currency ?? 'EUR';
  const game = (await findGame(db, SPORTSBOOK_GAME_IDENTITY))!;
  const { player, account } = options.player
    ? await (async () => {
        const opened = await openAccount(db, options.player!, currency);
        await postEntry(db, {
          accountId: opened.id,
          idempotencyKey: `fund:${opened.id}`,
          counterparty: 'adjustment',
          kind: 'credit',
          realDelta: minor,
        });
        return { player: { id: options.player! }, account: opened };
      })()
    : await fundedPlayer(db, minor, currency);
  const session = await openSession(server.ctx, {
    playerId: player.id,
    accountId: account.id,
    currency,
    gameId: game.id,
    country: options.country ?? 'DE',
  });
  const base = { token: session.token, gameIdentity: game.identity, currency };
  const bet = (amount: number, t: unknown, extra: Record<string, unknown> = {}) => {
    const roundId = (extra.roundId as string | undefined) ?? txId('ticket');
    const transactionId = (extra.transactionId as string | undefined) ?? txId('bet');
    return walletCall(server, 'bet', { ...base, transactionId, roundId, amount, ticket: t, ...extra }).then(
      (answer) => ({ ...answer, roundId, transactionId }),
    );
  };
  const settle = (roundId: string, amount: number, extra: Record<string, unknown> = {}) =>
    walletCall(server, 'win', {
      ...base,
      transactionId: txId('settle'),
      roundId,
      amount,
      closeRound: true,
      ...extra,
    });
  const rollback = (roundId: string, referenceTransactionId: string) =>
    walletCall(server, 'rollback', {
      token: session.token,
      gameIdentity: game.identity,
      transactionId: txId('void'),
      referenceTransactionId,
      roundId,
    });
  return { db, game, player, account, session, base, bet, settle, rollback };
}

/**
 * The ledger proves the balances, real and bonus apart; and every ticket on the account follows its
 * wallet round (the stake on it now, settled once closed or voided), as the per-event maximum reads it.
 */
async function audit(accountId: string) {
  const drifted = await rowsOf<{ round_id: string }>(
    server.ctx.db,
    sql`select t.round_id from sportsbook_tickets t join game_rounds r on r.id = t.round_id
         where r.account_id = ${accountId}::uuid
           and (t.stake_minor <> r.bet_minor or t.currency <> r.currency
                or t.settled <> (r.closed or r.status = ${BetStatus.rolledBack}))`,
  );
  expect(drifted).toEqual([]);
  const [sums] = await rowsOf<{ real: string; bonus: string; real_balance: string; bonus_balance: string }>(
    server.ctx.db,
    sql`select coalesce(sum(l.real_delta), 0)::text as real, coalesce(sum(l.bonus_delta), 0)::text as bonus,
               a.real_balance::text, a.bonus_balance::text
          from wallet_accounts a left join ledger_entries l on l.account_id = a.id
         where a.id = ${accountId}::uuid group by a.id`,
  );
  expect(sums!.real).toBe(sums!.real_balance);
  expect(sums!.bonus).toBe(sums!.bonus_balance);
}

const roundOf = async (roundId: string) =>
  (await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.providerRoundId, roundId)))[0]!;
const ok = (answer: WalletCall) => expect(answer.status, JSON.stringify(answer.body)).toBe(200);
const refused = (answer: WalletCall, status: number, code: number) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
};

describe('sports bets in the wallet', () => {
  it('records a single and an accumulator with their items; settles a win, a loss, a void and a cash-out', async () => {
    const p = await bettor(100_000n);
    const single = await p.bet(1_000, ticket(item({ odds: 1_850 })));
    ok(single);
    expect(single.body.balance).toBe(99_000);
    const acca = ticket(item({ odds: 1_500 }), item({ odds: 2_100, sport: 'tennis', stage: 2 }), item({ odds: 1_333 }));
    const accumulator = await p.bet(500, acca);
    ok(accumulator);
    const lost = await p.bet(300, ticket(item()));
    ok(lost);
    const voided = await p.bet(200, ticket(item()));
    ok(voided);
    const cashed = await p.bet(400, ticket(item({ odds: 3_000 })));
    ok(cashed);
    await audit(p.account.id);

    const [recorded] = await p.db
      .select()
      .from(sportsbookTickets)
      .where(eq(sportsbookTickets.roundId, (await roundOf(accumulator.roundId)).id));
    expect(recorded).toMatchObject({ playerId: p.player.id, ticketType: 2, odds: acca.odds, cashedOut: false });
    const items = await p.db
      .select()
      .from(sportsbookTicketItems)
      .where(eq(sportsbookTicketItems.roundId, recorded!.roundId))
      .orderBy(sportsbookTicketItems.position);
    expect(items.map((i) => [i.position, i.eventId, i.sport, i.stage, i.odds])).toEqual(
      acca.items.map((i, n) => [n + 1, i.eventId, i.sport, i.stage, i.odds]),
    );

    ok(await p.settle(single.roundId, 1_850)); // won at 1.85
    ok(await p.settle(accumulator.roundId, 0)); // lost
    ok(await p.settle(lost.roundId, 0));
    ok(await p.rollback(voided.roundId, voided.transactionId));
    const cashOut = await p.settle(cashed.roundId, 650, { cashOut: true });
    ok(cashOut);
    expect((await roundOf(single.roundId)).status).toBe(BetStatus.won);
    expect((await roundOf(lost.roundId)).status).toBe(BetStatus.lost);
    expect((await roundOf(voided.roundId)).status).toBe(BetStatus.rolledBack);
    expect((await roundOf(cashed.roundId)).status).toBe(BetStatus.cashedOut);
    const [cashedTicket] = await p.db
      .select()
      .from(sportsbookTickets)
      .where(eq(sportsbookTickets.roundId, (await roundOf(cashed.roundId)).id));
    expect(cashedTicket!.cashedOut).toBe(true);
    // 100,000 − 1,000 − 500 − 300 − 400 (the void refunded) + 1,850 + 650
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(100_300n);
    await audit(p.account.id);

    // Settled once: another settlement of a closed ticket, a late settlement of a void, a void of a settled ticket.
    refused(await p.settle(single.roundId, 1_850), 409, ErrorCode.roundClosed);
    refused(await p.settle(voided.roundId, 400), 409, ErrorCode.roundClosed);
    refused(await p.settle(voided.roundId, 0), 409, ErrorCode.roundClosed);
    refused(await p.rollback(single.roundId, single.transactionId), 409, ErrorCode.roundClosed);
    // Never above the stake at the ticket's odds.
    const capped = await p.bet(1_000, ticket(item({ odds: 2_000 })));
    refused(await p.settle(capped.roundId, 2_001), 422, ErrorCode.winAboveCap);
    ok(await p.settle(capped.roundId, 2_000));
    // A cash-out closes the ticket, and only a ticket is cashed out.
    const open = await p.bet(100, ticket(item()));
    refused(await p.settle(open.roundId, 50, { cashOut: true, closeRound: false }), 422, 422);
    expect((await roundOf(open.roundId)).closed).toBe(false);
    await audit(p.account.id);
  });

  it('a settled ticket is pushed on game:bets, a lost one too (it moves no money, so no balance push tells it)', async () => {
    const p = await bettor(10_000n);
    const pushed: unknown[] = [];
    onTestFinished(await server.ctx.broker.subscribe(`game:bets#${p.player.id}`, (pub) => pushed.push(pub.data)));
    const lost = await p.bet(300, ticket(item()));
    ok(lost);
    ok(await p.settle(lost.roundId, 0));
    expect(await waitFor(() => (pushed.length >= 1 ? pushed : undefined))).toEqual([
      { event: 'game.bet.settled', roundId: (await roundOf(lost.roundId)).id },
    ]);
  });

  it('an accumulator may pay more than the casino games’ win cap, up to its odds', async () => {
    const p = await bettor(10_000n);
    const big = ticket(...Array.from({ length: 6 }, () => item({ odds: 6_000 })));
    expect(big.odds).toBe(46_656_000);
    const placed = await p.bet(100, big);
    ok(placed);
    ok(await p.settle(placed.roundId, 4_665_600));
    await audit(p.account.id);
  });

  it('a replayed settlement answers the first answer once; the same id re-targeted is 15002', async () => {
    const p = await bettor(10_000n);
    const a = await p.bet(1_000, ticket(item()));
    const b = await p.bet(1_000, ticket(item()));
    const settleId = txId('settle');
    const first = await p.settle(a.roundId, 2_000, { transactionId: settleId });
    ok(first);
    const again = await p.settle(a.roundId, 2_000, { transactionId: settleId });
    expect(again).toEqual(first);
    refused(await p.settle(b.roundId, 2_000, { transactionId: settleId }), 409, ErrorCode.duplicateTransaction);
    refused(await p.settle(a.roundId, 1_500, { transactionId: settleId }), 409, ErrorCode.duplicateTransaction);
    refused(
      await p.settle(a.roundId, 2_000, { transactionId: settleId, cashOut: true }),
      409,
      ErrorCode.duplicateTransaction,
    );
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(10_000n);
    await audit(p.account.id);
  });

  it('the ticket is part of the bet: the same id with another ticket is 15002; the replay moves no money', async () => {
    const p = await bettor(10_000n);
    const t = ticket(item());
    const first = await p.bet(1_000, t);
    ok(first);
    const replay = await p.bet(1_000, t, { transactionId: first.transactionId, roundId: first.roundId });
    expect(replay.body).toEqual(first.body);
    const tampered = { ...t, items: [{ ...t.items[0]!, outcome: '2' }] };
    refused(
      await p.bet(1_000, tampered, { transactionId: first.transactionId, roundId: first.roundId }),
      409,
      ErrorCode.duplicateTransaction,
    );
    // A second ticket on the same round is refused.
    refused(await p.bet(100, ticket(item()), { roundId: first.roundId }), 409, ErrorCode.conflict);
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(9_000n);
    expect(await p.db.select().from(sportsbookTickets).where(eq(sportsbookTickets.playerId, p.player.id))).toHaveLength(
      1,
    );
    await audit(p.account.id);
  });

  it('a sports bet needs its ticket, and a slot refuses one (422 ticket); a slot is not cashed out', async () => {
    const p = await bettor();
    const missing = await walletCall(server, 'bet', {
      ...p.base,
      transactionId: txId('bet'),
      roundId: txId('r'),
      amount: 100,
    });
    refused(missing, 422, 422);
    expect(missing.body.error.fields).toHaveProperty('ticket');

    const slot = await createGame(p.db);
    const session = await openSession(server.ctx, { playerId: p.player.id, accountId: p.account.id, gameId: slot.id });
    const slotBase = { token: session.token, gameIdentity: slot.identity, currency: 'EUR' };
    const onSlot = await walletCall(server, 'bet', {
      ...slotBase,
      transactionId: txId('bet'),
      roundId: txId('r'),
      amount: 100,
      ticket: ticket(item()),
    });
    refused(onSlot, 422, 422);
    expect(onSlot.body.error.fields).toHaveProperty('ticket');
    const roundId = txId('r');
    ok(await walletCall(server, 'bet', { ...slotBase, transactionId: txId('bet'), roundId, amount: 100 }));
    const cashOut = await walletCall(server, 'win', {
      ...slotBase,
      transactionId: txId('w'),
      roundId,
      amount: 100,
      closeRound: true,
      cashOut: true,
    });
    refused(cashOut, 422, 422);
    expect(cashOut.body.error.fields).toHaveProperty('cashOut');
    await audit(p.account.id);
  });

  it('refuses bad tickets with 422: NUL, huge strings, odds out of range or not the product, a repeated event', async () => {
    const p = await bettor();
    const bad: unknown[] = [
      ticket(item({ event: 'Home\u0000Away' })),
      ticket(item({ market: 'x'.repeat(5_000) })),
      ticket(item({ odds: 1_000 })),
      ticket(item({ odds: 1_000_001 })),
      ticket(item({ sport: 'Foot Ball' })),
      ticket(item({ eventDate: 'tomorrow' })),
      { ...ticket(item()), odds: 2_001 },
      { ...ticket(item(), item()), type: TicketType.single },
      ticket(item({ eventId: 'same' }), item({ eventId: 'same' })),
      { type: 2, odds: 2_000, items: [] },
      ticket(...Array.from({ length: 21 }, () => item({ odds: 1_001 }))),
    ];
    for (const t of bad) {
      const answer = await p.bet(100, t);
      expect(answer.status, JSON.stringify(t).slice(0, 200)).toBeGreaterThanOrEqual(413);
      expect([413, 422]).toContain(answer.status);
    }
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(100_000n);
  });

  it('stakes real money only: bonus money is never staked, and sports never count toward a bonus', async () => {
    const p = await bettor(0n);
    const def = await createDefinition(
      p.db,
      bonusDefinitionInputSchema.parse({
        name: `Sports-proof ${randomUUID().slice(0, 8)}`,
        amounts: { EUR: 5_000 },
        wagerMultiplier: 2,
        maxBet: { EUR: 100 },
        maxConversion: {},
        contributions: { slots: 100, sportsbook: 100 },
        excludedGames: [],
        activationDays: 30,
        wageringDays: 30,
      }),
      async () => null,
    );
    const bonus = await issueBonus(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: p.player.id,
      definition: def.name,
      currency: 'EUR',
      source: 'test',
    });
    await activateBonus(server.ctx, p.player.id, bonus.id);
    expect((await accountRow(p.db, p.account.id)).bonusBalance).toBe(5_000n);

    // The sportsbook is told the real money only.
    expect((await walletCall(server, 'balance', { token: p.base.token })).body.balance).toBe(0);
    const noReal = await p.bet(100, ticket(item()));
    refused(noReal, 422, ErrorCode.insufficientFunds);
    expect(noReal.body.error.balance).toBe(0);

    await postEntry(p.db, {
      accountId: p.account.id,
      idempotencyKey: `top-up:${p.account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 1_000n,
    });
    // Above the bonus's maximum bet (1.00): no bonus rule applies to sports.
    const placed = await p.bet(800, ticket(item()));
    ok(placed);
    expect(placed.body.balance).toBe(200);
    refused(await p.bet(300, ticket(item())), 422, ErrorCode.insufficientFunds);
    ok(await p.settle(placed.roundId, 1_600));
    const after = await accountRow(p.db, p.account.id);
    expect(after.realBalance).toBe(1_800n);
    expect(after.bonusBalance).toBe(5_000n);
    const round = await roundOf(placed.roundId);
    expect(round.betBonusMinor).toBe(0n);
    expect(round.winBonusMinor).toBe(0n);
    const [row] = await p.db.select().from(playerBonuses).where(eq(playerBonuses.id, bonus.id));
    expect(row!.wagerProgressMinor).toBe(0n);
    expect(row!.status).toBe(2);
    await audit(p.account.id);
  });

  it('self-exclusion refuses a sports bet; a settlement of an open ticket still arrives', async () => {
    const p = await bettor(10_000n);
    const placed = await p.bet(1_000, ticket(item()));
    ok(placed);
    await opsExclude(
      { db: p.db, notifyOutbox: () => {} },
      { player: p.player.id, type: 'cooling-off', days: 1 },
      limitsPorts,
    );
    const refusedBet = await p.bet(100, ticket(item()));
    expect([401, 403]).toContain(refusedBet.status);
    expect([ErrorCode.gameSessionExpired, ErrorCode.gameSelfExcluded]).toContain(refusedBet.body.error.code);
    ok(await p.settle(placed.roundId, 2_000));
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(11_000n);
    await audit(p.account.id);
  });
});

describe('the operator’s risk rules', () => {
  it('parses the ops commands (base-currency major units, * for every country) and says what is wrong', () => {
    expect(parseArgs(['sportsbook', 'limits'])).toEqual({ command: 'sportsbook-risk', body: { action: 'limits' } });
    expect(parseArgs(['sportsbook', 'limits', 'set', '500', '1000.50'])).toEqual({
      command: 'sportsbook-risk',
      body: { action: 'limits-set', maxBet: '500', maxEvent: '1000.50' },
    });
    expect(parseArgs(['sportsbook', 'restrict', 'de', 'sport', 'football'])).toEqual({
      command: 'sportsbook-risk',
      body: { action: 'restrict', country: 'DE', kind: 'sport', ref: 'football' },
    });
    expect(parseArgs(['sportsbook', 'unrestrict', '*', 'event', 'fb-1']).command).toBe('sportsbook-risk');
    // The old per-currency form, and a missing amount: told how it is written now.
    expect(() => parseArgs(['sportsbook', 'limits', 'set', 'eur', '500', '-'])).toThrow(/set once, in EUR/);
    expect(() => parseArgs(['sportsbook', 'limits', 'set', '500'])).toThrow(/needs <maxBet> <maxEvent> in EUR/);
    expect(() => parseArgs(['sportsbook', 'limits', 'set', '500', '-'])).toThrow(/maxEvent: An amount in EUR/);
    // What the issue typed, and bad arguments: what is wrong, in words.
    expect(() => parseArgs(['sportsbook', 'restrict', 'nonexistent-1'])).toThrow(
      /sportsbook restrict needs <country\|\*> sport\|event <ref>/,
    );
    expect(() => parseArgs(['sportsbook', 'restrict', 'Germany', 'sport', 'football'])).toThrow(
      /country: A two-letter country code/,
    );
    expect(() => parseArgs(['sportsbook', 'restrict', 'DE', 'league', 'x'])).toThrow(/kind: sport or event/);
    expect(() => parseArgs(['sportsbook', 'restrict', 'DE', 'event', 'fb\u00001'])).toThrow(/ref: No NUL characters/);
    expect(() => parseArgs(['sportsbook', 'restrict', 'DE', 'event', 'x'.repeat(101)])).toThrow(/ref: At most 100/);
    expect(() => parseArgs(['sportsbook', 'frobnicate'])).toThrow(/sportsbook needs/);
  });

  it('refuses bad operator input with what is wrong: a non-positive or too precise amount, a bad country, an unknown sport or event', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ action: 'limits-set', maxBet: '0', maxEvent: '5' }, /0 is not a positive amount of EUR/],
      [{ action: 'limits-set', maxBet: '5', maxEvent: '1.001' }, /1.001 is not a positive amount of EUR/],
      [{ action: 'limits-set', maxBet: '5', maxEvent: '-' }, /The request is not valid/],
      [{ action: 'limits-set', currency: 'USD', maxBet: '5', maxEvent: '5' }, /The request is not valid/],
      [{ action: 'restrict', country: 'Germany', kind: 'sport', ref: 'football' }, /The request is not valid/],
      [{ action: 'restrict', country: 'DE', kind: 'sport', ref: 'foot ball' }, /The request is not valid/],
      [
        { action: 'restrict', country: '*', kind: 'event', ref: 'nonexistent-1' },
        /The sportsbook has no event "nonexistent-1"/,
      ],
      [
        { action: 'restrict', country: 'DE', kind: 'sport', ref: 'curling' },
        /no sport "curling" \(its sports: football, tennis/,
      ],
      // A well-formed id of another sport's slot is no event either.
      [{ action: 'restrict', country: 'DE', kind: 'event', ref: 'tn-0' }, /no event "tn-0"/],
    ];
    for (const [payload, message] of cases) {
      const answer = await opsCall(server, 'sportsbook-risk', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(answer.json().error.message, JSON.stringify(payload)).toMatch(message);
    }
    // The CLI prints what is wrong with each field, not only "The request is not valid".
    expect(withFields('The request is not valid', { country: ['A two-letter country code'] })).toBe(
      'The request is not valid:\n  country: A two-letter country code',
    );
    expect(withFields('No such event', { ref: ['No such event'] })).toBe('No such event');
    expect((await opsCall(server, 'sportsbook-risk', { action: 'restrictions' })).json().data.message).toBe(
      'No restricted sports or events.',
    );
  });

  const setLimits = (maxBet: string, maxEvent: string) =>
    opsCall(server, 'sportsbook-risk', { action: 'limits-set', maxBet, maxEvent });
  /** The rule for one test; the roomy one again after it. */
  const withLimits = async (maxBet: string, maxEvent: string) => {
    expect((await setLimits(maxBet, maxEvent)).statusCode).toBe(200);
    onTestFinished(async () => void (await setLimits(ROOMY.maxBet, ROOMY.maxEvent)));
  };
  /** What a maximum's refusal says may still be staked, and which maximum binds. */
  const maxBetOf = (answer: WalletCall) => {
    const error = answer.body.error as WalletCall['body']['error'] & { maxBet?: number; limit?: string };
    return { maxBet: error.maxBet, limit: error.limit };
  };
  /** The player's open stakes on an event in the base currency, each currency's sum rounded up, as the rule counts them. */
  const exposure = async (playerId: string, eventId: string) => {
    const [row] = await rowsOf<{ base: string }>(
      server.ctx.db,
      sql`select coalesce(sum(settings_to_base_minor(x.total, x.currency, true)), 0)::text as base
            from (select r.currency, sum(r.bet_minor) as total
                    from sportsbook_ticket_items i join game_rounds r on r.id = i.round_id
                   where i.player_id = ${playerId}::uuid and i.event_id = ${eventId} and not r.closed
                   group by r.currency) x`,
    );
    return BigInt(row!.base);
  };

  it('caps the stake per ticket and per event (open tickets together), with the push; settled tickets free the room', async () => {
    await withLimits('5', '10');
    const listed = (await opsCall(server, 'sportsbook-risk', { action: 'limits' })).json().data.message as string;
    expect(listed).toContain('Per ticket 5.00 EUR, per event 10.00 EUR');
    // Every currency at its rate (USD 0.92 €), rounded down: 5 / 0.92 = 5.4347… USD.
    expect(listed).toContain('USD  per ticket 5.43 USD  per event 10.86 USD');
    expect(listed).toContain('BTC  per ticket 0.00008620 BTC  per event 0.00017241 BTC');

    const p = await bettor(100_000n);
    const pushed: unknown[] = [];
    onTestFinished(await server.ctx.broker.subscribe(`game:bets#${p.player.id}`, (pub) => pushed.push(pub.data)));

    const tooBig = await p.bet(501, ticket(item()));
    refused(tooBig, 403, ErrorCode.bonusMaxBetExceeded);
    expect(tooBig.body.error.message).toContain('5.00 EUR per ticket');
    // The refusal says what may be staked, for the provider's slip to offer it.
    expect(tooBig.body.error).toMatchObject({ maxBet: 500, currency: 'EUR', limit: 'bet' });
    const event = item({ eventId: 'ev-derby' });
    const first = await p.bet(500, ticket(event));
    ok(first);
    ok(await p.bet(300, ticket(item({ eventId: 'ev-derby', outcome: 'X' }), item())));
    // 800 open on the derby: 200 left, whatever the ticket.
    const over = await p.bet(300, ticket(item({ eventId: 'ev-derby', outcome: '2' })));
    refused(over, 403, ErrorCode.bonusMaxBetExceeded);
    expect(over.body.error.message).toContain('at most 2.00 EUR more');
    expect(maxBetOf(over)).toEqual({ maxBet: 200, limit: 'event' });
    ok(await p.bet(200, ticket(item({ eventId: 'ev-derby', outcome: '2' }))));
    refused(await p.bet(1, ticket(item({ eventId: 'ev-derby' }))), 403, ErrorCode.bonusMaxBetExceeded);
    // Another player's tickets on the derby are theirs.
    const other = await bettor(100_000n);
    ok(await other.bet(500, ticket(item({ eventId: 'ev-derby' }))));
    // A settled ticket is no longer at risk.
    ok(await p.settle(first.roundId, 0));
    ok(await p.bet(500, ticket(item({ eventId: 'ev-derby' }))));

    // The settled ticket's own push (game.bet.settled) shares the channel: only the refusals count here.
    const refusals = () => pushed.filter((e) => (e as { event?: string }).event === 'game.bet.max.exceed');
    const events = await waitFor(() => (refusals().length >= 3 ? refusals() : undefined));
    expect(events).toEqual([
      {
        event: 'game.bet.max.exceed',
        gameIdentity: SPORTSBOOK_GAME_IDENTITY,
        playerBonus: { currency: 'EUR', maxBetAmount: 5 },
        limit: 'bet',
      },
      {
        event: 'game.bet.max.exceed',
        gameIdentity: SPORTSBOOK_GAME_IDENTITY,
        playerBonus: { currency: 'EUR', maxBetAmount: 2 },
        limit: 'event',
      },
      {
        event: 'game.bet.max.exceed',
        gameIdentity: SPORTSBOOK_GAME_IDENTITY,
        playerBonus: { currency: 'EUR', maxBetAmount: 0 },
        limit: 'event',
      },
    ]);
    await audit(p.account.id);
  });

  // The outside fraud test (issue 34): in BTC no maximum applied at all.
  it('bounds a BTC ticket by the EUR maximum at the rate, rounded down (0.0259 BTC ≈ 1,500 € against 500 €)', async () => {
    await withLimits('500', '1000');
    const p = await bettor(100_000_000n, { currency: 'BTC' });
    // 500 € at 58,000 €/BTC = 0.0086206896… BTC: 862,068 satoshi, rounded down.
    const big = await p.bet(2_590_000, ticket(item()));
    refused(big, 403, ErrorCode.bonusMaxBetExceeded);
    expect(big.body.error).toMatchObject({ maxBet: 862_068, currency: 'BTC', limit: 'bet' });
    expect(big.body.error.message).toBe('The stake is above the maximum of 0.00862068 BTC per ticket');
    refused(await p.bet(862_069, ticket(item())), 403, ErrorCode.bonusMaxBetExceeded);
    ok(await p.bet(862_068, ticket(item())));
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(100_000_000n - 862_068n);
    await audit(p.account.id);
  });

  it('bounds BTC singles on one event by the event maximum (three 0.5 BTC singles ≈ 87,000 € against 1,000 €)', async () => {
    await withLimits('500', '1000');
    const p = await bettor(200_000_000n, { currency: 'BTC' });
    const on = (outcome: string) => ticket(item({ eventId: 'ev-btc-derby', outcome }));
    for (const outcome of ['1', 'X', '2'])
      refused(await p.bet(50_000_000, on(outcome)), 403, ErrorCode.bonusMaxBetExceeded);
    // 0.008 BTC = 464 € each: two fit (928 €), the third finds 72 € left = 124,137 satoshi, rounded down.
    ok(await p.bet(800_000, on('1')));
    ok(await p.bet(800_000, on('X')));
    const third = await p.bet(800_000, on('2'));
    refused(third, 403, ErrorCode.bonusMaxBetExceeded);
    expect(maxBetOf(third)).toEqual({ maxBet: 124_137, limit: 'event' });
    ok(await p.bet(124_137, on('2')));
    refused(await p.bet(1, on('1')), 403, ErrorCode.bonusMaxBetExceeded);
    expect(await exposure(p.player.id, 'ev-btc-derby')).toBeLessThanOrEqual(100_000n);
    expect((await accountRow(p.db, p.account.id)).realBalance).toBe(200_000_000n - 1_724_137n);
    await audit(p.account.id);
  });

  it('sums one event’s open tickets across the player’s currencies (900 € + ≈300 € in BTC against 1,000 €)', async () => {
    await withLimits('500', '1000');
    const eur = await bettor(200_000n);
    const btc = await bettor(100_000_000n, { currency: 'BTC', player: eur.player.id });
    ok(await eur.bet(50_000, ticket(item({ eventId: 'ev-mixed' }))));
    ok(await eur.bet(40_000, ticket(item({ eventId: 'ev-mixed', outcome: 'X' }))));
    // 300 € in BTC (517,241 satoshi) finds 100 € left: 172,413 satoshi, rounded down.
    const over = await btc.bet(517_241, ticket(item({ eventId: 'ev-mixed', outcome: '2' })));
    refused(over, 403, ErrorCode.bonusMaxBetExceeded);
    expect(maxBetOf(over)).toEqual({ maxBet: 172_413, limit: 'event' });
    expect(over.body.error.message).toBe(
      'The stake would take your open bets on an event above its maximum: at most 0.00172413 BTC more',
    );
    ok(await btc.bet(172_413, ticket(item({ eventId: 'ev-mixed', outcome: '2' }))));
    // The BTC stake counts rounded up (99.99 € → 100 €): nothing is left, in either currency.
    expect(await exposure(eur.player.id, 'ev-mixed')).toBe(100_000n);
    expect(maxBetOf(await eur.bet(1, ticket(item({ eventId: 'ev-mixed' }))))).toEqual({ maxBet: 0, limit: 'event' });
    expect(maxBetOf(await btc.bet(1, ticket(item({ eventId: 'ev-mixed' }))))).toEqual({ maxBet: 0, limit: 'event' });
    // An accumulator on that event and another one is refused for the full one.
    refused(await eur.bet(100, ticket(item(), item({ eventId: 'ev-mixed' }))), 403, ErrorCode.bonusMaxBetExceeded);
    await audit(eur.account.id);
    await audit(btc.account.id);
  });

  it('refuses rather than accepts without a rule, or in a currency without a rate', async () => {
    const p = await bettor(100_000n);
    const ltc = await bettor(100_000_000n, { currency: 'LTC', player: p.player.id });
    // No rule at all: no sports ticket is taken, in any currency.
    await server.ctx.db.delete(sportsbookStakeRule);
    onTestFinished(async () => void (await setLimits(ROOMY.maxBet, ROOMY.maxEvent)));
    const none = await p.bet(100, ticket(item()));
    refused(none, 403, ErrorCode.bonusMaxBetExceeded);
    expect(none.body.error).toMatchObject({ maxBet: 0, currency: 'EUR', limit: 'bet' });
    expect(none.body.error.message).toBe('Sports bets in EUR are not taken at the moment');
    expect((await opsCall(server, 'sportsbook-risk', { action: 'limits' })).json().data.message).toMatch(
      /^No maximum stakes are set: every sports ticket is refused/,
    );

    await setLimits('500', '1000');
    ok(await ltc.bet(1_000_000, ticket(item({ eventId: 'ev-ltc' }))));
    // A currency that loses its rate: its tickets are refused, and its open stakes cannot be valued, so
    // another currency's ticket on that event is refused too; other events still take the EUR ticket.
    await server.ctx.db.execute(sql`update currency_scales set rate_e8 = null where code = 'LTC'`);
    onTestFinished(() => syncCurrencyScales(server.ctx.db));
    const noRate = await ltc.bet(100, ticket(item()));
    refused(noRate, 403, ErrorCode.bonusMaxBetExceeded);
    expect(noRate.body.error).toMatchObject({ maxBet: 0, currency: 'LTC', limit: 'bet' });
    expect(maxBetOf(await p.bet(100, ticket(item({ eventId: 'ev-ltc' }))))).toEqual({ maxBet: 0, limit: 'event' });
    ok(await p.bet(100, ticket(item())));
    expect((await accountRow(ltc.db, ltc.account.id)).realBalance).toBe(99_000_000n);
    await audit(p.account.id);
    await audit(ltc.account.id);
  });

  it('caps a maximum too large for a currency at the largest exact amount, never overflows', async () => {
    await withLimits('9999999999999.99', '9999999999999.99');
    // ~10 trillion EUR is more XRP and BTC minor units than JSON carries exactly: capped at 2^53 - 1.
    const limits = await stakeLimitsIn(server.ctx.db, ['EUR', 'XRP', 'BTC']);
    expect(limits.get('EUR')).toEqual({ maxBetMinor: 999_999_999_999_999n, maxEventMinor: 999_999_999_999_999n });
    for (const code of ['XRP', 'BTC'])
      expect(limits.get(code)).toEqual({
        maxBetMinor: 9_007_199_254_740_991n,
        maxEventMinor: 9_007_199_254_740_991n,
      });
    expect((await opsCall(server, 'sportsbook-risk', { action: 'limits' })).json().data.message).toContain(
      'XRP  per ticket 9007199254.740991 XRP',
    );
    const xrp = await bettor(5_000_000_000_000n, { currency: 'XRP' });
    ok(await xrp.bet(4_000_000_000_000, ticket(item())));
    // Beyond the operator's digits, the command refuses with what is wrong.
    for (const maxBet of ['99999999999999', '1e5', '5'.repeat(41)])
      expect((await setLimits(maxBet, '1')).statusCode, maxBet).toBe(422);
    await audit(xrp.account.id);
  });

  it('20 tickets at once on one event, in two currencies, never pass its maximum', async () => {
    await withLimits('500', '10');
    const eur = await bettor(100_000n);
    const btc = await bettor(100_000_000n, { currency: 'BTC', player: eur.player.id });
    // 1 € and 1,724 satoshi (0.99992 €) a ticket against 10 €: ten fit, whatever the mix.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const p = i % 2 === 0 ? eur : btc;
        return walletFetch(baseUrl, server.ctx.gameWalletSecret, 'bet', {
          ...p.base,
          transactionId: txId(`race${i}`),
          roundId: txId(`race-round${i}`),
          amount: p === eur ? 100 : 1_724,
          ticket: ticket(item({ eventId: 'ev-race', outcome: String(i) })),
        });
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => a.status === 403 && a.body.error.code === ErrorCode.bonusMaxBetExceeded),
    ).toBe(true);
    expect(await exposure(eur.player.id, 'ev-race')).toBeLessThanOrEqual(1_000n);
    await audit(eur.account.id);
    await audit(btc.account.id);
  }, 60_000);

  it('refuses restricted sports and events in the session’s country (or everywhere), with the push', async () => {
    const restrict = (action: 'restrict' | 'unrestrict', country: string, kind: 'sport' | 'event', ref: string) =>
      opsCall(server, 'sportsbook-risk', { action, country, kind, ref });
    const fixed = 'fb-1000';
    const added = await restrict('restrict', 'DE', 'sport', 'tennis');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.message).toBe('No bets on sport tennis (Tennis) in DE from now on');
    expect((await restrict('restrict', '*', 'event', fixed)).statusCode).toBe(200);
    const listed = (await opsCall(server, 'sportsbook-risk', { action: 'restrictions' })).json().data.message;
    expect(listed).toContain('DE  sport  tennis');
    expect(listed).toContain(`*  event  ${fixed}`);

    const de = await bettor(10_000n, { country: 'DE' });
    const at = await bettor(10_000n, { country: 'AT' });
    const pushed: unknown[] = [];
    onTestFinished(await server.ctx.broker.subscribe(`game:bets#${de.player.id}`, (pub) => pushed.push(pub.data)));

    const tennis = await de.bet(100, ticket(item(), item({ sport: 'tennis' })));
    refused(tennis, 403, ErrorCode.restrictedBets);
    expect(tennis.body.error.message).toBe('Bets on this sport are not taken in your country');
    // What is restricted comes apart, for the provider's client to mark it.
    expect(tennis.body.error).toMatchObject({ reason: 'sport', ref: 'tennis' });
    ok(await at.bet(100, ticket(item({ sport: 'tennis' }))));
    refused(await de.bet(100, ticket(item({ eventId: fixed }))), 403, ErrorCode.restrictedBets);
    refused(await at.bet(100, ticket(item({ eventId: fixed }))), 403, ErrorCode.restrictedBets);
    expect(await waitFor(() => (pushed.length >= 2 ? pushed : undefined))).toEqual([
      { event: 'game.bet.restricted', gameIdentity: SPORTSBOOK_GAME_IDENTITY },
      { event: 'game.bet.restricted', gameIdentity: SPORTSBOOK_GAME_IDENTITY },
    ]);

    expect((await restrict('unrestrict', 'DE', 'sport', 'tennis')).statusCode).toBe(200);
    expect((await restrict('unrestrict', '*', 'event', fixed)).statusCode).toBe(200);
    ok(await de.bet(100, ticket(item({ sport: 'tennis' }))));
    expect((await accountRow(de.db, de.account.id)).realBalance).toBe(9_900n);
    await audit(de.account.id);
    await audit(at.account.id);
  });
});

describe('GET /api/game/bets: the player’s tickets', () => {
  it('lists own tickets newest first with items, paginated, settled or not; never another player’s or a casino round', async () => {
    const p = await bettor(100_000n);
    const headers = await authHeader(server.ctx, p.player.id);
    const acca = ticket(
      item({ odds: 1_500, event: 'A – B', eventDate: '2026-12-02T18:00:00.000Z' }),
      item({ odds: 2_000, stage: 2, sport: 'tennis', discipline: 'Tennis', tournament: 'Open', market: 'Winner' }),
    );
    const won = await p.bet(1_000, ticket(item({ odds: 1_850 })));
    ok(await p.settle(won.roundId, 1_850));
    const open = await p.bet(250, acca);
    const voided = await p.bet(300, ticket(item()));
    ok(await p.rollback(voided.roundId, voided.transactionId));
    const cashed = await p.bet(500, ticket(item({ odds: 2_500 })));
    ok(await p.settle(cashed.roundId, 720, { cashOut: true }));
    // Casino play and another player's tickets are not here.
    const slot = await createGame(p.db);
    const slotSession = await openSession(server.ctx, {
      playerId: p.player.id,
      accountId: p.account.id,
      gameId: slot.id,
    });
    ok(
      await walletCall(server, 'bet', {
        token: slotSession.token,
        gameIdentity: slot.identity,
        currency: 'EUR',
        transactionId: txId('b'),
        roundId: txId('r'),
        amount: 100,
      }),
    );
    const other = await bettor(10_000n);
    ok(await other.bet(100, ticket(item())));

    const get = async (query: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/game/bets${query}`, headers })).json();
    const all = await get('');
    expect(all.meta.totalRows).toBe(4);
    expect(all.data.map((b: { roundId: string }) => b.roundId)).toEqual([
      cashed.roundId,
      voided.roundId,
      open.roundId,
      won.roundId,
    ]);
    const unsettled = await get('?isSettled=false');
    expect(unsettled.data).toEqual([
      {
        id: expect.any(String),
        game: 'Sportsbook',
        gameId: p.game.id,
        roundId: open.roundId,
        amount: 2.5,
        payout: 0,
        currency: 'EUR',
        coefficient: 3,
        status: BetStatus.pending,
        ticketType: TicketType.accumulator,
        createdAt: expect.any(String),
        items: [
          {
            event: 'A – B',
            stage: 1,
            discipline: 'Football',
            tournament: 'Premier Division',
            eventDate: '2026-12-02T18:00:00.000Z',
            market: 'Match result',
            outcome: '1',
            coefficient: 1.5,
          },
          expect.objectContaining({
            stage: 2,
            discipline: 'Tennis',
            tournament: 'Open',
            market: 'Winner',
            coefficient: 2,
          }),
        ],
      },
    ]);
    const settled = await get('?isSettled=true&perPage=2');
    expect(settled.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(
      settled.data.map((b: { status: number; payout: number; coefficient: number }) => [
        b.status,
        b.payout,
        b.coefficient,
      ]),
    ).toEqual([
      [BetStatus.cashedOut, 7.2, 2.5],
      [BetStatus.rolledBack, 0, 2],
    ]);
    const page2 = await get('?isSettled=true&perPage=2&page=2');
    expect(page2.data).toEqual([
      expect.objectContaining({
        roundId: won.roundId,
        status: BetStatus.won,
        amount: 10,
        payout: 18.5,
        coefficient: 1.85,
      }),
    ]);

    // The tickets are not casino spins, nor winners.
    const spins = (await server.app.inject({ method: 'GET', url: '/api/game/spins', headers })).json();
    expect(spins.meta.totalRows).toBe(1);
    const winners = await p.db.execute(
      sql`select 1 from game_winners w join game_rounds r on r.id = w.round_id where r.player_id = ${p.player.id}::uuid`,
    );
    expect((winners as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    await audit(p.account.id);
  });
});
