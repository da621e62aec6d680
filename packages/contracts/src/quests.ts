import { z } from 'zod';
import { QuestState, TaskType } from './constants.ts';
import { pageQuerySchema } from './envelope.ts';
import { text } from './text.ts';

/**
 * Quests (`/api/retention/quests`, `/api/retention/player-quests`). A quest definition lists tasks and
 * rewards; a player's quest is issued (1, by an operator), in progress (2), completed (3), rewarded
 * (4), canceled (5) or expired (6). Amounts on the wire are major units of the quest's currency.
 */

const taskTypes = Object.values(TaskType);
const identity = text()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Lower-case letters, digits, - and _ (at most 64)');

/** A quest definition as an operator writes it (`npm run ops -- quest create <file.json>`). */
export const questDefinitionInputSchema = z
  .object({
    identity,
    name: text().trim().min(1).max(120),
    description: text().max(2000).default(''),
    position: z.number().int().min(0).max(100_000).default(0),
    enabled: z.boolean().default(true),
    /** 0: tasks in any order; 1: one after another. */
    taskExecutionOrder: z.union([z.literal(0), z.literal(1)]).default(0),
    /** May run alongside another quest in progress. */
    concurrent: z.boolean().default(false),
    durationHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 366)
      .nullable()
      .default(null),
    availableFrom: z.iso.datetime({ offset: true }).optional(),
    availableTo: z.iso.datetime({ offset: true }).optional(),
    tasks: z
      .array(
        z
          .object({
            type: z.union(taskTypes.map((value) => z.literal(value))),
            name: text().trim().min(1).max(120),
            description: text().max(1000).optional(),
            unit: z.enum(['count', 'amount']).default('count'),
            /** A count, or (unit `amount`) minor units of the base currency. */
            quantity: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1),
            games: z.array(text().min(1).max(200)).max(500).optional(),
            collections: z.array(text().min(1).max(200)).max(50).optional(),
            fields: z.array(text().min(1).max(60)).max(30).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(20),
    rewards: z
      .array(
        z
          .object({
            /** 1 a bonus, 2 free spins (a bonus definition's name), 3 loyalty points. */
            type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            bonus: text().trim().min(1).max(120).optional(),
            points: z.number().int().min(1).max(100_000_000).optional(),
          })
          .strict()
          .refine((r) => (r.type === 3 ? r.points !== undefined : r.bonus !== undefined), {
            message: 'A bonus or free-spins reward names its bonus; a points reward its points',
          }),
      )
      .max(10)
      .default([]),
  })
  .strict();
export type QuestDefinitionInput = z.infer<typeof questDefinitionInputSchema>;

export const questTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.number().int(),
  executionOrder: z.number().int(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  progress: z.number(),
  quantity: z.number(),
  /** `amount`: progress and quantity are money of the quest's currency (beyond the spec). */
  unit: z.enum(['count', 'amount']).optional(),
  conditions: z.object({ games: z.array(z.string()).optional(), fields: z.array(z.string()).optional() }),
});
export type QuestTask = z.infer<typeof questTaskSchema>;

export const questRewardSchema = z.object({
  /** 1 bonus, 2 free spins, 3 loyalty points. */
  type: z.number().int(),
  /** The bonus amount (major units), the free spins or the points. */
  amount: z.number(),
  attributes: z.object({ isoCode: z.string(), lockBalance: z.boolean() }),
  /** The bonus definition's name (beyond the spec). */
  name: z.string().optional(),
});
export type QuestReward = z.infer<typeof questRewardSchema>;

/** A player's quest, or (the available list) a definition not held, in state 1 with no progress. */
export const playerQuestSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  /** The definition's id (beyond the spec): `PUT /quests/{questId}/activate`. */
  questId: z.string(),
  identity: z.string(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  state: z.number().int(),
  currency: z.string(),
  endAt: z.string().nullable(),
  taskExecutionOrder: z.number().int(),
  packageOrder: z.number().int().nullable(),
  rewards: z.array(questRewardSchema),
  tasks: z.array(questTaskSchema),
});
export type PlayerQuest = z.infer<typeof playerQuestSchema>;

const currencyCode = text().regex(/^[A-Z]{3,5}$/);
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(10));
const stateList = oneOrMany(
  z.coerce.number().pipe(z.union(Object.values(QuestState).map((value) => z.literal(value)))),
);

/** `GET /api/retention/quests?page&perPage=5&currency` */
export const questsQuerySchema = pageQuerySchema.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(5),
  currency: currencyCode.optional(),
});

/** `GET /api/retention/player-quests?state[]=2&currency&page&perPage` (plain `state=2` is taken too). */
export const playerQuestsQuerySchema = pageQuerySchema
  .extend({ 'state[]': stateList.optional(), state: stateList.optional(), currency: currencyCode.optional() })
  .transform(({ 'state[]': brackets, state, ...rest }) => ({ ...rest, state: brackets ?? state }));

/** `quest.task.updated` on `retention:quests#<playerId>`. */
export const questTaskPushSchema = z.object({
  id: z.string(),
  questId: z.string(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  progress: z.number(),
  quantity: z.number(),
  type: z.number().int(),
  name: z.string(),
  playerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type QuestTaskPush = z.infer<typeof questTaskPushSchema>;

export type QuestPush =
  | { event: 'quest.updated'; quest: PlayerQuest }
  | { event: 'quest.task.updated'; task: QuestTaskPush };
