import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { insert, MIGRATIONS, migrationsUpTo } from './migration-helpers.ts';

/**
 * Migration 0033 (the sportsbook as a module of its own) on a database that already holds sports
 * tickets: each ticket gets its round's currency, stake and settled state (closed, or voided), so the
 * per-event maximum counts the same open stakes after the upgrade as before it.
 */
describe('migration 0033', () => {
  it("fills each ticket with its round's currency, stake and settled state", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(32) });
    const ids = { provider: crypto.randomUUID(), game: crypto.randomUUID(), player: crypto.randomUUID() };
    const account = crypto.randomUUID();
    const session = crypto.randomUUID();
    await insert(client, 'game_providers', { id: ids.provider });
    await insert(client, 'games', { id: ids.game, provider_id: ids.provider });
    await insert(client, 'players', { id: ids.player, email: 'p@example.com' });
    await insert(client, 'wallet_accounts', { id: account, player_id: ids.player, currency: 'BTC' });
    await insert(client, 'game_sessions', {
      id: session,
      player_id: ids.player,
      account_id: account,
      game_id: ids.game,
      currency: 'BTC',
    });
    // Open, settled (closed), voided while open (status 4, stake 0).
    const rounds = [
      { id: crypto.randomUUID(), bet: 2_500n, closed: false, status: 1 },
      { id: crypto.randomUUID(), bet: 700n, closed: true, status: 3 },
      { id: crypto.randomUUID(), bet: 0n, closed: false, status: 4 },
    ];
    for (const [n, round] of rounds.entries()) {
      await insert(client, 'game_rounds', {
        id: round.id,
        session_id: session,
        player_id: ids.player,
        account_id: account,
        game_id: ids.game,
        provider_id: ids.provider,
        provider_round_id: `r-${n}`,
        currency: 'BTC',
        bet_minor: round.bet,
        closed: round.closed,
        status: round.status,
      });
      await insert(client, 'sportsbook_tickets', { round_id: round.id, player_id: ids.player, odds: 1_500 });
    }

    // The game module's functions of the sportsbook's rules, as the SQL source of the time made them.
    await client.exec(`
      create function game_sportsbook_refusal(s game_sessions, p_ticket jsonb, p_amount bigint) returns jsonb
        language sql as 'select null::jsonb';
      create function game_sportsbook_record(s game_sessions, p_provider uuid, p_round text, p_ticket jsonb,
        p_now timestamptz) returns void language sql as 'select';
      create function game_sportsbook_limits_in(p_currency text, out max_bet bigint, out max_event bigint)
        language sql as 'select 1::bigint, 1::bigint';
      create function game_sportsbook_wire_amount(p_amount numeric) returns bigint language sql as 'select 1::bigint';`);

    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ round_id: string; currency: string; stake_minor: string; settled: boolean }>(
      'select round_id, currency, stake_minor::text, settled from sportsbook_tickets',
    );
    const byRound = new Map(rows.map((row) => [row.round_id, row]));
    expect(rounds.map((round) => byRound.get(round.id))).toEqual([
      { round_id: rounds[0]!.id, currency: 'BTC', stake_minor: '2500', settled: false },
      { round_id: rounds[1]!.id, currency: 'BTC', stake_minor: '700', settled: true },
      { round_id: rounds[2]!.id, currency: 'BTC', stake_minor: '0', settled: true },
    ]);
    // Gone, so no caller can reach the old rules by their old names.
    const { rows: leftovers } = await client.query<{ proname: string }>(
      "select proname from pg_proc where proname in ('game_sportsbook_refusal', 'game_sportsbook_record', 'game_sportsbook_limits_in', 'game_sportsbook_wire_amount')",
    );
    expect(leftovers).toEqual([]);
    await client.close();
  });
});
