export {
  enqueue,
  createOutboxConsumers,
  PUSH_LANE,
  type OutboxConsumers,
  type OutboxBatchHandler,
  type OutboxBatchHandlers,
  type OutboxHandler,
  type OutboxHandlers,
  type OutboxLane,
  type OutboxPublisher,
  type OutboxRow,
  type Publication,
} from './outbox.ts';
export {
  inBatches,
  inUnitOfWork,
  joinedUnitOfWork,
  noteEnqueued,
  withTransaction,
  type UnitOfWorkContext,
} from './unit-of-work.ts';
export { pruneOutbox, startOutboxDispatcher, type Dispatcher } from './dispatcher.ts';
export { laneStates, outboxLagMs, type LaneState } from './status.ts';
export { decideParked, parkedCounts, parkedRow, parkedRows, type ParkedRow } from './parked.ts';
