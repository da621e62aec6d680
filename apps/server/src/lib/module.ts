import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import type { JWTVerifyGetKey } from 'jose';
import type { OutboxConsumers } from '../outbox/index.ts';
import type { AdminRoutesOf } from './admin-route.ts';
import type { DashboardOf } from './dashboard.ts';
import type { AnyOpsCommand } from './ops-command.ts';
import { startPeriodicJob } from './periodic-job.ts';
import type { SettingsSection } from './settings.ts';

/** An HTTP plugin and the prefix it serves. */
export type RouteMount = { prefix: string; plugin: FastifyPluginAsync };

/**
 * Background work on a schedule. It runs where the lanes run (never on ROLE=api), never twice at once
 * on a node, and must be safe on several nodes at once (a lease or conditional updates of its own).
 */
export type Job = { name: string; everyMs: number; run: () => Promise<unknown>; runNow?: boolean };

/** A lane, push publisher, delivery observer or upcast added to this node's outbox; returns its removal. */
export type EventRegistration = (consumers: OutboxConsumers) => () => void;

/** What a module contributes to a node. Route plugins hold HTTP only; everything else is listed here. */
export type ModuleParts = {
  routes?: RouteMount[];
  events?: EventRegistration[];
  jobs?: Job[];
  /** Releases what the module holds on this node (caches, engines) when the app closes. */
  close?: () => unknown;
};

/** How an ID token of the social sign-in provider is checked: its issuer, our client as audience, its keys. */
export type IdTokenCheck = { issuer: string; audience: string; keys: JWTVerifyGetKey };

/** What the node prepares before its modules: the social sign-in's token check (null: none offered). */
export type NodeWiring = { idTokens: IdTokenCheck | null };

/**
 * A module's manifest: its name and what it contributes. Its settings and operator commands are known
 * before any node exists (loadConfig and the ops CLI read them); the rest is built once per node from
 * the context. The app, loadConfig and the CLI walk the list in `module-list.ts`; adding a module is
 * writing it and adding one line there.
 */
export type ModuleManifest = {
  name: string;
  /** Its environment variables and the `config.<key>` section made of them. */
  settings?: SettingsSection;
  /** Its operator commands (`npm run ops -- …`); each is an admin route too (`/api/admin/commands/…`). */
  commands?: readonly AnyOpsCommand[];
  /** Its back-office routes (`/api/admin/…`), served by the staff module with their permissions. */
  adminRoutes?: AdminRoutesOf;
  /** Its figures on the back office's dashboard (a queue's length, today's amount). */
  dashboard?: DashboardOf;
  /** Whether this deployment runs the module (a feature switch, a partner configured); default yes. */
  enabled?: (config: AppContext['config']) => boolean;
  setup(ctx: AppContext, node: NodeWiring): ModuleParts | Promise<ModuleParts>;
};

/**
 * Registers every module's events, routes and jobs, in list order, and undoes them when the app closes.
 * The role chooses what starts: an api node registers routes only; a worker and `all` everything (a
 * worker answers only its partners' routes: WORKER_PATHS in app.ts).
 */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  manifests: readonly ModuleManifest[],
  node: NodeWiring,
): Promise<void> {
  const undo: Array<() => unknown> = [];
  app.addHook('onClose', async () => {
    for (const step of undo.toReversed()) await step();
  });
  for (const manifest of manifests) {
    if (manifest.enabled && !manifest.enabled(ctx.config)) continue;
    const parts = await manifest.setup(ctx, node);
    // An api node (ROLE=api) runs no lanes, so it registers none; its jobs are not scheduled either.
    if (ctx.config.role !== 'api') for (const register of parts.events ?? []) undo.push(register(ctx.outboxConsumers));
    if (parts.close) undo.push(parts.close);
    for (const { plugin, prefix } of parts.routes ?? []) await app.register(plugin, { prefix });
    for (const job of parts.jobs ?? [])
      startPeriodicJob(app, ctx, job.name, job.everyMs, job.run, { runNow: job.runNow ?? false });
  }
}
