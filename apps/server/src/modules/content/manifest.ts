import type { ModuleManifest } from '../../lib/module.ts';
import { contentAdminRoutes } from './admin.ts';
import { contentCommand } from './commands.ts';
import { contentRoutes } from './routes.ts';

/** Content: static pages, the help centre and bonus pages; imported from files, edited in the back office. */
export const contentModule: ModuleManifest = {
  name: 'content',
  commands: [contentCommand],
  adminRoutes: contentAdminRoutes,
  setup: (ctx) => ({ routes: [{ prefix: '/api/content', plugin: contentRoutes(ctx) }] }),
};
