import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
type RouteOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };
/** The store contract of @fastify/rate-limit (its own two stores implement it). */
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
};

// The plugin's stores are CommonJS files without types of their own.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/** Each call on Redis, or on this process's counters when Redis does not answer. */
function either(shared: Store, local: Store): Store {
  return {
    incr: (key, cb, timeWindow, max) =>
      shared.incr(
        key,
        (error, result) => (error ? local.incr(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      ),
    read: (key, cb, timeWindow, max) =>
      shared.read(
        key,
        (error, result) => (error ? local.read(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      ),
    child: (routeOptions) => either(shared.child(routeOptions), local.child(routeOptions)),
  };
}

/**
 * The request limits' store: shared by every node through Redis, per process while Redis is away
 * (the limits then hold per node, rather than every limited route answering 500 or nothing being
 * limited at all).
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin calls `new store(options)`: a function that returns an object is such a constructor.
  return function store(params: RouteOptions) {
    return either(
      new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis, nameSpace),
      new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
