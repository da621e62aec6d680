import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { asStaff, enrolStaff, type StaffAgent } from '../../staff/__tests__/staff-kit.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { openAlertCount } from '../index.ts';
import { raiseAlert } from '../raise.ts';

let server: TestServer;
let compliance: StaffAgent;
let risk: StaffAgent;
let support: StaffAgent;
let kyc: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  compliance = await enrolStaff(server, 'compliance');
  risk = await enrolStaff(server, 'risk');
  support = await enrolStaff(server, 'support');
  kyc = await enrolStaff(server, 'kyc');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type AuditRow = {
  action: string;
  staff_id: string;
  player_id: string;
  before: unknown;
  after: unknown;
  reason: string;
};
const lastAuditId = async () =>
  Number(
    (
      (await server.ctx.db.execute(sql`select coalesce(max(id), 0) as id from staff_audit`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id,
  );
const auditAfter = async (id: number) =>
  (
    (await server.ctx.db.execute(sql`select * from staff_audit where id > ${id} order by id`)) as unknown as {
      rows: AuditRow[];
    }
  ).rows;

/** Runs one staff write; answers its answer and the one audit row it left. */
async function audited(write: () => Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const from = await lastAuditId();
  const answer = await write();
  expect(answer.statusCode, answer.body).toBe(200);
  const rows = await auditAfter(from);
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  return { data: (answer.json() as { data: Record<string, unknown> }).data, row: rows[0]! };
}

/** An alert about a new player, as a rule raises it. */
async function newAlert() {
  const player = await createPlayer(server.ctx.db);
  const key = randomUUID();
  await raiseAlert(server.ctx.db, {
    kind: 'card_declines',
    playerId: player.id,
    key,
    summary: '3 card deposits declined in 24 h (90.00 EUR tried)',
    facts: { declines: 3 },
  });
  const listed = await asStaff(server, support, 'GET', `/api/admin/alerts?playerId=${player.id}`);
  const [alert] = listed.json().data as { id: string; player: string; status: string }[];
  return { player, alert: alert! };
}

describe('the alerts in the back office', () => {
  it('lists, filters, shows and sums up alerts to the roles that read them', async () => {
    const { player, alert } = await newAlert();
    expect(alert).toMatchObject({ player: player.email, status: 'open', kind: 'card_declines', assignee: null });
    const byKind = await asStaff(server, support, 'GET', '/api/admin/alerts?status=open&kind=card_declines&limit=5');
    expect(byKind.json().data.map((a: { id: string }) => a.id)).toContain(alert.id);
    const none = await asStaff(server, support, 'GET', '/api/admin/alerts?kind=rising_losses');
    expect(none.json().data).toEqual([]);
    const shown = await asStaff(server, support, 'GET', `/api/admin/alerts/${alert.id}`);
    expect(shown.json().data).toMatchObject({ id: alert.id, notes: [], facts: { declines: 3 } });
    const summary = (await asStaff(server, support, 'GET', '/api/admin/alerts/summary')).json().data;
    expect(summary.open).toBe(await openAlertCount(server.ctx.db));
    expect(summary.byKind.card_declines).toBeGreaterThanOrEqual(1);
    expect(summary.byKind.rising_losses).toBe(0);

    expect((await asStaff(server, support, 'GET', `/api/admin/alerts/${randomUUID()}`)).statusCode).toBe(404);
    expect((await asStaff(server, support, 'GET', '/api/admin/alerts/not-an-id')).statusCode).toBe(404);
    for (const query of ['status=gone', 'playerId=x', 'kind=%00', 'limit=100000', 'other=1'])
      expect((await asStaff(server, support, 'GET', `/api/admin/alerts?${query}`)).statusCode, query).toBe(422);
    expect((await asStaff(server, kyc, 'GET', '/api/admin/alerts')).statusCode).toBe(403);
    expect((await asStaff(server, kyc, 'GET', `/api/admin/alerts/${alert.id}`)).statusCode).toBe(403);
  });

  it('assigns, notes and closes, each write audited with before and after', async () => {
    const { player, alert } = await newAlert();
    const url = `/api/admin/alerts/${alert.id}`;

    const assigned = await audited(() => asStaff(server, compliance, 'POST', `${url}/assign`, {}));
    expect(assigned.data).toMatchObject({ status: 'assigned', assigneeId: compliance.id, assignee: compliance.email });
    expect(assigned.row).toMatchObject({
      action: 'alerts.assign',
      staff_id: compliance.id,
      player_id: player.id,
      before: { status: 'open', assigneeId: null },
      after: { status: 'assigned', assigneeId: compliance.id },
    });
    const handed = await audited(() => asStaff(server, compliance, 'POST', `${url}/assign`, { staffId: risk.id }));
    expect(handed.data).toMatchObject({ assigneeId: risk.id });
    expect(handed.row.before).toMatchObject({ assigneeId: compliance.id });
    const mine = await asStaff(server, risk, 'GET', `/api/admin/alerts?assignee=${risk.id}`);
    expect(mine.json().data.map((a: { id: string }) => a.id)).toEqual([alert.id]);

    const noted = await audited(() =>
      asStaff(server, risk, 'POST', `${url}/notes`, { text: '  Called the bank: a new card.  ' }),
    );
    expect(noted.data.notes).toEqual([
      expect.objectContaining({ staffId: risk.id, author: risk.email, text: 'Called the bank: a new card.' }),
    ]);
    expect(noted.row).toMatchObject({
      action: 'alerts.note',
      before: { notes: 0 },
      after: { notes: 1, note: { text: 'Called the bank: a new card.' } },
    });

    const closed = await audited(() => asStaff(server, risk, 'POST', `${url}/close`, { reason: 'Card replaced' }));
    expect(closed.data).toMatchObject({
      status: 'closed',
      closedReason: 'Card replaced',
      closedAt: expect.any(String),
    });
    expect(closed.row).toMatchObject({
      action: 'alerts.close',
      reason: 'Card replaced',
      before: { status: 'assigned', assigneeId: risk.id, closedReason: null },
      after: { status: 'closed', closedReason: 'Card replaced' },
    });

    // Closed stays closed: a second close and an assignment are refused, and leave no audit row.
    const from = await lastAuditId();
    const again = await asStaff(server, compliance, 'POST', `${url}/close`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This alert is already closed');
    expect((await asStaff(server, compliance, 'POST', `${url}/assign`, {})).statusCode).toBe(409);
    expect(await auditAfter(from)).toHaveLength(0);
    expect((await asStaff(server, support, 'GET', '/api/admin/alerts?status=closed')).json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: alert.id })]),
    );
  });

  it('refuses what is not a valid change, and roles that may not make it', async () => {
    const { alert } = await newAlert();
    const url = `/api/admin/alerts/${alert.id}`;
    const from = await lastAuditId();
    const refused: [string, unknown, number][] = [
      ['notes', { text: 'nul \u0000 byte' }, 422],
      ['notes', { text: 'x'.repeat(2001) }, 422],
      ['notes', { text: '   ' }, 422],
      ['notes', { text: 'ok', extra: 1 }, 422],
      ['close', {}, 422],
      ['close', { reason: 'r'.repeat(501) }, 422],
      ['close', { reason: 'a\u0000b' }, 422],
      // Not someone who may work on alerts: a read-only role, an unknown id, not an id.
      ['assign', { staffId: support.id }, 422],
      ['assign', { staffId: randomUUID() }, 422],
      ['assign', { staffId: 'me' }, 422],
    ];
    for (const [action, body, status] of refused) {
      const answer = await asStaff(server, compliance, 'POST', `${url}/${action}`, body);
      expect(answer.statusCode, `${action} ${JSON.stringify(body).slice(0, 60)}: ${answer.body}`).toBe(status);
    }
    const unknown = `/api/admin/alerts/${randomUUID()}`;
    expect((await asStaff(server, compliance, 'POST', `${unknown}/assign`, {})).statusCode).toBe(404);
    expect((await asStaff(server, compliance, 'POST', `${unknown}/notes`, { text: 'x' })).statusCode).toBe(404);
    expect((await asStaff(server, compliance, 'POST', `${unknown}/close`, { reason: 'x' })).statusCode).toBe(404);
    // Read-only and unrelated roles are refused before their body is even looked at.
    for (const agent of [support, kyc]) {
      expect((await asStaff(server, agent, 'POST', `${url}/close`, { reason: 'x' })).statusCode).toBe(403);
      expect((await asStaff(server, agent, 'POST', `${url}/notes`, { text: '\u0000' })).statusCode).toBe(403);
    }
    expect(await auditAfter(from)).toHaveLength(0);
    const still = await asStaff(server, support, 'GET', url);
    expect(still.json().data).toMatchObject({ status: 'open', notes: [] });
  });
});
