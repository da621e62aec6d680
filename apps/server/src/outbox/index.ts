export {
  enqueue,
  createOutboxConsumers,
  type OutboxConsumer,
  type OutboxConsumers,
  type OutboxMessage,
  type OutboxRow,
} from './outbox.ts';
export { inUnitOfWork, noteEnqueued, withTransaction } from './unit-of-work.ts';
export { startOutboxDispatcher, type Dispatcher } from './dispatcher.ts';
