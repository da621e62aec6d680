import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { ModuleManifest } from '../../lib/module.ts';
import { authRoutes, sessionRoutes } from './auth-routes.ts';
import { dashboardRoutes } from './dashboard.ts';
import { commandRoutes } from './gateway.ts';
import { moduleRoutes } from './module-routes.ts';
import { isLocalOperator } from './local-operator.ts';
import { allowedAddresses, checkAddress, principalOf, type Principal } from './principal.ts';
import { auditRoutes, staffRoutes } from './staff-routes.ts';

/** The routes a stranger may call: signing in and enrolling. */
const OPEN_ROUTES = new Set(['/api/admin/auth/sign-in', '/api/admin/auth/enrol/start', '/api/admin/auth/enrol']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member (or local operator) of an admin request, set before its body is checked. */
    principal: Principal | null;
  }
}

/** The principal of a request past the admin API's hooks (every route but the open ones has one). */
export type Who = (request: unknown) => Promise<Principal>;

/**
 * The admin API under /api/admin: staff sign-in and enrolment, the staff list, the audit trail, and
 * the operator commands (gateway.ts). Every request comes from an allowed address; every route but
 * sign-in and enrolment names its permission.
 */
export const adminRoutes =
  (ctx: AppContext, modulesOf: () => readonly ModuleManifest[]): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyCookie);
    const allowed = allowedAddresses(ctx.config.staff.allowedIps);
    const keys = {
      staffSecret: ctx.staffSecret,
      isLocalOperator: (r: FastifyRequest) => isLocalOperator(r, ctx.opsSecret),
    };
    app.addHook('onRequest', async (request) => {
      if (!keys.isLocalOperator(request)) checkAddress(allowed, request.ip);
    });
    // Who is calling, before the body is checked: a stranger learns nothing of a route's body.
    app.decorateRequest('principal', null);
    app.addHook('preValidation', async (request) => {
      if (!OPEN_ROUTES.has(request.routeOptions.url ?? ''))
        request.principal = await principalOf(ctx.db, request, keys);
    });
    const who: Who = async (request) => {
      const principal = (request as FastifyRequest).principal;
      if (!principal) throw unauthorized('Sign in to the back office');
      return principal;
    };
    await app.register(authRoutes(ctx));
    await app.register(sessionRoutes(ctx, who));
    await app.register(staffRoutes(ctx, who));
    await app.register(auditRoutes(ctx, who));
    // Every module's commands; the admin routes of the modules this deployment runs.
    const modules = modulesOf();
    const running = modules.filter((m) => !m.enabled || m.enabled(ctx.config));
    await app.register(
      commandRoutes(
        ctx,
        modules.flatMap((m) => m.commands ?? []),
        who,
      ),
    );
    await app.register(
      dashboardRoutes(
        running.flatMap((m) => m.dashboard?.(ctx) ?? []),
        who,
        ctx.log,
      ),
    );
    await app.register(
      moduleRoutes(
        ctx,
        running.flatMap((m) => m.adminRoutes?.(ctx) ?? []),
        who,
      ),
    );
  };
