import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { TokenService } from './lib/tokens.ts';
import type { Broker, PushHub } from './push/index.ts';

/** What every module gets: configuration, the database and the shared services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  broker: Broker;
  /** Set once the push hub is registered. */
  push: PushHub | null;
  /** Wakes the outbox dispatcher after a commit that wrote events (it also polls). */
  notifyOutbox: () => void;
  /** Secret that authenticates the local ops CLI against this process. */
  opsSecret: string;
  /** HMAC key of the seamless-wallet API between the casino and the game provider. */
  gameWalletSecret: string;
  /** This node's own loopback URL once it listens (the sandbox provider and the casino call each other over HTTP). */
  selfUrl: () => string;
};
