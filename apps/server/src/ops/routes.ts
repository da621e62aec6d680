import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@casino/contracts';
import type { AppContext } from '../context.ts';
import type { ModuleManifest } from '../lib/module.ts';
import type { AnyOpsCommand } from '../lib/ops-command.ts';
import { notFound } from '../lib/errors.ts';
import { eventsCommand } from './events.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The peer address of the socket, not `request.ip`: with TRUST_PROXY a client could claim to be
 * 127.0.0.1 in X-Forwarded-For.
 */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.has(address) || address.startsWith('127.');
}

function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Operator calls for the local ops CLI while the server holds the embedded database: one route per
 * command, running the command's own `run` with this node. Without loopback and the per-start secret
 * the answer is the ordinary 404 of an unknown path, checked before the body is read so not even a
 * validation error gives the route away.
 */
export const opsRoutes =
  (ctx: AppContext, commands: readonly AnyOpsCommand[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!fromLoopback(request) || !secretMatches(request.headers['x-ops-secret'], ctx.opsSecret)) {
        throw notFound(`Not found: ${request.url.split('?')[0]}`);
      }
      // Tells the CLI its secret was accepted, so a 404 after it is a real "not found" (an invoice,
      // a player), not a server that does not know this secret.
      void reply.header('x-ops', 'accepted');
    });
    // The node's wake-up is looked up at each call (as when the routes passed ctx itself): tests spy on it.
    const commandContext = { db: ctx.db, notifyOutbox: () => ctx.notifyOutbox(), config: ctx.config, node: ctx };
    // Commands sharing a word have routes of their own; one route is registered once.
    const routes = new Map(commands.map((command) => [command.route, command]));
    for (const command of routes.values()) {
      app.post(
        `/${command.route}`,
        { schema: { hide: true, body: command.body, response: { 200: dataEnvelope(command.result) } } },
        async (request) => ({ data: await command.run(commandContext, request.body) }),
      );
    }
  };

/**
 * The operator's calls (the local CLI), as a part of every node: the routes of every module's commands
 * (`commandsOf`, the module list's), and the outbox's own `events` command.
 */
export const opsModule = (commandsOf: () => readonly AnyOpsCommand[]): ModuleManifest => ({
  name: 'ops',
  commands: [eventsCommand],
  setup: (ctx) => ({ routes: [{ prefix: '/api/ops', plugin: opsRoutes(ctx, commandsOf()) }] }),
});
