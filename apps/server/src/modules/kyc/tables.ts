import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/** Where each player stands with the identity-verification provider, as its webhooks last said. */
export const playerVerifications = pgTable('player_verifications', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id),
  /** The provider's applicant, known from the first webhook. */
  applicantId: text('applicant_id'),
  /** KycStatus: init, pending, approved, rejected. */
  status: text('status').notNull().default('init'),
  reason: text('reason'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  /** When the provider's newest applied event happened: an older one (a late retry) changes nothing. */
  eventAtMs: bigint('event_at_ms', { mode: 'number' }).notNull().default(0),
});
