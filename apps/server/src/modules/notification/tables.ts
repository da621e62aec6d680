import type { MessageType } from '@casino/contracts';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/** Messenger messages: one row per player and message; deleting one deletes the row. */
export const messengerMessages = pgTable(
  'messenger_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    type: text('type').$type<MessageType>().notNull().default('default'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    linkUrl: text('link_url'),
    linkLabel: text('link_label'),
    /** What wrote it: an event (`invoice.deposit`, `limits`…) or `operator`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('messenger_messages_player_idx').on(t.playerId, t.createdAt)],
);
export type MessengerMessageRow = typeof messengerMessages.$inferSelect;

/** Contact-form messages for the support team (from guests too). */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: uuid('player_id').references(() => players.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in live support chat: one conversation per player, kept in full. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    author: text('author').$type<'player' | 'operator'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_player_idx').on(t.playerId, t.id)],
);
