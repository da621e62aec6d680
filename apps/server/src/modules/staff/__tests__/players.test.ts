import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { players } from '../../player/tables.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { asStaff, enrolStaff, staffCommand, type StaffAgent } from './staff-kit.ts';

let server: TestServer;
let support: StaffAgent;
let payments: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  support = await enrolStaff(server, 'support');
  payments = await enrolStaff(server, 'payments');
});
afterAll(async () => {
  await server?.close();
});

const search = (agent: StaffAgent, q: string) =>
  asStaff(server, agent, 'GET', `/api/admin/players?q=${encodeURIComponent(q)}`);

describe("the players' search and page", () => {
  it('finds a player by e-mail, phone in any spelling, short id and name; % and _ match only themselves', async () => {
    const player = await createPlayer(server.ctx.db);
    const [row] = await server.ctx.db
      .update(players)
      .set({ phone: '+4915112345678', firstName: 'Ada', lastName: 'Lovelace_100%' })
      .where(eq(players.id, player.id))
      .returning();
    for (const q of [
      player.email.toUpperCase(),
      '+49 151 1234 5678',
      '0049-151-12345678',
      String(row!.externalId),
      'ada love',
      player.id,
    ]) {
      const answer = await search(support, q);
      expect(answer.statusCode, q).toBe(200);
      expect(
        answer.json().data.map((p: { id: string }) => p.id),
        q,
      ).toContain(player.id);
    }
    expect((await search(support, 'Lovelace_100%')).json().data).toHaveLength(1);
    expect((await search(support, '%')).json().data.map((p: { id: string }) => p.id)).toEqual([player.id]);
    expect((await search(support, 'x'.repeat(300))).statusCode).toBe(422);
    expect((await search(support, 'nul\u0000byte')).statusCode).toBe(422);
  });

  it("shows a player's profile, accounts and transfers, each to the roles that may read it", async () => {
    const player = await createPlayer(server.ctx.db);
    expect(
      (
        await staffCommand(server, payments, 'credit', {
          player: player.id,
          amount: '12.5',
          currency: 'EUR',
          reason: 'welcome',
        })
      ).statusCode,
    ).toBe(200);
    const profile = await asStaff(server, support, 'GET', `/api/admin/players/${player.id}`);
    expect(profile.json().data).toMatchObject({ id: player.id, email: player.email, emailConfirmed: false });
    expect(profile.json().data).not.toHaveProperty('passwordHash');
    const accounts = await asStaff(server, support, 'GET', `/api/admin/players/${player.id}/accounts`);
    expect(accounts.json().data).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        real: '12.50',
        transfers: [
          expect.objectContaining({ kind: 'credit', real: '12.50', counterparty: 'adjustment', reason: 'welcome' }),
        ],
      }),
    ]);
    expect((await asStaff(server, support, 'GET', `/api/admin/players/${player.id}/limits`)).statusCode).toBe(200);
    const kyc = await enrolStaff(server, 'kyc');
    expect((await asStaff(server, kyc, 'GET', `/api/admin/players/${player.id}/accounts`)).statusCode).toBe(403);
    expect((await asStaff(server, kyc, 'GET', `/api/admin/players/${player.id}/limits`)).statusCode).toBe(403);
    expect((await asStaff(server, support, 'GET', '/api/admin/players/not-a-uuid')).statusCode).toBe(404);
  });
});
