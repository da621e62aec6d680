import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { questPlayerRoute } from './admin-player.ts';
import { listQuestDefinitions } from './definitions.ts';

/** A quest definition as the back office lists it: as the operator wrote it, amounts in base-currency minor units. */
const adminQuestSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  enabled: z.boolean(),
  taskExecutionOrder: z.number(),
  concurrent: z.boolean(),
  durationHours: z.number().nullable(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  tasks: z.array(
    z.object({
      type: z.number(),
      name: z.string(),
      description: z.string().optional(),
      unit: z.enum(['count', 'amount']),
      quantity: z.number(),
      games: z.array(z.string()).optional(),
      collections: z.array(z.string()).optional(),
      fields: z.array(z.string()).optional(),
    }),
  ),
  rewards: z.array(z.object({ type: z.number(), bonus: z.string().optional(), points: z.number().optional() })),
  createdAt: z.string(),
});

/** The quest definitions, as data for the back office (Promotion read); changes go through the `quest` command. */
export const questAdminRoutes = (ctx: AppContext) => [
  questPlayerRoute(ctx),
  adminRoute({
    method: 'GET',
    url: '/quests/definitions',
    summary: 'The quest definitions with their tasks and rewards, in their order',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminQuestSchema),
    async handle() {
      return (await listQuestDefinitions(ctx.db)).map((row) => ({
        id: row.id,
        identity: row.identity,
        name: row.name,
        description: row.description,
        position: row.position,
        enabled: row.enabled,
        taskExecutionOrder: row.taskExecutionOrder,
        concurrent: row.concurrent,
        durationHours: row.durationHours,
        availableFrom: row.availableFrom?.toISOString() ?? null,
        availableTo: row.availableTo?.toISOString() ?? null,
        tasks: row.tasks,
        rewards: row.rewards,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  }),
];
