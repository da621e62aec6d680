import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The sandbox identity-verification provider's own book: one applicant per casino player. */
export const sandboxKycApplicants = pgTable('sandbox_kyc_applicants', {
  id: text('id').primaryKey(),
  /** The casino's player id (Sumsub's externalUserId). */
  externalUserId: uuid('external_user_id').notNull().unique(),
  levelName: text('level_name').notNull(),
  /** init: documents not sent yet; pending: waiting for a reviewer; completed: reviewed. */
  status: text('status').$type<'init' | 'pending' | 'completed'>().notNull().default('init'),
  reviewAnswer: text('review_answer').$type<'GREEN' | 'RED'>(),
  comment: text('comment'),
  documentType: text('document_type'),
  /** What was received, for the reviewer (kind, type sniffed from the bytes, size); the bytes are not kept. */
  received: text('received'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
