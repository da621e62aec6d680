export { TokenExpiredError, TokenInvalidError, type VerifiedToken, type VerifyToken } from './token.ts';
export type { Broker, BrokerPublication, HistoryOptions, HistoryResult, StreamPosition } from './broker.ts';
export { createMemoryBroker } from './memory-broker.ts';
export { createRedisBroker } from './redis-broker.ts';
export { registerPushHub, PUSH_PATH, type PushHub, type PushHubOptions } from './hub.ts';
