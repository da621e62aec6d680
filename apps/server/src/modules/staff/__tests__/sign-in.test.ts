import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@casino/contracts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { asStaff, codeAt, enrolStaff } from './staff-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ ADMIN_ALLOWED_IPS: '127.0.0.1,10.1.0.0/16' });
});
afterAll(async () => {
  await server?.close();
});

const signIn = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/admin/auth/sign-in', payload, remoteAddress });

describe('staff sign-in', () => {
  it('enrols with a password and TOTP, then signs in with the password and a fresh code', async () => {
    const agent = await enrolStaff(server, 'support');
    expect(agent.recoveryCodes).toHaveLength(10);
    const me = await asStaff(server, agent, 'GET', '/api/admin/auth/me');
    expect(me.json().data.staff).toMatchObject({ email: agent.email, role: 'support', status: 'active' });

    const next = codeAt(agent.secret, Date.now() + 30_000);
    const answer = await signIn({ email: agent.email, password: agent.password, code: next });
    expect(answer.statusCode).toBe(200);
    const cookie = answer.cookies.find((c) => c.name === 'casino_staff')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });

    // Signing out ends the session at once, and is in the audit trail.
    expect((await asStaff(server, agent, 'POST', '/api/admin/auth/sign-out')).statusCode).toBe(200);
    expect((await asStaff(server, agent, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    const trail = await server.ctx.db.execute(
      sql`select action from staff_audit where staff_id = ${agent.id} and action = 'staff.sign-out'`,
    );
    expect((trail as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('refuses the enrolment link a second time, and a common password', async () => {
    const agent = await enrolStaff(server, 'kyc');
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/admin/auth/enrol/start',
      payload: { token: agent.token },
    });
    expect(again.statusCode).toBe(404);

    const invited = await opsCall(server, 'staff', { email: 'weak@staff.example', role: 'kyc' });
    const token = /#(.+)$/.exec(invited.json().data.message)![1]!;
    const { secret } = (
      await server.app.inject({ method: 'POST', url: '/api/admin/auth/enrol/start', payload: { token } })
    ).json().data;
    const weak = await server.app.inject({
      method: 'POST',
      url: '/api/admin/auth/enrol',
      payload: { token, password: 'password123', code: codeAt(secret) },
    });
    expect(weak.statusCode).toBe(422);
  });

  it('refuses the right password without the second factor', async () => {
    const agent = await enrolStaff(server, 'payments');
    const answer = await signIn({ email: agent.email, password: agent.password });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe(ErrorCode.staffCodeRequired);
    expect(answer.cookies).toHaveLength(0);
  });

  it('refuses a replayed TOTP code, and two sign-ins racing with one code get one session', async () => {
    const agent = await enrolStaff(server, 'finance');
    const code = codeAt(agent.secret, Date.now() + 30_000);
    const raced = await Promise.all(
      [1, 2, 3].map(() => signIn({ email: agent.email, password: agent.password, code })),
    );
    expect(raced.map((r) => r.statusCode).toSorted()).toEqual([200, 401, 401]);
    const replay = await signIn({ email: agent.email, password: agent.password, code });
    expect(replay.statusCode).toBe(401);
    // The enrolment's own code is older still.
    const old = await signIn({ email: agent.email, password: agent.password, code: codeAt(agent.secret) });
    expect(old.statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const agent = await enrolStaff(server, 'risk');
    const code = agent.recoveryCodes[0]!;
    expect((await signIn({ email: agent.email, password: agent.password, code })).statusCode).toBe(200);
    expect((await signIn({ email: agent.email, password: agent.password, code })).statusCode).toBe(401);
  });

  it('refuses every address outside ADMIN_ALLOWED_IPS, even with everything right', async () => {
    const agent = await enrolStaff(server, 'marketing');
    const code = codeAt(agent.secret, Date.now() + 30_000);
    const outside = await signIn({ email: agent.email, password: agent.password, code }, '203.0.113.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe(ErrorCode.staffAddressRefused);
    const inRange = await signIn({ email: agent.email, password: agent.password, code }, '10.1.44.2');
    expect(inRange.statusCode).toBe(200);
    // A session cookie taken elsewhere does not work from outside either.
    const stolen = await server.app.inject({
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: { cookie: agent.cookie },
      remoteAddress: '203.0.113.7',
    });
    expect(stolen.statusCode).toBe(403);
  });

  it('lets a whole office behind one address sign in within a minute, but not one e-mail flooded', async () => {
    // LOGIN_RATE_LIMIT is 10 a minute: eleven colleagues are not a flood.
    const office = '10.1.7.7';
    const colleagues = await Promise.all(Array.from({ length: 11 }, () => enrolStaff(server, 'support')));
    for (const agent of colleagues) {
      const code = codeAt(agent.secret, Date.now() + 30_000);
      const answer = await signIn({ email: agent.email, password: agent.password, code }, office);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const flooded = colleagues[0]!;
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push((await signIn({ email: flooded.email, password: 'wrong' }, office)).statusCode);
    expect(tries.at(-1)).toBe(429);
  });

  it('ends every session and refuses sign-in once deactivated', async () => {
    const admin = await enrolStaff(server, 'admin');
    const agent = await enrolStaff(server, 'compliance');
    const off = await asStaff(server, admin, 'POST', `/api/admin/staff/${agent.id}/deactivate`, {
      reason: 'left the company',
    });
    expect(off.statusCode).toBe(200);
    expect((await asStaff(server, agent, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    const code = codeAt(agent.secret, Date.now() + 30_000);
    expect((await signIn({ email: agent.email, password: agent.password, code })).statusCode).toBe(401);
  });

  it('refuses a session write without its CSRF token', async () => {
    const admin = await enrolStaff(server, 'admin');
    const payload = { email: 'csrf@staff.example', role: 'support' };
    const bare = await server.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: admin.cookie },
      payload,
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe(ErrorCode.staffCsrfRefused);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: {
        cookie: admin.cookie,
        'x-csrf-token': `${admin.csrf.slice(0, -1)}${admin.csrf.endsWith('A') ? 'B' : 'A'}`,
      },
      payload,
    });
    expect(wrong.statusCode).toBe(403);
    expect((await asStaff(server, admin, 'POST', '/api/admin/staff', payload)).statusCode).toBe(200);
  });

  it('answers a stranger 401 before looking at the body', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/admin/commands/credit',
      payload: { junk: true },
    });
    expect(answer.statusCode).toBe(401);
  });
});
