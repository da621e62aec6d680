import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { seedDemo } from './db/seed.ts';
import { seedCatalogue } from './modules/game/catalogue/seed/seed-catalogue.ts';
import { createTokenService } from './lib/tokens.ts';
import { createHash } from 'node:crypto';
import { embeddedJwtSecret, newOpsSecret } from './lib/secrets.ts';
import { createMemoryBroker, createRedisBroker, type Broker } from './push/index.ts';
import { startOutboxDispatcher } from './outbox/dispatcher.ts';

export type RunningServer = { app: FastifyInstance; ctx: AppContext; close(): Promise<void> };

/**
 * Everything one node needs, in start order: lock (embedded only), database, migrations, seed,
 * broker, HTTP app with push hub, outbox dispatcher. `close` undoes it in reverse order.
 */
export async function createServer(config: Config, options: { database?: Database } = {}): Promise<RunningServer> {
  const releaseLock = !options.database && !config.databaseUrl ? lockDataDir(config.dataDir) : () => {};
  let database: Database | undefined;
  let broker: Broker | undefined;
  try {
    database =
      options.database ??
      (config.databaseUrl
        ? await openDatabase({ databaseUrl: config.databaseUrl })
        : await openDatabase({ dataDir: `${config.dataDir}/pglite` }));
    if (!options.database) await migrateDatabase(database);
    const jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.dataDir);
    broker = config.redisUrl ? createRedisBroker(config.redisUrl) : createMemoryBroker();
    let wake = () => {};
    let appRef: FastifyInstance | null = null;
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      tokens: createTokenService(new TextEncoder().encode(jwtSecret), config.accessTokenTtlSec),
      broker,
      push: null,
      notifyOutbox: () => wake(),
      opsSecret: newOpsSecret(),
      gameWalletSecret:
        config.game.walletSecret ?? createHash('sha256').update(`game-wallet:${jwtSecret}`).digest('base64url'),
      selfUrl: () => {
        const address = appRef?.server.address();
        if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
        return `http://127.0.0.1:${address.port}`;
      },
    };
    // The catalogue is not demo data: it is what the built-in sandbox provider offers, so every
    // node (production included, SEED_DEMO=0 too) makes sure it is there. Skipped at once when the
    // database already holds this catalogue version.
    await seedCatalogue(database.db);
    if (config.seedDemo) await seedDemo(ctx);
    const app = await buildApp(ctx);
    appRef = app;
    const dispatcher = startOutboxDispatcher(ctx);
    wake = dispatcher.wake;
    const db = database;
    const br = broker;
    return {
      app,
      ctx,
      async close() {
        await app.close();
        await dispatcher.stop();
        await br.close();
        if (!options.database) await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    await broker?.close().catch(() => {});
    if (!options.database) await database?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}
