import type { StaffRole } from '@casino/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The back office's people: never players, with their own sign-in, second factor and sessions. */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    status: text('status').$type<'invited' | 'active' | 'deactivated'>().notNull().default('invited'),
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32), set at enrolment; `pendingTotpSecret` until the first code proves it. */
    totpSecret: text('totp_secret'),
    pendingTotpSecret: text('pending_totp_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** sha256 of each unused recovery code. */
    recoveryCodes: text('recovery_codes').array().notNull().default([]),
    /** sha256 of the one-time enrolment link's token, and until when it works. */
    enrolTokenHash: text('enrol_token_hash'),
    enrolExpiresAt: timestamp('enrol_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email_idx').on(t.email), uniqueIndex('staff_enrol_token_idx').on(t.enrolTokenHash)],
);

/** A staff sign-in: 8 h at most, 30 min idle; ended by sign-out, deactivation or a role change. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    /** sha256 of the cookie's random token (the cookie holds the token, the database never does). */
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), uniqueIndex('staff_sessions_token_idx').on(t.tokenHash)],
);

/** API tokens for scripts (the ops CLI): the staff member's permissions, kept as the token's sha256. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * The audit trail: every staff write, and every read of a player's documents, written in the write's
 * own transaction. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0035, sql/audit.sql).
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the local operator (the ops CLI on the server's machine, with its per-start secret). */
    staffId: uuid('staff_id'),
    role: text('role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    playerId: uuid('player_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [
    index('staff_audit_staff_idx').on(t.staffId, t.id),
    index('staff_audit_player_idx').on(t.playerId, t.id),
    index('staff_audit_action_idx').on(t.action, t.id),
  ],
);

/** A write above the four-eyes threshold, waiting for a second, different approver. */
export const staffApprovals = pgTable(
  'staff_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    command: text('command').notNull(),
    body: jsonb('body').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<'pending' | 'approved' | 'declined'>().notNull().default('pending'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('staff_approvals_status_idx').on(t.status, t.requestedAt)],
);
