import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Block, ContentArea } from '@casino/contracts';

/** Content pages (static pages, help-centre questions, bonus pages), one row per locale. */
export const contentEntries = pgTable(
  'content_entries',
  {
    area: text('area').$type<ContentArea>().notNull(),
    identity: text('identity').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    position: integer('position').notNull().default(0),
    blocks: jsonb('blocks').$type<Block[]>().notNull(),
    /** Of the source file, so an import rewrites only what changed. */
    sourceHash: text('source_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.identity, t.locale] })],
);
export type ContentRow = typeof contentEntries.$inferSelect;
