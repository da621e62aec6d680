import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerStatus } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { noteInstrument } from '../../links/index.ts';
import { playerStatusOf } from '../../player/index.ts';
import { signedInPlayer } from '../../wallet/__tests__/factories.ts';
import { asStaff, enrolStaff, staffCommand, type StaffAgent } from './staff-kit.ts';

let server: TestServer;
let support: StaffAgent;
let compliance: StaffAgent;
let kyc: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  [support, compliance, kyc] = [
    await enrolStaff(server, 'support'),
    await enrolStaff(server, 'compliance'),
    await enrolStaff(server, 'kyc'),
  ];
});
afterAll(async () => {
  await server?.close();
});

type Audit = { action: string; player_id: string | null; before: unknown; after: unknown; reason: string | null };
const auditOf = async (playerId: string) =>
  (
    (await server.ctx.db.execute(
      sql`select action, player_id, before, after, reason from staff_audit where player_id = ${playerId} order by id`,
    )) as unknown as { rows: Audit[] }
  ).rows;

const profile = (auth: { authorization: string }) =>
  server.app.inject({ method: 'GET', url: '/api/player/profile', headers: auth });

describe("the player's page: sessions, restrictions and closure", () => {
  it('lists the sessions, ends them all (the player is signed out at once), and records it', async () => {
    const player = await signedInPlayer(server.ctx);
    expect((await profile(player.auth)).statusCode).toBe(200);
    const listed = await asStaff(server, support, 'GET', `/api/admin/players/${player.id}/sessions`);
    expect(listed.json().data.sessions).toEqual([expect.objectContaining({ closedAt: null })]);
    const url = `/api/admin/players/${player.id}/sessions/end`;
    expect((await asStaff(server, support, 'POST', url, {})).statusCode).toBe(422);
    const ended = await asStaff(server, support, 'POST', url, { reason: 'asked on the phone' });
    expect(ended.json().data.message).toBe('Ended 1 session');
    expect((await profile(player.auth)).statusCode).toBe(401);
    const after = await asStaff(server, support, 'GET', `/api/admin/players/${player.id}/sessions`);
    expect(after.json().data.sessions[0]).toMatchObject({ closeReason: 'ended_by_staff' });
    expect(await auditOf(player.id)).toEqual([
      expect.objectContaining({
        action: 'players.sessions.end',
        before: { openSessions: 1 },
        after: { openSessions: 0 },
        reason: 'asked on the phone',
      }),
    ]);
    // The kyc role reads players but may not act on them.
    expect((await asStaff(server, kyc, 'POST', url, { reason: 'x' })).statusCode).toBe(403);
  });

  it('blocks (its sessions end), lifts, and refuses what is not its to change', async () => {
    const player = await signedInPlayer(server.ctx);
    const url = `/api/admin/players/${player.id}/restriction`;
    const blocked = await asStaff(server, compliance, 'POST', url, { status: 'blocked', reason: 'fraud review' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await playerStatusOf(server.ctx.db, player.id)).toBe(PlayerStatus.blocked);
    expect((await profile(player.auth)).statusCode).toBe(401);
    expect((await asStaff(server, compliance, 'POST', url, { status: 'blocked', reason: 'again' })).statusCode).toBe(
      409,
    );
    const lifted = await asStaff(server, compliance, 'POST', url, { status: 'active', reason: 'cleared' });
    expect(lifted.json().data.message).toBe('Restriction lifted');
    expect(await playerStatusOf(server.ctx.db, player.id)).toBe(PlayerStatus.active);
    expect((await auditOf(player.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['players.restriction', { status: PlayerStatus.active }, { status: PlayerStatus.blocked }],
      ['players.restriction', { status: PlayerStatus.blocked }, { status: PlayerStatus.active }],
    ]);
    for (const body of [
      { status: 'closed', reason: 'x' },
      { status: 'blocked', reason: 'nul\u0000' },
      { status: 'blocked', reason: 'x'.repeat(501) },
      { status: 'blocked', reason: 'x', extra: 1 },
    ])
      expect((await asStaff(server, compliance, 'POST', url, body)).statusCode, JSON.stringify(body)).toBe(422);
    const nobody = '/api/admin/players/00000000-0000-4000-8000-000000000000/restriction';
    expect((await asStaff(server, compliance, 'POST', nobody, { status: 'limited', reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('closes an account only once nothing is owed, as the player would', async () => {
    const player = await signedInPlayer(server.ctx, 5);
    const url = `/api/admin/players/${player.id}/close`;
    const refused = await asStaff(server, support, 'POST', url, { reason: 'player asked by e-mail' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Withdraw your balance/);
    const admin = await enrolStaff(server, 'admin');
    const debit = { player: player.id, amount: '5', currency: 'EUR', reason: 'paid out by bank' };
    expect((await staffCommand(server, admin, 'debit', debit)).statusCode).toBe(200);
    const closed = await asStaff(server, support, 'POST', url, { reason: 'player asked by e-mail' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await playerStatusOf(server.ctx.db, player.id)).toBe(PlayerStatus.closed);
    expect((await profile(player.auth)).statusCode).toBe(401);
    expect((await asStaff(server, support, 'POST', url, { reason: 'again' })).statusCode).toBe(409);
    expect((await auditOf(player.id)).filter((a) => a.action === 'players.close')).toEqual([
      expect.objectContaining({ before: { status: PlayerStatus.active }, after: { status: PlayerStatus.closed } }),
    ]);
  });

  it("shows the rest of the player's page to the roles that may read each part", async () => {
    const player = await signedInPlayer(server.ctx);
    for (const part of ['play', 'links', 'messages', 'bonuses', 'quests', 'loyalty', 'notes'])
      expect((await asStaff(server, support, 'GET', `/api/admin/players/${player.id}/${part}`)).statusCode, part).toBe(
        200,
      );
    const documents = await asStaff(server, kyc, 'GET', `/api/admin/players/${player.id}/documents`);
    expect(documents.json().data).toEqual({ documents: [], verification: expect.objectContaining({ status: 'init' }) });
    expect((await auditOf(player.id)).map((a) => a.action)).toEqual(['players.documents']);
    for (const part of ['messages', 'bonuses', 'quests', 'loyalty'])
      expect((await asStaff(server, kyc, 'GET', `/api/admin/players/${player.id}/${part}`)).statusCode, part).toBe(403);
    // Looking at the loyalty part opens no account (a read writes nothing).
    expect((await asStaff(server, support, 'GET', `/api/admin/players/${player.id}/loyalty`)).json().data).toBeNull();
  });
});

describe("the player's notes and the search by payment instrument", () => {
  it('keeps staff notes on the player (never the player’s to see), written by roles that act on players', async () => {
    const player = await signedInPlayer(server.ctx);
    const url = `/api/admin/players/${player.id}/notes`;
    const added = await asStaff(server, support, 'POST', url, { text: 'Called about a late payout' });
    expect(added.statusCode, added.body).toBe(200);
    expect((await asStaff(server, kyc, 'GET', url)).json().data).toEqual([
      expect.objectContaining({ author: support.email, text: 'Called about a late payout' }),
    ]);
    expect((await asStaff(server, kyc, 'POST', url, { text: 'x' })).statusCode).toBe(403);
    for (const text of ['', 'nul\u0000', 'x'.repeat(2001)])
      expect((await asStaff(server, support, 'POST', url, { text })).statusCode).toBe(422);
    const nobody = '/api/admin/players/00000000-0000-4000-8000-000000000000/notes';
    expect((await asStaff(server, support, 'POST', nobody, { text: 'x' })).statusCode).toBe(404);
    expect((await auditOf(player.id)).map((a) => [a.action, a.after])).toEqual([
      ['players.note', { text: 'Called about a late payout' }],
    ]);
  });

  it('finds the players who used an IBAN (any spacing or case) or a card fingerprint', async () => {
    const [first, second, other] = [
      await signedInPlayer(server.ctx),
      await signedInPlayer(server.ctx),
      await signedInPlayer(server.ctx),
    ];
    await noteInstrument(server.ctx.db, first.id, { kind: 'iban', iban: 'DE44500105175407324931' });
    await noteInstrument(server.ctx.db, second.id, { kind: 'iban', iban: 'de44 5001 0517 5407 3249 31' });
    await noteInstrument(server.ctx.db, other.id, { kind: 'card', fingerprint: 'fp_Test_Card_77', last4: '4242' });
    const found = async (q: string) =>
      (
        (await asStaff(server, support, 'GET', `/api/admin/players?q=${encodeURIComponent(q)}`)).json().data as {
          id: string;
        }[]
      )
        .map((p) => p.id)
        .sort();
    expect(await found('DE44 5001 0517 5407 3249 31')).toEqual([first.id, second.id].sort());
    expect(await found('fp_Test_Card_77')).toEqual([other.id]);
    expect(await found('fp_test_card_77')).toEqual([]);
  });
});

describe('the dashboard', () => {
  it("shows each role the figures its role may read, today's amounts in the base currency", async () => {
    const keysOf = async (agent: StaffAgent) =>
      ((await asStaff(server, agent, 'GET', '/api/admin/dashboard')).json().data as { key: string }[]).map(
        (f) => f.key,
      );
    expect(await keysOf(kyc)).toEqual(['documents']);
    expect((await keysOf(support)).sort()).toEqual(['alerts', 'bankTransfers', 'documents', 'withdrawals']);
    const finance = await enrolStaff(server, 'finance');
    const figures = (await asStaff(server, finance, 'GET', '/api/admin/dashboard')).json().data as {
      key: string;
      value: unknown;
    }[];
    expect(figures.map((f) => f.key).sort()).toEqual([
      'alerts',
      'bankTransfers',
      'depositsToday',
      'ggrToday',
      'withdrawals',
    ]);
    expect(figures.find((f) => f.key === 'ggrToday')?.value).toMatch(/^-?\d+\.\d{2} EUR$/);
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});
