import { Centrifuge, type Options } from 'centrifuge';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { SignJWT, errors, jwtVerify } from 'jose';
import { WebSocket } from 'ws';
import type { Broker } from '../broker.ts';
import { type PushHub, type PushHubOptions, registerPushHub } from '../hub.ts';
import { createMemoryBroker } from '../memory-broker.ts';
import { TokenExpiredError, TokenInvalidError, type VerifyToken } from '../token.ts';

const secret = new TextEncoder().encode('push-hub-test-secret-that-is-long-enough');

/** @param expInSec seconds from now (negative = already expired); omit for a token without exp */
export async function signToken(userId: string, expInSec?: number): Promise<string> {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt();
  if (expInSec !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expInSec);
  return jwt.sign(secret);
}

export const verifyToken: VerifyToken = async (token) => {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string') throw new TokenInvalidError('no sub');
    return payload.exp === undefined ? { userId: payload.sub } : { userId: payload.sub, exp: payload.exp };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new TokenExpiredError();
    if (err instanceof TokenInvalidError) throw err;
    throw new TokenInvalidError();
  }
};

export type TestHub = {
  app: FastifyInstance;
  hub: PushHub;
  broker: Broker;
  url: string;
  port: number;
  close(): Promise<void>;
};

/** A Fastify app on a random port (or `port`, to restart a hub where its clients look for it) with the hub and one plain route beside it. */
export async function startHub(opts: Partial<PushHubOptions> = {}, port = 0): Promise<TestHub> {
  const app = Fastify();
  app.get('/health', async () => ({ ok: true }));
  const broker = opts.broker ?? createMemoryBroker();
  const hub = await registerPushHub(app, { verifyToken, allowedOrigins: null, ...opts, broker });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    app,
    hub,
    broker,
    port: address.port,
    url: `ws://127.0.0.1:${address.port}/connection/websocket`,
    async close() {
      await app.close();
      if (!opts.broker) await broker.close();
    },
  };
}

const clients: Centrifuge[] = [];

export function newClient(url: string, options: Partial<Options> = {}): Centrifuge {
  const client = new Centrifuge(url, {
    websocket: WebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
    timeout: 3000,
    ...options,
  });
  clients.push(client);
  return client;
}

export function disconnectClients(): void {
  for (const client of clients.splice(0)) client.disconnect();
}

type Listener = (ctx: never) => void;
type Emitter = { on(event: string, fn: Listener): unknown; off(event: string, fn: Listener): unknown };

/** Resolves with the next `event` whose context passes `match`; fails after `timeoutMs`. */
export function nextEvent<T>(
  emitter: object,
  event: string,
  match: (ctx: T) => boolean = () => true,
  timeoutMs = 3000,
): Promise<T> {
  const target = emitter as Emitter;
  return new Promise((resolve, reject) => {
    const listener = (ctx: T): void => {
      if (!match(ctx)) return;
      clearTimeout(timer);
      target.off(event, listener as Listener);
      resolve(ctx);
    };
    const timer = setTimeout(() => {
      target.off(event, listener as Listener);
      reject(new Error(`timed out waiting for "${event}"`));
    }, timeoutMs);
    target.on(event, listener as Listener);
  });
}

/** Collects events of one kind for later assertions. */
export function record<T>(emitter: object, event: string): T[] {
  const seen: T[] = [];
  (emitter as Emitter).on(event, ((ctx: T) => seen.push(ctx)) as Listener);
  return seen;
}

export type RawConnection = {
  ws: WebSocket;
  /** Every JSON line received, in order. */
  lines: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  send(...commands: unknown[]): void;
  /** Resolves with the first received line that passes `match`. */
  line(match: (value: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
};

/** A bare WebSocket speaking the protocol by hand, for what the real client never sends. */
export async function rawConnect(url: string, headers: Record<string, string> = {}): Promise<RawConnection> {
  const ws = new WebSocket(url, { headers });
  const lines: unknown[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    for (const line of data.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line));
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    lines,
    closed,
    send: (...commands) => ws.send(commands.map((c) => (typeof c === 'string' ? c : JSON.stringify(c))).join('\n')),
    line(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = lines.find((l) => typeof l === 'object' && l !== null && match(l as Record<string, unknown>));
          if (found === undefined) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found as Record<string, unknown>);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error('timed out waiting for a line'));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
  };
}

/** Leaves the shared Redis as it was found. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
