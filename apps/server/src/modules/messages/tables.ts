import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message rendered for a player. With SMTP_URL the sender sends the `pending` ones and marks
 * them `sent`; without it they are `kept`: the development mailbox (`npm run ops -- mailbox`, /dev/mailbox).
 * SMS have no gateway yet, so they are always kept.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'kept' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A sender claims a pending message by moving this forward; another node skips it until then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('messages_recipient_idx').on(t.recipient, t.id), index('messages_status_idx').on(t.status, t.id)],
);
