import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/**
 * A task of a quest definition. Types: 1 verify e-mail, 2 fill profile fields, 3 win in games, 4 bet in
 * games, 5 verify phone, 6 make deposits. `quantity` counts (`unit: 'count'`) or is an amount in the
 * base currency's minor units (`unit: 'amount'`), converted into the player's currency when issued.
 */
export type QuestTaskDefinition = {
  type: 1 | 2 | 3 | 4 | 5 | 6;
  name: string;
  description?: string;
  unit: 'count' | 'amount';
  quantity: number;
  /** Types 3 and 4: only these games (ids) or collections (identities) count; none given: every game. */
  games?: string[];
  collections?: string[];
  /** Type 2: the profile fields to fill. */
  fields?: string[];
};

/** A reward: 1 a bonus or 2 free spins (a bonus definition's name, paid by the bonus engine), 3 loyalty points. */
export type QuestRewardDefinition = { type: 1 | 2 | 3; bonus?: string; points?: number };

export const questDefinitions = pgTable('quest_definitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** 0: tasks in any order; 1: one after another (only the current task is active). */
  taskExecutionOrder: integer('task_execution_order').notNull().default(0),
  /** May be in progress alongside another quest (otherwise one at a time). */
  concurrent: boolean('concurrent').notNull().default(false),
  /** How long a started quest runs (null: until `availableTo`, or without end). */
  durationHours: integer('duration_hours'),
  availableFrom: timestamp('available_from', { withTimezone: true }),
  availableTo: timestamp('available_to', { withTimezone: true }),
  tasks: jsonb('tasks').$type<QuestTaskDefinition[]>().notNull(),
  rewards: jsonb('rewards').$type<QuestRewardDefinition[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A quest given to (1 issued) or started by (2) a player, in the player's currency; 3 completed, 4 rewarded, 5 canceled, 6 expired. */
export const playerQuests = pgTable(
  'player_quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    questId: uuid('quest_id')
      .notNull()
      .references(() => questDefinitions.id),
    state: integer('state').notNull().default(1),
    currency: text('currency').notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('player_quests_player_idx').on(t.playerId, t.state),
    // A quest is held once at a time (issued, in progress, completed or rewarded); after a cancel or expiry it may start again.
    uniqueIndex('player_quests_once_idx')
      .on(t.playerId, t.questId)
      .where(sql`state < 5`),
    index('player_quests_due_idx')
      .on(t.endAt)
      .where(sql`state in (1, 2)`),
  ],
);

/** A task of a player's quest: `quantity` and `progress` in counts or minor units of the quest's currency. */
export const playerQuestTasks = pgTable(
  'player_quest_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerQuestId: uuid('player_quest_id')
      .notNull()
      .references(() => playerQuests.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    executionOrder: integer('execution_order').notNull(),
    type: integer('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit').$type<'count' | 'amount'>().notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    progress: bigint('progress', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    isActive: boolean('is_active').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    /** Copied from the definition: games, collections (resolved to game ids at issue), fields. */
    conditions: jsonb('conditions').$type<{ games?: string[]; collections?: string[]; fields?: string[] }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('player_quest_tasks_quest_idx').on(t.playerQuestId),
    // What an event looks up: the player's active, unfinished tasks of one type.
    index('player_quest_tasks_open_idx')
      .on(t.playerId, t.type)
      .where(sql`is_active and not is_completed`),
  ],
);

/** Each event a task counted (its key: a round, an invoice, an outbox row), so a redelivered event moves nothing. */
export const questTaskEvents = pgTable(
  'quest_task_events',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => playerQuestTasks.id),
    eventKey: text('event_key').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.eventKey] })],
);

/** A reward paid for a player's quest: once per (quest, reward). */
export const questRewardPayouts = pgTable(
  'quest_reward_payouts',
  {
    playerQuestId: uuid('player_quest_id')
      .notNull()
      .references(() => playerQuests.id),
    position: integer('position').notNull(),
    /** What it gave: the bonus or free spins id, or the points. */
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerQuestId, t.position] })],
);

export type QuestDefinitionRow = typeof questDefinitions.$inferSelect;
export type PlayerQuestRow = typeof playerQuests.$inferSelect;
export type TaskRow = typeof playerQuestTasks.$inferSelect;
