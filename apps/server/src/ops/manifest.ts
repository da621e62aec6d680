import type { ModuleManifest } from '../lib/module.ts';
import { eventsCommand } from './events.ts';

/** The outbox's own operator command (`events`); the admin API (modules/staff) serves every command. */
export const opsModule: ModuleManifest = {
  name: 'ops',
  commands: [eventsCommand],
  setup: () => ({}),
};
