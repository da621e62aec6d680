import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { orbitApi } from './api.ts';
import { orbitPages } from './pages.ts';
import type { SandboxOrbit } from './party.ts';

/**
 * The sandbox Orbit, mounted at `/sandbox/orbit`: a second payment provider, a party of its own with its
 * own secret, API shape and signature (docs/orbit-api.md). The casino reaches it only over signed HTTP;
 * it reports only through signed events; the customer approves on its own page.
 */
export const sandboxOrbitRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const orbit: SandboxOrbit = { ctx, log: app.log.child({ module: 'sandbox-orbit' }) };
    await app.register(orbitApi(orbit));
    await app.register(orbitPages(orbit));
  };
