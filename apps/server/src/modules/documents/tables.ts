import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/** Identity documents players upload; the bytes live in DOCUMENTS_DIR, outside the web root. */
export const playerDocuments = pgTable(
  'player_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    type: text('type').notNull(),
    /** DocumentStatus: 1 pending, 2 approved, 3 rejected. */
    status: integer('status').notNull().default(1),
    /** The name the player's file had, for display only (never a path). */
    fileName: text('file_name').notNull(),
    /** Sniffed from the bytes: image/jpeg, image/png or application/pdf. */
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('player_documents_player_idx').on(t.playerId, t.createdAt),
    index('player_documents_status_idx').on(t.status),
  ],
);
