import type { DbOrTx, Tx } from '../db/client.ts';
import { outbox } from './tables.ts';
import { noteEnqueued } from './unit-of-work.ts';

export type OutboxMessage = {
  event: string;
  /** Push channel to publish `payload` on; null for in-process consumers only. */
  channel: string | null;
  /** Published as is, so it must be the wire payload of the channel. */
  payload: Record<string, unknown>;
};

export type OutboxRow = OutboxMessage & { id: number; createdAt: Date };

/**
 * Writes an event in the caller's transaction, so it exists exactly when the change it describes
 * commits; run the transaction with `withTransaction` to have it delivered right after the commit.
 */
export async function enqueue(tx: DbOrTx, message: OutboxMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
  noteEnqueued();
  return row!.id;
}

/**
 * In-process consumer of an outbox event (the winners feed; quests, loyalty… next). It runs inside the
 * dispatcher's transaction and must do its database work through `tx`: its writes commit together
 * with the row being marked delivered, so they happen once; a throw rolls them back and the row is
 * retried. (On the embedded database a second connection would wait for this transaction forever.)
 */
export type OutboxConsumer = (row: OutboxRow, tx: Tx) => Promise<void>;

/** A push publication: the wire payload of a channel. */
export type Publication = { channel: string; payload: Record<string, unknown> };

/**
 * Turns an event into push publications at delivery, reading through `tx` and writing nothing (so it
 * needs no savepoint): for an event whose publication needs data the writer did not have at hand
 * (the winners feed needs the game's name and the player's public name for a closed round).
 */
export type OutboxPublisher = (row: OutboxRow, tx: Tx) => Promise<readonly Publication[]>;

export type OutboxConsumers = {
  /** Registers a consumer for one event name; returns the function that removes it again. */
  register(event: string, consumer: OutboxConsumer): () => void;
  /** Registers a publisher for one event name; returns the function that removes it again. */
  registerPublisher(event: string, publisher: OutboxPublisher): () => void;
  /** Registers a callback told of every delivery of one event (a node's caches follow the changes); returns its removal. */
  onDelivery(event: string, observer: (row: OutboxRow) => void): () => void;
  of(event: string): readonly OutboxConsumer[];
  publishersOf(event: string): readonly OutboxPublisher[];
  observersOf(event: string): readonly ((row: OutboxRow) => void)[];
};

function registry<T>() {
  const byEvent = new Map<string, T[]>();
  return {
    add(event: string, item: T) {
      byEvent.set(event, [...(byEvent.get(event) ?? []), item]);
      return () => {
        byEvent.set(
          event,
          (byEvent.get(event) ?? []).filter((c) => c !== item),
        );
      };
    },
    of: (event: string): readonly T[] => byEvent.get(event) ?? [],
  };
}

/** The consumers and publishers of one server node (each node's dispatcher runs its own). */
export function createOutboxConsumers(): OutboxConsumers {
  const consumers = registry<OutboxConsumer>();
  const publishers = registry<OutboxPublisher>();
  const observers = registry<(row: OutboxRow) => void>();
  return {
    register: consumers.add,
    registerPublisher: publishers.add,
    onDelivery: observers.add,
    of: consumers.of,
    publishersOf: publishers.of,
    observersOf: observers.of,
  };
}
