import type { ModuleManifest } from '../../lib/module.ts';
import { contentCommand } from './commands.ts';
import { contentRoutes } from './routes.ts';

/** Content: static pages, the help centre and bonus pages. */
export const contentModule: ModuleManifest = {
  name: 'content',
  commands: [contentCommand],
  setup: (ctx) => ({ routes: [{ prefix: '/api/content', plugin: contentRoutes(ctx) }] }),
};
