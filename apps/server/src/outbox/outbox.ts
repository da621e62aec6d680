import type { DbOrTx, Tx } from '../db/client.ts';
import { outbox } from './tables.ts';

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
 * commits. Call `ctx.notifyOutbox()` after the commit to deliver it at once (the dispatcher also polls).
 */
export async function enqueue(tx: DbOrTx, message: OutboxMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}

/**
 * In-process consumer of an outbox event (quests, loyalty…). It runs inside the dispatcher's
 * transaction and must do its database work through `tx`: its writes commit together with the
 * row being marked delivered, so they happen once; a throw rolls them back and the row is retried.
 * (On the embedded database a second connection would wait for this transaction forever.)
 */
export type OutboxConsumer = (row: OutboxRow, tx: Tx) => Promise<void>;

const consumers = new Map<string, Set<OutboxConsumer>>();

/** Registers a consumer for one event name; returns the function that removes it again. */
export function registerOutboxConsumer(event: string, consumer: OutboxConsumer): () => void {
  let set = consumers.get(event);
  if (!set) consumers.set(event, (set = new Set()));
  set.add(consumer);
  return () => {
    set.delete(consumer);
    if (set.size === 0 && consumers.get(event) === set) consumers.delete(event);
  };
}

export function consumersOf(event: string): OutboxConsumer[] {
  return [...(consumers.get(event) ?? [])];
}
