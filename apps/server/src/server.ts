import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { prepareDatabase } from './db/prepare.ts';
import { seedDemo } from './db/seed.ts';
import { configurePasswordHashing } from './lib/password.ts';
import { createLogger } from './lib/logger.ts';
import { createMetrics } from './lib/metrics.ts';
import { connected, FAIL_FAST, redisWatch, type RedisWatch } from './lib/redis.ts';
import { memoryReplayGuard, redisReplayGuard } from './lib/replay-guard.ts';
import { legacyJwtSecret, newOpsSecret } from './lib/secrets.ts';
import { createTokenService } from './lib/tokens.ts';
import { seedCatalogue } from './modules/game/index.ts';
import { readStakeRule } from './modules/sportsbook/index.ts';
import { keptSecret } from './modules/settings/index.ts';
import { seedContent } from './modules/content/index.ts';
import { createSessionStates } from './modules/player/index.ts';
import { memoryAttempts, redisAttempts } from './lib/attempts.ts';
import { configureCountryRestrictions } from './modules/settings/index.ts';
import { createOutboxConsumers, startOutboxDispatcher, type Dispatcher } from './outbox/index.ts';
import { remoteWake } from './outbox/remote-wake.ts';
import { createMemoryBroker, createRedisBroker, type Broker } from './push/index.ts';

export type RunningServer = { app: FastifyInstance; ctx: AppContext; close(): Promise<void> };

/** A partner secret made from the signing secret, for a deployment that sets none (never production). */
const derived = (label: string, jwtSecret: string) =>
  createHash('sha256').update(`${label}:${jwtSecret}`).digest('base64url');

/** The database the configuration names: PostgreSQL (its outages logged once each way) or the embedded one. */
function openConfiguredDatabase(config: Config, log: AppContext['log']): Promise<Database> {
  if (!config.databaseUrl) return openDatabase({ dataDir: `${config.dataDir}/pglite` });
  return openDatabase({
    databaseUrl: config.databaseUrl,
    timeouts: config.databaseTimeouts,
    onUnreachable: (away) =>
      away
        ? log.warn({ module: 'database' }, 'PostgreSQL is not answering: requests get 503 until it does')
        : log.info({ module: 'database' }, 'PostgreSQL answers again'),
  });
}

/**
 * Each partner's secret and the previous one of a rotation: the configured ones, or (never in
 * production) made from the signing secret, which then rotate with JWT_SECRET, so their previous ones
 * come from JWT_SECRET_PREVIOUS.
 */
function partnerSecrets(config: Config, jwtSecret: string) {
  const derivedPrevious = (label: string) =>
    config.jwtSecretPrevious ? derived(label, config.jwtSecretPrevious) : null;
  return {
    gameWalletSecret: config.game.walletSecret ?? derived('game-wallet', jwtSecret),
    aggregatorSecrets: Object.fromEntries(
      Object.entries(config.game.aggregators).flatMap(([id, aggregator]) =>
        aggregator
          ? [
              [
                id,
                aggregator.secret
                  ? { current: aggregator.secret, previous: aggregator.secretPrevious }
                  : { current: derived(`aggregator:${id}`, jwtSecret), previous: derivedPrevious(`aggregator:${id}`) },
              ],
            ]
          : [],
      ),
    ),
    paymentSecret: config.payment.secret ?? derived('payment', jwtSecret),
    orbitSecret: config.payment.orbit?.secret ?? derived('orbit', jwtSecret),
    kycSecret: config.kyc?.secret ?? derived('kyc', jwtSecret),
    staffSecret: derived('staff', jwtSecret),
    previousSecrets: {
      gameWallet: config.game.walletSecret ? config.game.walletSecretPrevious : derivedPrevious('game-wallet'),
      payment: config.payment.secret ? config.payment.secretPrevious : derivedPrevious('payment'),
      orbit: config.payment.orbit?.secret ? config.payment.orbit.secretPrevious : derivedPrevious('orbit'),
      kyc: config.kyc?.secret ? config.kyc.secretPrevious : derivedPrevious('kyc'),
    },
  } satisfies Partial<AppContext>;
}

/** What every start makes sure of: the catalogue, the bundled content, the demo data when asked. */
async function seedOnStart(ctx: AppContext): Promise<void> {
  const { config, db, log } = ctx;
  // The catalogue is not demo data: it is what the built-in sandbox provider offers, so every
  // node (production included, SEED_DEMO=0 too) makes sure it is there. Skipped at once when the
  // database already holds this catalogue version.
  await seedCatalogue(db);
  // The terms a player accepts must always be readable: the bundled content is loaded on every start.
  await seedContent(db);
  if (config.seedDemo) await seedDemo(ctx);
  // Without maximums the wallet refuses every sports ticket (fail closed): say so where the operator looks.
  if (config.sportsbook && !(await readStakeRule(db)))
    log.warn(
      'No sportsbook maximums are set: every sports ticket is refused until `npm run ops -- sportsbook limits set <maxBet> <maxEvent>` (EUR)',
    );
}

/**
 * This node's part of the outbox, by its role: `all` runs the lanes and wakes them itself; a worker
 * runs them and is also woken by the api nodes' commits; an api node runs none and wakes the workers
 * (ROLE, docs/operations.md).
 */
