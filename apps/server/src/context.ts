import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AttemptCounter } from './lib/attempts.ts';
import type { Metrics } from './lib/metrics.ts';
import type { SessionStates } from './lib/auth-guard.ts';
import type { ReplayGuard } from './lib/replay-guard.ts';
import type { TokenService } from './lib/tokens.ts';
import type { OutboxConsumers } from './outbox/index.ts';
import type { Broker, PushHub } from './push/index.ts';

/** What every module gets: configuration, the database and the shared services of this node. */
export type AppContext = {
  config: Config;
  /** The process's logger; modules log through children of it. */
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  /** Shared Redis commands (rate limits, replay guard) when REDIS_URL is set. */
  redis: Redis | null;
  tokens: TokenService;
  /** What this node knows of login sessions (implemented by the player module). */
  sessions: SessionStates;
  /** Counts of failed sign-ins, codes sent… per key (throttling that must hold across nodes). */
  attempts: AttemptCounter;
  /** Request ids of signed partner calls already seen. */
  replayGuard: ReplayGuard;
  broker: Broker;
  /** Set once the push hub is registered. */
  push: PushHub | null;
  /** In-process consumers of outbox events (the winners feed; quests, loyalty… next). */
  outboxConsumers: OutboxConsumers;
  /** Wakes the outbox dispatcher after a commit that wrote events (it also polls); see `withTransaction`. */
  notifyOutbox: () => void;
  /** Secret that authenticates the local ops CLI against this process. */
  opsSecret: string;
  /** Key of the back office's CSRF tokens: derived apart from the players' token key. */
  staffSecret: string;
  /** HMAC key of the signed calls between the casino and the game provider. */
  gameWalletSecret: string;
  /**
   * Each other game aggregator's HMAC keys by its id (modules/game/providers/<id>/): its own secret, or
   * one derived from the JWT secret; the previous one during a rotation. Absent: the aggregator is not run.
   */
  aggregatorSecrets: Readonly<Record<string, { current: string; previous: string | null }>>;
  /** HMAC key of the signed calls between the casino and the payment provider (both directions). */
  paymentSecret: string;
  /** HMAC key of the second payment provider, Orbit (ORBIT_SECRET or derived): its own, never the first's. */
  orbitSecret: string;
  /** HMAC key of the identity-verification provider's calls and webhooks (KYC_SECRET or derived). */
  kycSecret: string;
  /** During a rotation, each partner's previous secret: still accepted on its calls, never used to sign. */
  previousSecrets: { gameWallet: string | null; payment: string | null; orbit: string | null; kyc: string | null };
  /** This node's metrics (`GET /metrics`). */
  metrics: Metrics;
  /** This node's own loopback URL once it listens (the sandbox provider and the casino call each other over HTTP). */
  selfUrl: () => string;
};
