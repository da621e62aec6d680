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

export type OutboxConsumers = {
  /** Registers a consumer for one event name; returns the function that removes it again. */
  register(event: string, consumer: OutboxConsumer): () => void;
  of(event: string): readonly OutboxConsumer[];
};

/** The consumers of one server node (each node's dispatcher runs its own). */
export function createOutboxConsumers(): OutboxConsumers {
  const consumers = new Map<string, OutboxConsumer[]>();
  return {
    register(event, consumer) {
      consumers.set(event, [...(consumers.get(event) ?? []), consumer]);
      return () =>
        consumers.set(
          event,
          (consumers.get(event) ?? []).filter((c) => c !== consumer),
        );
    },
    of: (event) => consumers.get(event) ?? [],
  };
}
