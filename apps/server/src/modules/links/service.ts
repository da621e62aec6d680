import { createHash } from 'node:crypto';
import { and, eq, gte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { hasApprovedIdentityDocument } from '../documents/index.ts';
import { verificationState } from '../kyc/index.ts';
import { identityMatches, sharedDevices } from '../player/index.ts';
import { playerInstruments, type InstrumentKind } from './tables.ts';

/** Why two accounts are linked: a shared browser, payment instrument or verified identity. */
export type LinkKind = 'device' | InstrumentKind | 'identity';
export type LinkReason = { kind: LinkKind; detail: string };
export type LinkedPlayer = { playerId: string; reasons: LinkReason[] };

/** A payment instrument as the payment module knows it (never a card number: the provider's fingerprint). */
export type Instrument =
  | { kind: 'card'; fingerprint: string; last4: string }
  | { kind: 'iban'; iban: string }
  | { kind: 'crypto'; network: string; address: string };

function keyOf(instrument: Instrument): { value: string; label: string } {
  switch (instrument.kind) {
    case 'card':
      return { value: instrument.fingerprint, label: `••${instrument.last4}` };
    case 'iban': {
      const iban = instrument.iban.replace(/\s+/g, '').toUpperCase();
      return { value: iban, label: `${iban.slice(0, 4)} ••${iban.slice(-4)}` };
    }
    case 'crypto': {
      const typed = instrument.address.trim();
      // Ethereum-style addresses are one address whatever their letters' case (the case is a checksum).
      const address = /^0x[0-9a-f]{40}$/i.test(typed) ? typed.toLowerCase() : typed;
      return {
        value: `${instrument.network}:${address}`,
        label: `${instrument.network} ${address.slice(0, 6)}…${address.slice(-4)}`,
      };
    }
  }
}

const fingerprintOf = (instrument: Instrument) =>
  createHash('sha256')
    .update(`${instrument.kind}:${keyOf(instrument).value}`)
    .digest('hex');

/** The payment module saw the player use an instrument (a card paid, a payout asked to an IBAN or address). */
export async function noteInstrument(db: DbOrTx, playerId: string, instrument: Instrument): Promise<void> {
  const { label } = keyOf(instrument);
  const fingerprint = fingerprintOf(instrument);
  await db
    .insert(playerInstruments)
    .values({ kind: instrument.kind, fingerprint, playerId, label })
    .onConflictDoUpdate({
      target: [playerInstruments.kind, playerInstruments.fingerprint, playerInstruments.playerId],
      set: { lastSeenAt: sql`now()` },
    });
}

/**
 * The players who used the instrument staff typed (the back office's search): an IBAN in any spacing
 * or case, or a card's fingerprint as the payment provider shows it. At most 50.
 */
export async function playersByInstrument(db: DbOrTx, typed: string): Promise<string[]> {
  const value = typed.trim();
  const wanted: Instrument[] = [{ kind: 'card', fingerprint: value, last4: '' }];
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(value.replace(/\s+/g, '').toUpperCase()))
    wanted.push({ kind: 'iban', iban: value });
  const rows = await db
    .selectDistinct({ playerId: playerInstruments.playerId })
    .from(playerInstruments)
    .where(
      or(
        ...wanted.map((i) =>
          and(eq(playerInstruments.kind, i.kind), eq(playerInstruments.fingerprint, fingerprintOf(i))),
        ),
      ),
    )
    .limit(50);
  return rows.map((r) => r.playerId);
}

/** Verified: the identity provider approved the player, or an operator approved an identity document. */
async function verified(db: DbOrTx, playerId: string): Promise<boolean> {
  if ((await verificationState(db, playerId)).status === 'approved') return true;
  return hasApprovedIdentityDocument(db, playerId);
}

/**
 * The accounts linked to this player, each with every reason: a browser both signed in from (the device
 * cookie), a payment instrument both used (card fingerprint, IBAN, crypto address), or one verified
 * identity (both verified, with the same name and birth date or the same ID number). Direct links only:
 * a chain through a third account is that account's link, not this one's.
 */
export async function linkedPlayers(db: DbOrTx, playerId: string): Promise<LinkedPlayer[]> {
  const links = new Map<string, LinkReason[]>();
  const add = (id: string, reason: LinkReason) => {
    const reasons = links.get(id) ?? [];
    if (!reasons.some((r) => r.kind === reason.kind && r.detail === reason.detail)) reasons.push(reason);
    links.set(id, reasons);
  };
  for (const device of await sharedDevices(db, playerId))
    add(device.playerId, { kind: 'device', detail: `same browser${device.client ? ` (${device.client})` : ''}` });

  const other = alias(playerInstruments, 'other_instrument');
  const shared = await db
    .select({ playerId: other.playerId, kind: playerInstruments.kind, label: playerInstruments.label })
    .from(playerInstruments)
    .innerJoin(
      other,
      and(
        eq(other.kind, playerInstruments.kind),
        eq(other.fingerprint, playerInstruments.fingerprint),
        ne(other.playerId, playerInstruments.playerId),
      ),
    )
    .where(eq(playerInstruments.playerId, playerId))
    .limit(500);
  for (const row of shared) add(row.playerId, { kind: row.kind, detail: row.label });

  const matches = await identityMatches(db, playerId);
  if (matches.length > 0 && (await verified(db, playerId))) {
    for (const match of matches)
      if (await verified(db, match.playerId))
        add(match.playerId, {
          kind: 'identity',
          detail: match.basis === 'name_birthdate' ? 'same verified name and birth date' : 'same verified ID number',
        });
  }
  return [...links].map(([id, reasons]) => ({ playerId: id, reasons }));
}

/** The player and every account linked to them: one person, for rules that count people. */
export async function personOf(db: DbOrTx, playerId: string): Promise<string[]> {
  return [playerId, ...(await linkedPlayers(db, playerId)).map((l) => l.playerId)];
}

/** Players who used a payment instrument new to them since `since` (a new tie the alerts module checks). */
export async function instrumentsSeenSince(db: DbOrTx, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ playerId: playerInstruments.playerId })
    .from(playerInstruments)
    .where(gte(playerInstruments.firstSeenAt, since));
  return rows.map((r) => r.playerId);
}
