import type { AppContext } from '../../context.ts';
import type { ModuleManifest } from '../../lib/module.ts';
import { playerActionRoutes } from './admin-actions.ts';
import { playerNoteRoutes } from './admin-notes.ts';
import { playerAdminRoutes } from './admin.ts';
import { autologinCommand } from './commands.ts';
import { playerRoutes, type PlayerRouteOptions } from './routes.ts';
import { socialSettings } from './settings.ts';

/** What the player module needs of other modules, given the node's context. */
export type PlayerPorts = (ctx: AppContext) => Omit<PlayerRouteOptions, 'idTokens'>;

/** Players: registration, sign-in, sessions, profile and closure. */
export const playerModule = (ports: PlayerPorts): ModuleManifest => ({
  name: 'player',
  commands: [autologinCommand],
  adminRoutes: (ctx) => [
    ...playerAdminRoutes(ctx, ports(ctx).instrumentOwners),
    ...playerActionRoutes(ctx, ports(ctx).closure),
    ...playerNoteRoutes(ctx),
  ],
  settings: socialSettings,
  setup: (ctx, node) => ({
    routes: [{ prefix: '/api/player', plugin: playerRoutes(ctx, { ...ports(ctx), idTokens: node.idTokens }) }],
  }),
});
