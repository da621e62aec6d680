import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  ErrorCode,
  staffEnrolledSchema,
  staffEnrolSchema,
  staffEnrolStartSchema,
  staffEnrolTokenSchema,
  staffSessionSchema,
  staffSignInSchema,
  staffTokenCreateSchema,
  staffTokenSchema,
  type StaffSignIn,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { DomainError, unauthorized } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/password.ts';
import { perAddressAndLogin } from '../../lib/rate-limits.ts';
import { createSignInGuard, type SignInGuard } from '../../lib/sign-in-guard.ts';
import { withTransaction } from '../../outbox/index.ts';
import { z } from 'zod';
import { writeAudit } from './audit.ts';
import { staffPushToken } from './push.ts';
import {
  createToken,
  endSession,
  enrol,
  openSession,
  refuseSignIn,
  spendTotp,
  staffByEmail,
  staffById,
  staffView,
  startEnrolment,
  STAFF_SESSION,
} from './identity.ts';
import { csrfTokenOf, SESSION_COOKIE, type Principal } from './principal.ts';
import type { Who } from './routes.ts';
import { spendRecoveryCode } from './second-factor.ts';

/** Enrolment tokens are 256 random bits: the limit only keeps a flood off the database. */
const ENROL_RATE = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * The password, then the second factor: a TOTP code (spent, so never twice) or a recovery code. Every
 * refusal reads the same; the right password without a code says a code is missing, and its try stays
 * counted until the code comes.
 */
async function checkSignIn(ctx: AppContext, guard: SignInGuard, input: StaffSignIn, ip: string) {
  const member = await staffByEmail(ctx.db, input.email);
  const attempt = await guard.begin(`staff:${member?.id ?? input.email}`, ip);
  if (attempt.paused)
    throw new DomainError(ErrorCode.tooManyRequests, `Too many failed sign-ins. Try again in ${attempt.seconds} s.`);
  const passwordRight =
    member?.passwordHash && member.status === 'active'
      ? await verifyPassword(input.password, member.passwordHash)
      : (await burnPasswordCheck(input.password), false);
  if (!member || !passwordRight) {
    await attempt.failed();
    throw refuseSignIn();
  }
  if (!input.code) throw new DomainError(ErrorCode.staffCodeRequired, 'Enter the code from your authenticator app');
  const second =
    (await spendTotp(ctx.db, member, input.code)) || (await spendRecoveryCode(ctx.db, member.id, input.code));
  if (!second) {
    await attempt.failed();
    throw refuseSignIn();
  }
  await attempt.succeeded();
  return member;
}

/** Sign-in, enrolment, the session and API tokens (`/api/admin/auth/…`). */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = createSignInGuard(ctx.attempts);
    /** Opens a session, sets its cookie, records the sign-in; answers the session's CSRF token. */
    const startSession = async (
      reply: FastifyReply,
      request: FastifyRequest,
      member: Awaited<ReturnType<typeof staffById>>,
      action: string,
    ) => {
      const { token, sessionId } = await openSession(ctx.db, member.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      void reply.setCookie(SESSION_COOKIE, token, {
        path: '/api/admin',
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.production,
        maxAge: STAFF_SESSION.absoluteMs / 1000,
      });
      const principal: Principal = {
        via: 'session',
        staffId: member.id,
        email: member.email,
        role: member.role,
        sessionId,
        ip: request.ip,
      };
      await writeAudit(ctx.db, { principal, action, target: { targetType: 'staff-session', targetId: sessionId } });
      return csrfTokenOf(ctx.staffSecret, sessionId);
    };

    app.post(
      '/auth/sign-in',
      {
        config: perAddressAndLogin('staff-login', ctx.config.loginRateLimit, 'email'),
        schema: { tags: ['admin'], body: staffSignInSchema, response: { 200: dataEnvelope(staffSessionSchema) } },
      },
      async (request, reply) => {
        const member = await checkSignIn(ctx, guard, request.body, request.ip);
        const csrfToken = await startSession(reply, request, member, 'staff.sign-in');
        return { data: { staff: staffView(member), csrfToken } };
      },
    );

    app.post(
      '/auth/enrol/start',
      {
        config: ENROL_RATE,
        schema: {
          tags: ['admin'],
          body: staffEnrolTokenSchema,
          response: { 200: dataEnvelope(staffEnrolStartSchema) },
        },
      },
      async (request) => ({ data: await startEnrolment(ctx.db, request.body.token) }),
    );

    app.post(
      '/auth/enrol',
      {
        config: ENROL_RATE,
        schema: { tags: ['admin'], body: staffEnrolSchema, response: { 200: dataEnvelope(staffEnrolledSchema) } },
      },
      async (request, reply) => {
        const { staff: member, recoveryCodes } = await enrol(ctx.db, request.body);
        const csrfToken = await startSession(reply, request, member, 'staff.enrol');
        return { data: { staff: staffView(member), csrfToken, recoveryCodes } };
      },
    );
  };

/** The signed-in session: who it is, signing out, and API tokens made from it. */
export const sessionRoutes =
  (ctx: AppContext, who: Who): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/me',
      { schema: { tags: ['admin'], response: { 200: dataEnvelope(staffSessionSchema) } } },
      async (request) => {
        const principal = await who(request);
        if (principal.via !== 'session') throw unauthorized('Sign in to the back office');
        const member = staffView(await staffById(ctx.db, principal.staffId!));
        return { data: { staff: member, csrfToken: csrfTokenOf(ctx.staffSecret, principal.sessionId!) } };
      },
    );

    app.get(
      '/auth/push-token',
      {
        schema: {
          tags: ['admin'],
          summary: "A 5-minute token for the push hub's staff channel (staff:queues)",
          response: { 200: dataEnvelope(z.object({ token: z.string() })) },
        },
      },
      async (request) => {
        const principal = await who(request);
        if (principal.via !== 'session') throw unauthorized('Sign in to the back office');
        return { data: { token: staffPushToken(ctx.staffSecret, principal.staffId!, principal.sessionId!) } };
      },
    );

    app.post('/auth/sign-out', { schema: { tags: ['admin'] } }, async (request, reply) => {
      const principal = await who(request);
      if (principal.sessionId)
        await withTransaction(ctx, async (tx) => {
          await endSession(tx, principal.sessionId!);
          const target = { targetType: 'staff-session', targetId: principal.sessionId! };
          await writeAudit(tx, { principal, action: 'staff.sign-out', target });
        });
      void reply.clearCookie(SESSION_COOKIE, { path: '/api/admin' });
      return { data: { signedOut: true } };
    });

    app.post(
      '/auth/tokens',
      { schema: { tags: ['admin'], body: staffTokenCreateSchema, response: { 200: dataEnvelope(staffTokenSchema) } } },
      async (request) => {
        const principal = await who(request);
        if (principal.via !== 'session') throw unauthorized('Create API tokens from a signed-in session');
        const token = await withTransaction(ctx, async (tx) => {
          const created = await createToken(tx, principal.staffId!, request.body.name);
          await writeAudit(tx, {
            principal,
            action: 'staff.token-create',
            target: { targetType: 'staff-token', targetId: created.id, after: { name: created.name } },
          });
          return created;
        });
        return { data: token };
      },
    );
  };
