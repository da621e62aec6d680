import type { ModuleManifest } from '../../lib/module.ts';
import { playerRoutes, type PlayerRouteOptions } from './routes.ts';

/** Players: registration, sign-in, sessions, profile and closure. */
export const playerModule = (options: PlayerRouteOptions): ModuleManifest => ({
  name: 'player',
  setup: (ctx) => ({ routes: [{ prefix: '/api/player', plugin: playerRoutes(ctx, options) }] }),
});
