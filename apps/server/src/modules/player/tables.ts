import type { PlayerStatus, ValueOf } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    phone: text('phone'),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    receiveEmailPromo: boolean('receive_email_promo').notNull().default(false),
    receiveSmsPromo: boolean('receive_sms_promo').notNull().default(false),
    agreedTc: boolean('agreed_tc').notNull().default(false),
    affiliateTag: text('affiliate_tag'),
    freshchatRestoreId: text('freshchat_restore_id'),
    registrationIp: text('registration_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('players_email_key').on(t.email), uniqueIndex('players_external_id_key').on(t.externalId)],
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