async function startLanes(ctx: AppContext, watch: RedisWatch | null) {
  const { config, log } = ctx;
  const remote =
    config.role === 'all'
      ? null
      : remoteWake({
          redis: watch!.connect,
          channel: `${config.redisPrefix}outbox:wake`,
          log: log.child({ module: 'outbox' }),
        });
  if (config.role === 'api') return { remote, dispatcher: null, wake: remote!.wake };
  let dispatcher: Dispatcher | null = null;
  try {
    if (config.role === 'worker') await remote!.listen(() => dispatcher?.wake());
  } catch (error) {
    remote?.close();
    throw error;
  }
  dispatcher = startOutboxDispatcher(ctx, log.child({ module: 'outbox' }), {
    retentionHours: config.outbox.retentionHours,
  });
  return { remote, dispatcher, wake: dispatcher.wake };
}

/**
 * Every Redis connection of this node, watched together (one log line when Redis goes, one when it is
 * back), the push broker on it, and the counters' connection: limits under REDIS_PREFIX, so two
 * deployments (or test runs) can share a Redis, each with a fallback in this process, so a command
 * fails at once while Redis is away. Without REDIS_URL, all in this process.
 */
async function connectRedis(config: Config, log: AppContext['log']) {
  const watch: RedisWatch | null = config.redisUrl ? redisWatch(config.redisUrl, log.child({ module: 'redis' })) : null;
  const broker = watch ? createRedisBroker(watch.connect) : createMemoryBroker();
  // Requests are over by onClose, so nothing waits on these connections when they go.
  const redis = watch ? watch.connect('counters', { ...FAIL_FAST, keyPrefix: config.redisPrefix }) : null;
  if (redis && !(await connected(redis, 5_000)))
    log.error('Redis does not answer: starting with counters and the replay guard in this process');
  return { watch, broker, redis };
}

const encoded = (secret: string) => new TextEncoder().encode(secret);

/** This node's own address on the loopback, once it listens (the sandbox parties call back through it). */
function loopbackUrlOf(app: FastifyInstance | null): string {
  const address = app?.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  return `http://127.0.0.1:${address.port}`;
}

/** What libraries keep per process (one server a process, but in the test suites, where all agree). */
function configureProcess(config: Config) {
  configureCountryRestrictions(config.restrictedCountries);
  configurePasswordHashing(config.passwordHashCost);
}

/**
 * Everything one node needs, in start order: lock (embedded only), database, migrations, seed,
 * broker, HTTP app with push hub, outbox dispatcher. `close` undoes it in reverse order.
 */
export async function createServer(config: Config, options: { database?: Database } = {}): Promise<RunningServer> {
  const releaseLock = !options.database && !config.databaseUrl ? lockDataDir(config.dataDir) : () => {};
  const log = createLogger(config);
  configureProcess(config);
  let database: Database | undefined;
  let broker: Broker | undefined;
  let redis: Redis | null = null;
  let ctx: AppContext | undefined;
  let remote: ReturnType<typeof remoteWake> | null = null;
  try {
    database = options.database ?? (await openConfiguredDatabase(config, log));
    if (!options.database) await prepareDatabase(database);
    // Outside production a deployment without JWT_SECRET makes its own, kept in its database (shared
    // by every node); never a constant from the source, which would let anyone sign tokens and webhooks.
    const jwtSecret =
      config.jwtSecret ??
      (await keptSecret(database.db, 'jwt', config.databaseUrl ? undefined : legacyJwtSecret(config.dataDir)));
    const connections = await connectRedis(config, log);
    const { watch } = connections;
    ({ broker, redis } = connections);
    let wake = () => {};
    let appRef: FastifyInstance | null = null;
    ctx = {
      config,
      log,
      database,
      db: database.db,
      redis,
      tokens: createTokenService(
        { current: encoded(jwtSecret), previous: config.jwtSecretPrevious ? encoded(config.jwtSecretPrevious) : null },
        config.accessTokenTtlSec,
      ),
      sessions: createSessionStates(database.db, { redis: watch?.connect ?? null, log }),
      attempts: redis ? redisAttempts(redis) : memoryAttempts(),
      replayGuard: redis ? redisReplayGuard(redis) : memoryReplayGuard(),
      broker,
      push: null,
      outboxConsumers: createOutboxConsumers(),
      notifyOutbox: () => wake(),
      opsSecret: newOpsSecret(),
      metrics: createMetrics(),
      ...partnerSecrets(config, jwtSecret),
      selfUrl: () => loopbackUrlOf(appRef),
    };
    await seedOnStart(ctx);
    const app = await buildApp(ctx);
    appRef = app;
    const lanes = await startLanes(ctx, watch);
    remote = lanes.remote;
    const { dispatcher } = lanes;
    wake = lanes.wake;
    const wakes = remote;
    const running = ctx;
    const db = database;
    const br = broker;
    return {
      app,
      ctx: running,
      async close() {
        await app.close();
        await dispatcher?.stop();
        wakes?.close();
        await br.close();
        await running.sessions.close();
        running.replayGuard.close();
        running.redis?.disconnect();
        if (!options.database) await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    remote?.close();
    await broker?.close().catch(() => {});
    await ctx?.sessions.close().catch(() => {});
    redis?.disconnect();
    if (!options.database) await database?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}
