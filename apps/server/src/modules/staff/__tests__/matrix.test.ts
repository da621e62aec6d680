import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_MATRIX,
  STAFF_ROLES,
  STAFF_SUBJECTS,
  staffMay,
  type StaffPermission,
  type StaffRole,
} from '@casino/contracts';
import { allCommands, MODULES } from '../../../module-list.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { asStaff, enrolStaff, type StaffAgent } from './staff-kit.ts';

const NOBODY = 'nobody@matrix.example';
const NO_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A body of each action of every command: reads, and writes aimed at nothing (an unknown player,
 * invoice, game…) so an allowed role's call is refused by the module (404, 409, 422), never by the
 * matrix. Every command must be here: a new one without its row fails the first test.
 */
const BODIES: Record<string, unknown[]> = {
  autologin: [{ player: NOBODY }],
  player: [{ action: 'links', player: NOBODY }],
  documents: [{ action: 'list' }, { action: 'approve', id: NO_ID }, { action: 'reject', id: NO_ID, reason: 'blurred' }],
  limit: [{ player: NOBODY, type: 'bet', amount: '10', currency: 'EUR', period: 'daily' }],
  exclude: [{ player: NOBODY, type: 'cooling-off', days: 1 }],
  message: [{ to: NOBODY, title: 'Hello', body: 'A message' }],
  support: [{ action: 'list' }, { action: 'reply', player: NOBODY, text: 'Hello' }],
  credit: [{ player: NOBODY, amount: '1', currency: 'EUR' }],
  debit: [{ player: NOBODY, amount: '1', currency: 'EUR', reason: 'matrix' }],
  game: [{ identity: 'no-such-provider:no-such-game', enabled: false }],
  'sportsbook-risk': [
    { action: 'limits' },
    { action: 'restrictions' },
    { action: 'unrestrict', country: 'DE', kind: 'event', ref: 'no-such-event' },
  ],
  bonus: [{ action: 'list' }, { action: 'code-list' }, { action: 'disable', name: 'no such bonus' }],
  tournament: [{ action: 'list' }, { action: 'start', identity: 'no-such-tournament' }],
  quest: [{ action: 'list' }, { action: 'disable', identity: 'no-such-quest' }],
  loyalty: [
    { action: 'levels' },
    { action: 'rates' },
    { action: 'account', player: NOBODY },
    { action: 'rates-set', gameType: 'no-such-type', points: 1, perMinor: 100 },
  ],
  invoices: [
    { action: 'withdrawals-list' },
    { action: 'withdrawals-decline', invoice: NO_ID },
    { action: 'deposits-list' },
    { action: 'deposits-confirm', invoice: 'NO-SUCH-REFERENCE' },
  ],
  'withdrawal-create': [{ player: NOBODY, amount: '1', currency: 'EUR' }],
  'crypto-send': [{ address: 'no-such-address-0000', amount: '1' }],
  'reports/close': [{ again: '2099-01-01' }],
  'reports/reconcile': [{ kind: 'psp', date: '2026-01-01', format: 'json' }],
  reports: [{ name: 'ggr', format: 'json', query: { from: '2026-01-01', to: '2026-01-02' } }],
  content: [{ dir: '/no/such/content/dir' }],
  events: [{ action: 'list' }, { action: 'skip', id: 999_999_999 }],
  mailbox: [{ to: NOBODY }],
  'sportsbook-provider': [
    { action: 'events', live: false },
    { action: 'void', event: 'no-such-event' },
  ],
  staff: [{ email: 'invited-by-matrix@staff.example', role: 'support' }],
};

/** The admin routes that are not commands, each with its permission. */
const ROUTES: { method: 'GET' | 'POST'; url: string; body?: unknown; permission: StaffPermission }[] = [
  { method: 'GET', url: '/api/admin/staff', permission: { action: 'read', subject: 'Staff' } },
  {
    method: 'POST',
    url: '/api/admin/staff/:other/role',
    body: { role: 'support', reason: 'matrix' },
    permission: { action: 'write', subject: 'Staff' },
  },
  { method: 'GET', url: '/api/admin/audit', permission: { action: 'read', subject: 'Audit' } },
  { method: 'GET', url: '/api/admin/audit?format=csv', permission: { action: 'read', subject: 'Audit' } },
];

