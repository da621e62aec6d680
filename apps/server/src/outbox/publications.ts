import { Channel, PushEvent, type EventMap, type EventName } from '@casino/contracts';
import type { OutboxConsumers, OutboxRow, Publication } from './outbox.ts';

/**
 * The keys of a payload in the order jsonb keeps them (shorter first, then byte order). The push of
 * an event used to be the row's own payload, read back from jsonb; derived from the event it goes
 * out byte for byte as it did. (Nested objects come from the row's jsonb already in that order.)
 */
export function inJsonbOrder(payload: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(payload).sort((a, b) => {
    const [x, y] = [Buffer.from(a), Buffer.from(b)];
    return x.length - y.length || Buffer.compare(x, y);
  });
  return Object.fromEntries(keys.map((key) => [key, payload[key]]));
}

type Derive<E extends EventName> = (payload: EventMap[E]) => Publication;

const push = (channel: string, payload: Record<string, unknown>): Publication => ({
  channel,
  payload: inJsonbOrder(payload),
});

/** The push each domain event written by the services makes, on the player's channel. */
const DERIVED: { [E in EventName]?: Derive<E> } = {
  'documents.updated': ({ playerId, document }) =>
    push(Channel.playerDocuments(playerId), { event: PushEvent.documentUpdated, document }),
  'kyc.verification.updated': ({ playerId, state }) =>
    push(Channel.playerVerification(playerId), { event: PushEvent.verificationUpdated, state }),
  'limits.changed': (change) =>
    push(Channel.notifications(change.playerId), { event: PushEvent.limitsUpdated, ...change }),
  'messenger.message.created': ({ playerId, message, totalUnread }) =>
    push(Channel.notifications(playerId), { event: PushEvent.messageCreated, message, totalUnread }),
  'messenger.unread.updated': ({ playerId, totalUnread }) =>
    push(Channel.notifications(playerId), { event: PushEvent.unreadUpdated, totalUnread }),
  'support.message': ({ playerId, message }) =>
    push(Channel.support(playerId), { event: PushEvent.supportMessage, message }),
};

/** Registers the derived pushes with a node's publishers; returns their removal. */
export function registerPushPublications(consumers: OutboxConsumers): () => void {
  const stops = Object.entries(DERIVED).map(([event, derive]) =>
    consumers.registerPublisher(event as EventName, (row: OutboxRow) => [(derive as Derive<EventName>)(row.payload)]),
  );
  return () => stops.forEach((stop) => stop());
}
