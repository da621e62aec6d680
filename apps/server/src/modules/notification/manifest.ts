import type { ModuleManifest } from '../../lib/module.ts';
import { notificationAdminRoutes } from './admin.ts';
import { messageCommand, supportCommand } from './commands.ts';
import { registerMessengerConsumers } from './consumers.ts';
import { notificationRoutes } from './routes.ts';
import { supportSettings } from './settings.ts';

/** The messenger and support chat: their routes, and the lanes that file messages and push them. */
export const notificationModule: ModuleManifest = {
  name: 'notification',
  commands: [messageCommand, supportCommand],
  adminRoutes: notificationAdminRoutes,
  settings: supportSettings,
  setup: (ctx) => ({
    routes: [{ prefix: '/api/notification', plugin: notificationRoutes(ctx) }],
    events: [registerMessengerConsumers],
  }),
};
