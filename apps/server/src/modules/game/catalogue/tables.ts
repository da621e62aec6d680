import type { GameEngine } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from '../../player/tables.ts';

/**
 * The game catalogue. Seeded deterministically (ids are name-based UUIDs, so the same game has the
 * same id on every install); a real aggregator's feed would fill the same tables.
 */
export const gameProviders = pgTable('game_providers', {
  id: uuid('id').primaryKey(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
});

export const gameCollections = pgTable('game_collections', {
  id: uuid('id').primaryKey(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  /** Countries the collection is shown in; empty = everywhere. */
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isHidden: boolean('is_hidden').notNull().default(false),
});

/** Badges such as "new", "hot", "exclusive". */
export const gameLabels = pgTable('game_labels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey(),
    identity: text('identity').notNull(),
    name: text('name').notNull(),
    /** Lower case, accents removed, punctuation as spaces: what name search matches against. */
    searchName: text('search_name').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    /**
     * The aggregator that serves the game: its launch client and its wallet protocol
     * (`modules/game/providers/<id>/`). `native` speaks docs/provider-wallet-api.md.
     */
    aggregator: text('aggregator').notNull().default('native'),
    /** Sandbox engine: slot | roulette | dice | crash. */
    engine: text('engine').$type<GameEngine>().notNull(),
    type: text('type').notNull(),
    volatility: text('volatility').notNull(),
    paylines: integer('paylines').notNull(),
    isDemoMode: boolean('is_demo_mode').notNull(),
    platforms: integer('platforms').array().notNull(),
    /** Countries where the game may not be listed or played (error 14308). */
    blockedCountries: text('blocked_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Higher = more popular: the `popularity`/`score` sort and the home rows. */
    popularity: integer('popularity').notNull(),
    /** The operator's default order. */
    position: integer('position').notNull(),
    /** A disabled game is hidden from listings; bets in open sessions are refused (14306). */
    isEnabled: boolean('is_enabled').notNull().default(true),
    screenWidthRatio: integer('screen_width_ratio'),
    screenHeightRatio: integer('screen_height_ratio'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('games_identity_key').on(t.identity),
    index('games_provider_idx').on(t.providerId),
    index('games_position_idx').on(t.position),
    index('games_popularity_idx').on(t.popularity),
  ],
);

export const gameCollectionGames = pgTable(
  'game_collection_games',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => gameCollections.id),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.gameId] }),
    index('game_collection_games_game_idx').on(t.gameId),
    // A category page in the operator's order reads the collection's rows in position order.
    index('game_collection_games_position_idx').on(t.collectionId, t.position),
  ],
);

export const gameFavorites = pgTable(
  'game_favorites',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameId] })],
);

/** Last launch of each game per player: "recently played". */
export const gamePlays = pgTable(
  'game_plays',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.gameId] }),
    index('game_plays_recent_idx').on(t.playerId, t.lastPlayedAt),
  ],
);

/**
 * Which version of the built-in sandbox catalogue this database holds: a node seeds (upserts) the
 * catalogue on start only when its version is missing here.
 */
export const gameCatalogueSeeds = pgTable('game_catalogue_seeds', {
  version: text('version').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

export type GameRow = typeof games.$inferSelect;
