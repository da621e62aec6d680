import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { playerDocuments } from '../../documents/tables.ts';
import { createGame } from '../../game/__tests__/play-fixtures.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { asStaff, enrolStaff, staffCommand, type StaffAgent } from './staff-kit.ts';

let server: TestServer;
let admin: StaffAgent;
let payments: StaffAgent;
let payments2: StaffAgent;
let support: StaffAgent;
beforeAll(async () => {
  server = await createTestServer({ FOUR_EYES_ABOVE: '1000' });
  admin = await enrolStaff(server, 'admin');
  payments = await enrolStaff(server, 'payments');
  payments2 = await enrolStaff(server, 'payments');
  support = await enrolStaff(server, 'support');
});
afterAll(async () => {
  await server?.close();
});

type Row = {
  id: number;
  staff_id: string | null;
  role: string;
  action: string;
  player_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
};
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  (await server.ctx.db.execute(query)) as unknown as { rows: T[] };
const rowsAfter = async (id: number) =>
  (await rowsOf<Row>(sql`select * from staff_audit where id > ${id} order by id`)).rows;
const lastId = async () =>
  Number((await rowsOf<{ id: number }>(sql`select coalesce(max(id), 0) as id from staff_audit`)).rows[0]!.id);

/** Runs one staff write and answers the audit rows it left (there must be exactly one). */
async function auditedBy(write: () => Promise<{ statusCode: number; body: string }>) {
  const from = await lastId();
  const answer = await write();
  expect(answer.statusCode, answer.body).toBe(200);
  const rows = await rowsAfter(from);
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  return rows[0]!;
}

