import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '@casino/contracts';
import { opsCall, type TestServer } from '../../../test/server.ts';

/** The authenticator app: the code of `secret` at `at` (ms). */
export const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** A signed-in staff member: the session cookie and its CSRF token, the TOTP secret, the recovery codes. */
export type StaffAgent = {
  id: string;
  email: string;
  role: StaffRole;
  cookie: string;
  csrf: string;
  secret: string;
  recoveryCodes: string[];
  password: string;
};

export const STAFF_PASSWORD = 'a long staff passphrase 7';

/** Invites (as the local operator, as `staff create` does), enrols with TOTP, and is signed in by enrolment. */
export async function enrolStaff(
  server: TestServer,
  role: StaffRole,
  email = `${role}-${crypto.randomUUID()}@staff.example`,
) {
  const invited = await opsCall(server, 'staff', { email, role });
  if (invited.statusCode !== 200) throw new Error(`staff create: ${invited.body}`);
  const token = /#(.+)$/.exec((invited.json() as { data: { message: string } }).data.message)![1]!;
  const start = await server.app.inject({ method: 'POST', url: '/api/admin/auth/enrol/start', payload: { token } });
  const { secret } = start.json().data as { secret: string };
  const enrolled = await server.app.inject({
    method: 'POST',
    url: '/api/admin/auth/enrol',
    payload: { token, password: STAFF_PASSWORD, code: codeAt(secret) },
  });
  if (enrolled.statusCode !== 200) throw new Error(`enrol: ${enrolled.body}`);
  const data = enrolled.json().data as { staff: { id: string }; csrfToken: string; recoveryCodes: string[] };
  const cookie = enrolled.cookies.find((c) => c.name === 'casino_staff')!;
  return {
    id: data.staff.id,
    email,
    role,
    cookie: `casino_staff=${cookie.value}`,
    csrf: data.csrfToken,
    secret,
    recoveryCodes: data.recoveryCodes,
    password: STAFF_PASSWORD,
    token,
  } satisfies StaffAgent & { token: string };
}

/** A request of the staff member's session, with the CSRF token on writes. */
export const asStaff = (
  server: TestServer,
  agent: Pick<StaffAgent, 'cookie' | 'csrf'>,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url,
    headers: { cookie: agent.cookie, ...(method === 'POST' ? { 'x-csrf-token': agent.csrf } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** An operator command as the staff member. */
export const staffCommand = (
  server: TestServer,
  agent: Pick<StaffAgent, 'cookie' | 'csrf'>,
  route: string,
  body: unknown,
) => asStaff(server, agent, 'POST', `/api/admin/commands/${route}`, body);
