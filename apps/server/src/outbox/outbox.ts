import { EVENT_VERSIONS, type EventMap, type EventName } from '@casino/contracts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { registerPushPublications } from './publications.ts';
import { outbox } from './tables.ts';
import { noteEnqueued } from './unit-of-work.ts';

/** An outbox row as consumers see it: its payload typed by its event. */
export type OutboxRow<E extends EventName = EventName> = {
  id: number;
  /** The writing transaction (`pg_current_xact_id()`), as text. */
  tx: string;
  event: E;
  /** The version of the payload's shape (EVENT_VERSIONS when it was written). */
  v: number;
  payload: EventMap[E];
  createdAt: Date;
};

/**
 * Writes a domain event in the caller's transaction, so it exists exactly when the change it describes
 * commits; run the transaction with `withTransaction` to have it delivered right after the commit.
 */
export async function enqueue<E extends EventName>(tx: DbOrTx, event: E, payload: EventMap[E]): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ event, v: EVENT_VERSIONS[event], payload: payload as Record<string, unknown> })
    .returning({ id: outbox.id });
  noteEnqueued();
  return row!.id;
}

/**
 * What a consumer does with one event. It runs in a savepoint of its lane's transaction and must do its
 * database work through `tx`: its writes commit together with the lane's cursor passing the row, so
 * they happen once; a throw rolls them back and the row is retried. (On the embedded database a
 * second connection would wait for this transaction forever.)
 */
export type OutboxHandler<E extends EventName> = (row: OutboxRow<E>, tx: Tx) => Promise<void>;
export type OutboxHandlers = { [E in EventName]?: OutboxHandler<E> };
/**
 * What a consumer does with a run of consecutive rows of one event, in one savepoint: for events every
 * bet writes, so a consumer does one set-based statement a batch instead of a few per row. A throw
 * takes back the whole run, which is handed over again.
 */
export type OutboxBatchHandler<E extends EventName> = (rows: readonly OutboxRow<E>[], tx: Tx) => Promise<void>;
export type OutboxBatchHandlers = { [E in EventName]?: OutboxBatchHandler<E> };

/**
 * A consumer: a named lane through the event stream with its own cursor, retries and failures. A lane
 * registered for the first time starts before the oldest row kept (`beginning`) or after the newest
 * (`now`); afterwards it goes on from its cursor, whichever node runs it.
 */
export type OutboxLane = {
  name: string;
  startFrom: 'beginning' | 'now';
  handlers: OutboxHandlers;
  /** Events handled a run of rows at a time (an event is in `handlers` or here, not both). */
  batches?: OutboxBatchHandlers;
};

/** The lane that publishes every row to the push broker (built into the dispatcher). */
export const PUSH_LANE = 'push';

/** A push publication: the wire payload of a channel. */
export type Publication = { channel: string; payload: Record<string, unknown> };

/**
 * Turns an event into push publications at delivery, reading through `tx` and writing nothing: the
 * push of a domain event, or one that needs data the writer did not have at hand (the winners feed
 * needs the game's name and the player's public name for a closed round).
 */
export type OutboxPublisher<E extends EventName = EventName> = (
  row: OutboxRow<E>,
  tx: Tx,
) => Promise<readonly Publication[]> | readonly Publication[];

export type OutboxObserver<E extends EventName = EventName> = (row: OutboxRow<E>) => void;

/**
 * Brings a payload written at version `from` of its event to version `from + 1`, reading through `tx`
 * what the old shape did not carry (the owner of the event knows how).
 */
export type OutboxUpcast = (payload: Record<string, unknown>, tx: Tx) => Promise<Record<string, unknown>>;

export type OutboxConsumers = {
  /** Registers a lane (its name unique on this node); returns the function that removes it again. */
  register(lane: OutboxLane): () => void;
  /** Registers a publisher for one event; returns the function that removes it again. */
  registerPublisher<E extends EventName>(event: E, publisher: OutboxPublisher<E>): () => void;
  /** Registers a callback the push lane tells of every row of one event it publishes (a node's caches follow the changes); returns its removal. */
  onDelivery<E extends EventName>(event: E, observer: OutboxObserver<E>): () => void;
  /** Registers how rows written at version `from` of an event become `from + 1` (EVENT_VERSIONS); returns its removal. */
  registerUpcast(event: EventName, from: number, upcast: OutboxUpcast): () => void;
  /**
   * The row in its event's current shape: as it is, or brought up by the registered upcasts. Throws
   * for a row no upcast reaches (a newer node wrote it, or the upcast is missing): its lane retries
   * it, then parks it with the reason, and goes on.
   */
  current<E extends EventName>(row: OutboxRow<E>, tx: Tx): Promise<OutboxRow<E>>;
  lanes(): readonly OutboxLane[];
  /** Calls `listener` with every lane registered (true) or removed (false) from now on; returns its removal. */
  watchLanes(listener: (lane: OutboxLane, added: boolean) => void): () => void;
  publishersOf(event: string): readonly OutboxPublisher[];
  observersOf(event: string): readonly OutboxObserver[];
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

/** The lanes, publishers and observers of one server node (each node's dispatcher runs its own). */
export function createOutboxConsumers(): OutboxConsumers {
  const publishers = registry<OutboxPublisher>();
  const observers = registry<OutboxObserver>();
  const upcasts = registry<OutboxUpcast>();
  const lanes = new Map<string, OutboxLane>();
  const listeners = new Set<(lane: OutboxLane, added: boolean) => void>();
  const consumers: OutboxConsumers = {
    register(lane) {
      if (lane.name === PUSH_LANE || lanes.has(lane.name) || !/^[\w.:-]{1,64}$/.test(lane.name))
        throw new Error(`outbox lane name "${lane.name}" is taken or not valid`);
      lanes.set(lane.name, lane);
      for (const listener of listeners) listener(lane, true);
      return () => {
        if (lanes.get(lane.name) !== lane) return;
        lanes.delete(lane.name);
        for (const listener of listeners) listener(lane, false);
      };
    },
    registerPublisher: (event, publisher) => publishers.add(event, publisher as OutboxPublisher),
    onDelivery: (event, observer) => observers.add(event, observer as OutboxObserver),
    registerUpcast: (event, from, upcast) => upcasts.add(`${event}@${from}`, upcast),
    async current(row, tx) {
      const now = EVENT_VERSIONS[row.event];
      if (row.v === now) return row;
      let payload = row.payload as Record<string, unknown>;
      for (let v = row.v; v !== now; v++) {
        const [upcast] = upcasts.of(`${row.event}@${v}`);
        if (v > now || !upcast)
          throw new Error(
            `${row.event} written at version ${row.v}: this node reads version ${now} and has no upcast from ${v}`,
          );
        payload = await upcast(payload, tx);
      }
      return { ...row, v: now, payload: payload as EventMap[typeof row.event] };
    },
    lanes: () => [...lanes.values()],
    watchLanes(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishersOf: publishers.of,
    observersOf: observers.of,
  };
  registerPushPublications(consumers);
  return consumers;
}
