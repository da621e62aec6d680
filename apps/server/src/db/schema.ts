/**
 * All tables, one place for drizzle-kit. Each module's tables live in its own tables.ts and are
 * re-exported here; the migration folder (apps/server/drizzle) is generated from this file.
 */
export * from './tables.ts';
export * from '../modules/settings/tables.ts';
export * from '../modules/player/tables.ts';
export * from '../modules/wallet/tables.ts';
export * from '../outbox/tables.ts';
export * from '../modules/game/tables.ts';
export * from '../modules/sportsbook/tables.ts';
export * from '../modules/limits/tables.ts';
export * from '../sandbox/games/tables.ts';
export * from '../modules/payment/tables.ts';
export * from '../sandbox/payments/tables.ts';
export * from '../sandbox/orbit/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/messages/tables.ts';
export * from '../modules/documents/tables.ts';
export * from '../modules/kyc/tables.ts';
export * from '../sandbox/kyc/tables.ts';
export * from '../sandbox/sportsbook/tables.ts';
export * from '../modules/notification/tables.ts';
export * from '../modules/bonus/tables.ts';
export * from '../modules/loyalty/tables.ts';
export * from '../modules/quests/tables.ts';
export * from '../modules/tournaments/tables.ts';
export * from '../modules/links/tables.ts';
