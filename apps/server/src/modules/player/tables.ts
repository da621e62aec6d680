import type { PlayerStatus, ValueOf } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short numeric id shown to support staff and partners. */
    externalId: bigint('external_id', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 100001 }).notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    status: integer('status').$type<ValueOf<typeof PlayerStatus>>().notNull().default(1),
    currency: text('currency'),
    country: text('country'),
    locale: text('locale'),
    timeZone: text('time_zone'),
    nickname: text('nickname'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    birthdate: text('birthdate'),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    additionalAddress: text('additional_address'),
    nationality: text('nationality'),
    placeOfBirth: text('place_of_birth'),
    profession: text('profession'),
    personalIdNumber: text('personal_id_number'),
    /** Brazilian CPF, digits only. */
    cpfNumber: text('cpf_number'),
    securityQuestion: text('security_question'),
    /** The answer support asks for, hashed as a password is: never shown again. */
    securityAnswerHash: text('security_answer_hash'),
    phone: text('phone'),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    receiveEmailPromo: boolean('receive_email_promo').notNull().default(false),
    receiveSmsPromo: boolean('receive_sms_promo').notNull().default(false),
    /** Consent to promotional bonuses (registration's `receiveBonus`): none are issued unasked without it. */
    receiveBonus: boolean('receive_bonus').notNull().default(false),
    agreedTc: boolean('agreed_tc').notNull().default(false),
    affiliateTag: text('affiliate_tag'),
    freshchatRestoreId: text('freshchat_restore_id'),
    registrationIp: text('registration_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('players_email_key').on(t.email),
    uniqueIndex('players_external_id_key').on(t.externalId),
    // One account per phone number, as per e-mail address (numbers are stored as E.164).
    uniqueIndex('players_phone_key')
      .on(t.phone)
      .where(sql`phone is not null`),
  ],
);

export const playerSessions = pgTable(
  'player_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** id (jti) of the only access token of this session that may still be refreshed. */
    tokenId: text('token_id').notNull(),
    ip: text('ip'),
    country: text('country'),
    userAgent: text('user_agent'),
    deviceType: text('device_type'),
    fingerprint: text('fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
  },
  (t) => [
    index('player_sessions_player_idx').on(t.playerId, t.createdAt),
    index('player_sessions_open_idx')
      .on(t.playerId)
      .where(sql`closed_at is null`),
  ],
);

/**
 * One-time codes: reset and confirmation links, phone OTPs, autologin tokens. Only a hash is kept,
 * so a copy of the database signs nobody in.
 */
export const playerCodes = pgTable(
  'player_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a code sent to a phone number before its player exists (phone registration). */
    playerId: uuid('player_id').references(() => players.id),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /** The address or number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Tries at a short code (OTP), each taken before its comparison; the code is void past the limit. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_codes_hash_key').on(t.codeHash),
    index('player_codes_target_idx').on(t.purpose, t.target, t.createdAt),
  ],
);

export type CodePurpose =
  /** A paused sign-in's code; its target is the hash of the challenge the answer carried. */
  'sign_in' | 'password_reset' | 'email_confirmation' | 'autologin' | 'otp_registration' | 'otp_phone' | 'otp_password';

/** A player's accounts at identity providers (social sign-in): the provider's issuer and subject. */
export const playerIdentities = pgTable(
  'player_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('player_identities_player_idx').on(t.playerId)],
);

/**
 * Browsers a player signed in from, known by the device cookie (a random token; only its hash is kept).
 * A trusted one is not held back by the pause on its account (sign-in-guard.ts); revoking trust keeps
 * the row, which still says the accounts that shared the browser (the links module reads it).
 */
export const playerDevices = pgTable(
  'player_devices',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** SHA-256 of the cookie's token, hex. */
    deviceHash: text('device_hash').notNull(),
    /** "Chrome on Windows", from the user agent of the latest sign-in. */
    client: text('client'),
    /** The session the latest sign-in opened: ending it from the session list revokes the trust. */
    lastSessionId: uuid('last_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a password reset or change, or by ending its session: no longer trusted until the next sign-in. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.deviceHash] }), index('player_devices_device_idx').on(t.deviceHash)],
);

/** Staff notes on a player (the back office's player page): who wrote what, when. Never shown to the player. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** Null for the local operator (the CLI on the server's machine). */
    staffId: uuid('staff_id'),
    /** Who wrote it, as the back office shows them (kept: a member may leave). */
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_notes_player_idx').on(t.playerId, t.createdAt)],
);
