import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

export type InstrumentKind = 'card' | 'iban' | 'crypto';

/**
 * Payment instruments players used, as the payment module reports them: a card by its provider's
 * fingerprint, an IBAN or a crypto address they asked a payout to. Only a hash of the instrument is
 * kept, with a label an operator can tell apart (a card's "••4242"); the same hash on two players links them.
 */
export const playerInstruments = pgTable(
  'player_instruments',
  {
    kind: text('kind').$type<InstrumentKind>().notNull(),
    /** SHA-256 of the kind and the normalised instrument, hex. */
    fingerprint: text('fingerprint').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    label: text('label').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.fingerprint, t.playerId] }),
    index('player_instruments_player_idx').on(t.playerId),
  ],
);