describe('the audit trail', () => {
  it('records each staff write once, with who, what, before and after, and why', async () => {
    const player = await createPlayer(server.ctx.db);
    const credit = await auditedBy(() =>
      staffCommand(server, admin, 'credit', { player: player.id, amount: '25', currency: 'EUR', reason: 'goodwill' }),
    );
    expect(credit).toMatchObject({
      staff_id: admin.id,
      role: 'admin',
      action: 'credit',
      player_id: player.id,
      before: { realBalance: '0.00 EUR' },
      after: { realBalance: '25.00 EUR' },
      reason: 'goodwill',
      ip: '127.0.0.1',
    });
    const debit = await auditedBy(() =>
      staffCommand(server, payments, 'debit', {
        player: player.id,
        amount: '5',
        currency: 'EUR',
        reason: 'chargeback',
      }),
    );
    expect(debit).toMatchObject({
      role: 'payments',
      before: { realBalance: '25.00 EUR' },
      after: { realBalance: '20.00 EUR' },
    });

    const limit = await auditedBy(() =>
      staffCommand(server, admin, 'limit', {
        player: player.id,
        type: 'deposit',
        amount: '100',
        currency: 'EUR',
        period: 'daily',
      }),
    );
    expect(limit).toMatchObject({ action: 'limit', player_id: player.id, before: null, after: { amount: '10000' } });

    const [document] = await server.ctx.db
      .insert(playerDocuments)
      .values({ playerId: player.id, type: 'passport', fileName: 'p.png', mimeType: 'image/png', size: 10 })
      .returning();
    const kyc = await enrolStaff(server, 'kyc');
    const approve = await auditedBy(() =>
      staffCommand(server, kyc, 'documents', { action: 'approve', id: document!.id }),
    );
    expect(approve).toMatchObject({
      action: 'documents.approve',
      player_id: player.id,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    const game = await createGame(server.ctx.db);
    const games = await auditedBy(() =>
      staffCommand(server, admin, 'game', { identity: game.identity, enabled: false }),
    );
    expect(games).toMatchObject({ action: 'game', before: { enabled: true }, after: { enabled: false } });

    const invite = await auditedBy(() =>
      asStaff(server, admin, 'POST', '/api/admin/staff', { email: 'new@staff.example', role: 'finance' }),
    );
    expect(invite).toMatchObject({ action: 'staff.invite', after: { email: 'new@staff.example', role: 'finance' } });
    const role = await auditedBy(() =>
      asStaff(server, admin, 'POST', `/api/admin/staff/${support.id}/role`, { role: 'kyc', reason: 'moved team' }),
    );
    expect(role).toMatchObject({
      action: 'staff.role',
      before: { role: 'support' },
      after: { role: 'kyc' },
      reason: 'moved team',
    });
  });

  it('records no read of a list, and never a secret the write made (an enrolment link)', async () => {
    const from = await lastId();
    expect((await staffCommand(server, admin, 'documents', { action: 'list' })).statusCode).toBe(200);
    expect((await staffCommand(server, admin, 'invoices', { action: 'withdrawals-list' })).statusCode).toBe(200);
    expect((await asStaff(server, admin, 'GET', '/api/admin/documents')).statusCode).toBe(200);
    expect(await rowsAfter(from)).toHaveLength(0);
    const invited = await auditedBy(() =>
      staffCommand(server, admin, 'staff', { email: 'link@staff.example', role: 'kyc' }),
    );
    expect(invited.after).toEqual({ email: 'link@staff.example', role: 'kyc' });
  });

  it('records each read of a document file, and serves it as the player sent it', async () => {
    const player = await createPlayer(server.ctx.db);
    const [document] = await server.ctx.db
      .insert(playerDocuments)
      .values({ playerId: player.id, type: 'identity_front', fileName: 'id.png', mimeType: 'image/png', size: 4 })
      .returning();
    const folder = path.join(server.ctx.config.documentsDir, player.id);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, document!.id), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const kyc = await enrolStaff(server, 'kyc');

    const queue = await asStaff(server, kyc, 'GET', '/api/admin/documents');
    expect(queue.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: document!.id, player: player.email, typeName: 'Identity document (front)' }),
      ]),
    );
    const file = await auditedBy(() => asStaff(server, kyc, 'GET', `/api/admin/documents/${document!.id}/file`));
    expect(file).toMatchObject({ staff_id: kyc.id, action: 'documents.file', player_id: player.id });
    const bytes = await asStaff(server, kyc, 'GET', `/api/admin/documents/${document!.id}/file`);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const marketing = await enrolStaff(server, 'marketing');
    expect((await asStaff(server, marketing, 'GET', `/api/admin/documents/${document!.id}/file`)).statusCode).toBe(403);
  });

  it('records nothing for a write that was refused', async () => {
    const from = await lastId();
    const refused = await staffCommand(server, admin, 'debit', {
      player: 'nobody@example.com',
      amount: '1',
      currency: 'EUR',
      reason: 'x',
    });
    expect(refused.statusCode).toBe(404);
    expect(await rowsAfter(from)).toHaveLength(0);
  });

  it('is append-only: the database refuses to change or remove a row', async () => {
    const refusal = (query: ReturnType<typeof sql>) =>
      server.ctx.db.execute(query).then(
        () => 'done',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update staff_audit set reason = 'edited'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from staff_audit`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate staff_audit`)).toMatch(/append-only: TRUNCATE refused/);
  });

  it('searches by staff member, player and action, and exports CSV', async () => {
    const player = await createPlayer(server.ctx.db);
    await staffCommand(server, admin, 'credit', {
      player: player.id,
      amount: '1',
      currency: 'EUR',
      reason: '=HYPERLINK("x")',
    });
    const byPlayer = await asStaff(server, admin, 'GET', `/api/admin/audit?playerId=${player.id}`);
    expect(byPlayer.json().data).toHaveLength(1);
    const byStaff = await asStaff(server, admin, 'GET', `/api/admin/audit?staffId=${payments.id}&action=debit`);
    expect(byStaff.json().data.every((r: { staffEmail: string }) => r.staffEmail === payments.email)).toBe(true);
    const csv = await asStaff(server, admin, 'GET', `/api/admin/audit?playerId=${player.id}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('four eyes', () => {
  it('holds a credit above the threshold until a second, different staff member approves it', async () => {
    const player = await createPlayer(server.ctx.db);
    const body = { player: player.id, amount: '1500', currency: 'EUR', reason: 'big goodwill' };
    const held = await staffCommand(server, payments, 'credit', body);
    expect(held.statusCode).toBe(202);
    const approval = held.json().data as { id: string; status: string };
    expect(approval.status).toBe('pending');

    const self = await asStaff(server, payments, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(self.statusCode).toBe(403);
    const marketing = await enrolStaff(server, 'marketing');
    const notAllowed = await asStaff(server, marketing, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(notAllowed.statusCode).toBe(403);

    const [first, second] = await Promise.all([
      asStaff(server, payments2, 'POST', `/api/admin/approvals/${approval.id}/approve`),
      asStaff(server, admin, 'POST', `/api/admin/approvals/${approval.id}/approve`),
    ]);
    expect([first.statusCode, second.statusCode].toSorted()).toEqual([200, 409]);
    const balance = await rowsOf<{ real_balance: unknown }>(
      sql`select real_balance from wallet_accounts where player_id = ${player.id} and currency = 'EUR'`,
    );
    expect(String(balance.rows[0]!.real_balance)).toBe('150000');

    const trail = await asStaff(server, admin, 'GET', `/api/admin/audit?playerId=${player.id}`);
    const credit = (trail.json().data as { action: string; reason: string }[]).find((r) => r.action === 'credit')!;
    expect(credit.reason).toContain(`requested by ${payments.id}`);
  });

  it('lets a credit at or below the threshold run at once', async () => {
    const player = await createPlayer(server.ctx.db);
    const answer = await staffCommand(server, payments, 'credit', {
      player: player.id,
      amount: '1000',
      currency: 'EUR',
    });
    expect(answer.statusCode).toBe(200);
  });
});
