/**
 * All tables, one place for drizzle-kit. Each module's tables live in its own schema.ts and are
 * re-exported here; the migration folder (apps/server/drizzle) is generated from this file.
 */
export * from '../modules/player/schema.ts';
export * from '../modules/wallet/schema.ts';
export * from '../outbox/schema.ts';
export * from '../modules/game/schema.ts';
export * from '../modules/game/play-schema.ts';
export * from '../modules/limits/schema.ts';
export * from '../sandbox/games/schema.ts';