let server: TestServer;
const agents = {} as Record<StaffRole, StaffAgent>;
let other: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  for (const role of STAFF_ROLES) agents[role] = await enrolStaff(server, role);
  other = await enrolStaff(server, 'support');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The matrix as docs/back-office.md prints it. */
function matrixTable(): string {
  const cell = (actions: readonly string[] | undefined) =>
    !actions ? '—' : actions.includes('write') ? 'read, write' : 'read';
  return [
    `| Subject | ${STAFF_ROLES.join(' | ')} |`,
    `|---|${STAFF_ROLES.map(() => '---').join('|')}|`,
    ...STAFF_SUBJECTS.map((s) => `| ${s} | ${STAFF_ROLES.map((r) => cell(STAFF_MATRIX[r][s])).join(' | ')} |`),
  ].join('\n');
}

describe('the role matrix, on every admin route', () => {
  it('is the table docs/back-office.md shows', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../docs/back-office.md'), 'utf8');
    expect(/<!-- matrix -->\n([\s\S]*?)\n<!-- \/matrix -->/.exec(doc)?.[1]).toBe(matrixTable());
  });

  it('knows a body of every command', () => {
    expect(Object.keys(BODIES).toSorted()).toEqual([...new Set(allCommands().map((c) => c.route))].toSorted());
  });

  it.each(STAFF_ROLES)('answers %s as the matrix says, on every command', async (role) => {
    const commands = new Map(allCommands().map((c) => [c.route, c]));
    const seen: string[] = [];
    for (const [route, bodies] of Object.entries(BODIES)) {
      for (const body of bodies) {
        const permission = commands.get(route)!.permission(body);
        const answer = await asStaff(server, agents[role], 'POST', `/api/admin/commands/${route}`, body);
        const allowed = staffMay(role, permission);
        seen.push(`${route} ${JSON.stringify(body).slice(0, 40)} → ${answer.statusCode}`);
        if (allowed) {
          expect([403, 401], `${role} ${route} ${JSON.stringify(body)}: ${answer.body}`).not.toContain(
            answer.statusCode,
          );
          // The body itself is one the route takes (the module may still refuse what it aims at).
          expect(answer.json().error?.message, `${route}: ${answer.body}`).not.toBe('The request is not valid');
        } else {
          expect(answer.statusCode, `${role} ${route} ${JSON.stringify(body)}: ${answer.body}`).toBe(403);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(40);
  });

  it.each(STAFF_ROLES)("answers %s as the matrix says, on the modules' own admin routes", async (role) => {
    const routes = MODULES.flatMap((m) => m.adminRoutes?.(server.ctx) ?? []);
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/documents', '/documents/:id/file', '/bonus/codes']),
    );
    for (const route of routes) {
      const url = `/api/admin${route.url.replace(':id', NO_ID)}`;
      const answer = await asStaff(server, agents[role], route.method, url, route.method === 'POST' ? {} : undefined);
      if (staffMay(role, route.permission))
        expect([401, 403], `${role} ${url}: ${answer.body}`).not.toContain(answer.statusCode);
      else expect(answer.statusCode, `${role} ${url}`).toBe(403);
    }
  });

  it.each(STAFF_ROLES)('answers %s as the matrix says, on the staff and audit routes', async (role) => {
    for (const route of ROUTES) {
      const url = route.url.replace(':other', other.id);
      const answer = await asStaff(server, agents[role], route.method, url, route.body);
      if (staffMay(role, route.permission)) expect(answer.statusCode, `${role} ${url}: ${answer.body}`).toBe(200);
      else expect(answer.statusCode, `${role} ${url}`).toBe(403);
    }
  });
});
