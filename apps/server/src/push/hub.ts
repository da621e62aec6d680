/**
 * The push hub at /connection/websocket: accepts sockets, keeps the node-local indexes
 * (channel → sessions, user → sessions) and holds one broker subscription per channel that
 * has at least one local subscriber, fanning each publication out to those sessions.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { Broker, BrokerPublication } from './broker.ts';
import { encodePublication, textFrame } from './codec.ts';
import { type CloseCode, Close, isSendableCloseCode } from './codes.ts';
import { type Logger, Session, type SessionConfig, type SessionHost } from './session.ts';
import type { VerifyToken } from './token.ts';

export const PUSH_PATH = '/connection/websocket';

export type PushHubOptions = {
  broker: Broker;
  verifyToken: VerifyToken;
  allowedOrigins: string[] | null; // null = allow any Origin (tests); otherwise exact-match allow-list; requests without Origin (non-browser) allowed
  allowAnonymous?: boolean; // default true: guests connect with no token, may subscribe only to public channels
  pingIntervalSec?: number; // default 25
  staleCloseMs?: number; // default 10000
  expiredCloseDelayMs?: number; // default 25000
  maxMessageBytes?: number; // default 65536
  logger?: Logger;
  /** Told after each publication is handed to this node's subscribers (metrics). */
  onFanOut?: (subscribers: number, seconds: number) => void;
};

export type PushHub = {
  /** e.g. on logout: close every connection of the user with code/reason (plain text reason) */
  disconnectUser(userId: string, code: number, reason: string): void;
  /** The sign-in sessions with a connection on this node (their ids, as the token verifier named them). */
  hasAuthSession(authSessionId: string): boolean;
  /** A sign-in session ended: close its connections on this node (terminal: the client does not retry). */
  disconnectAuthSession(authSessionId: string): void;
  connectionCount(): number;
  /** close all sockets with 3001 "shutdown" and stop timers */
  close(): Promise<void>;
};

const VERSION = '1.0.0';
/** How long shutdown waits for clients to answer the close frame before dropping them. */
const CLOSE_HANDSHAKE_MS = 1000;
/** How long the raw socket of an upgrade the hub did not take (503 while closing) may sit idle. */
const REFUSED_UPGRADE_IDLE_MS = 5000;

type ChannelEntry = { sessions: Set<Session>; ready: Promise<() => Promise<void>> };

class Hub implements SessionHost, PushHub {
  private readonly sessions = new Set<Session>();
  private readonly sockets = new Map<WebSocket, Session>();
  private readonly byUser = new Map<string, Set<Session>>();
  private readonly byAuthSession = new Map<string, Set<Session>>();
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly pingTimer: NodeJS.Timeout | undefined;
  private pingSlices: Set<Session>[] = [];
  private accepted = 0;
  private closing: Promise<void> | undefined;

  constructor(
    readonly config: SessionConfig,
    private readonly onFanOut: PushHubOptions['onFanOut'] = undefined,
  ) {
    // One timer for the node instead of one per connection. Each connection belongs to one of
    // `pingIntervalSec` slices and a slice is pinged every second, so 50,000 connections make 2,000
    // pings a second rather than a burst of 50,000 that would hold up publications; each connection is
    // still pinged once per interval, and its pong is due by its next ping.
    if (config.pingIntervalSec > 0) {
      this.pingSlices = Array.from({ length: config.pingIntervalSec }, () => new Set<Session>());
      let tick = 0;
      this.pingTimer = setInterval(() => {
        const slice = this.pingSlices[tick++ % this.pingSlices.length]!;
        for (const session of [...slice]) session.ping();
      }, 1000);
      this.pingTimer.unref();
    }
  }

  accept(ws: WebSocket, socket: Socket): void {
    if (this.closing) {
      ws.close(Close.shutdown.code, Close.shutdown.reason);
      return;
    }
    const session = new Session(ws, this, socket);
    this.sessions.add(session);
    this.pingSlices[this.accepted++ % this.pingSlices.length]?.add(session);
    this.sockets.set(ws, session);
    ws.once('close', () => this.sockets.delete(ws));
  }

  async joinChannel(channel: string, session: Session): Promise<void> {
    let entry = this.channels.get(channel);
    if (!entry) {
      const sessions = new Set<Session>();
      const ready = this.config.broker.subscribe(channel, (pub) => this.fanOut(channel, sessions, pub));
      const created: ChannelEntry = { sessions, ready };
      // A failed broker subscription must not stick: the next subscriber tries again.
      ready.catch(() => {
        if (this.channels.get(channel) === created) this.channels.delete(channel);
      });
      this.channels.set(channel, created);
      entry = created;
    }
    entry.sessions.add(session);
    await entry.ready;
  }

  leaveChannel(channel: string, session: Session): void {
    const entry = this.channels.get(channel);
    if (!entry || !entry.sessions.delete(session) || entry.sessions.size > 0) return;
    this.channels.delete(channel);
    entry.ready
      .then((unsubscribe) => unsubscribe())
      .catch((err: unknown) => this.config.logger.warn({ err, channel }, 'push: broker unsubscribe failed'));
  }

  onAuthenticated(session: Session): void {
    if (session.authSessionId) {
      const set = this.byAuthSession.get(session.authSessionId) ?? new Set();
      set.add(session);
      this.byAuthSession.set(session.authSessionId, set);
    }
    if (!session.userId) return;
    let set = this.byUser.get(session.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(session.userId, set);
    }
    set.add(session);
  }

  onClosed(session: Session): void {
    this.sessions.delete(session);
    for (const slice of this.pingSlices) if (slice.delete(session)) break;
    const ofAuth = session.authSessionId ? this.byAuthSession.get(session.authSessionId) : undefined;
    if (ofAuth?.delete(session) && ofAuth.size === 0) this.byAuthSession.delete(session.authSessionId!);
    if (!session.userId) return;
    const set = this.byUser.get(session.userId);
    if (!set) return;
    set.delete(session);
    if (set.size === 0) this.byUser.delete(session.userId);
  }

  disconnectUser(userId: string, code: number, reason: string): void {
    if (!isSendableCloseCode(code)) throw new RangeError(`push: ${code} is not a close code a server may send`);
    const close: CloseCode = { code, reason };
    for (const session of [...(this.byUser.get(userId) ?? [])]) session.close(close);
  }

  hasAuthSession(authSessionId: string): boolean {
    return this.byAuthSession.has(authSessionId);
  }

  disconnectAuthSession(authSessionId: string): void {
    for (const session of [...(this.byAuthSession.get(authSessionId) ?? [])]) session.close(Close.invalidToken);
  }

  connectionCount(): number {
    return this.sessions.size;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    clearInterval(this.pingTimer);
    const sockets = [...this.sockets.keys()];
    for (const session of [...this.sessions]) session.close(Close.shutdown);
    await Promise.all(sockets.map((ws) => closedWithin(ws, CLOSE_HANDSHAKE_MS)));
    const entries = [...this.channels.values()];
    this.channels.clear();
    await Promise.allSettled(entries.map(async (entry) => (await entry.ready)()));
  }

  private fanOut(channel: string, sessions: Set<Session>, pub: BrokerPublication): void {
    if (sessions.size === 0) return;
    // Encoded once per node, not once per connection.
    const started = performance.now();
    const line = encodePublication(channel, pub);
    const push = { pub, line, frame: textFrame(line) };
    for (const session of [...sessions]) session.deliver(channel, push);
    this.onFanOut?.(sessions.size, (performance.now() - started) / 1000);
  }
}

function closedWithin(ws: WebSocket, ms: number): Promise<void> {
  if (ws.readyState === ws.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve();
    }, ms);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function registerPushHub(app: FastifyInstance, opts: PushHubOptions): Promise<PushHub> {
  const config = sessionConfig(app, opts);
  const hub = new Hub(config, opts.onFanOut);
  const refusedUpgrades = watchRefusedUpgrades(app);

  // Somebody else may own the plugin (another websocket route); both share its upgrade handling.
  if (!app.hasDecorator('websocketServer')) await registerWebsocket(app, config, hub, refusedUpgrades);
  app.addHook('preClose', async () => {
    await hub.close();
  });

  registerPushRoute(app, opts.allowedOrigins, hub, refusedUpgrades);

  return {
    disconnectUser: (userId, code, reason) => hub.disconnectUser(userId, code, reason),
    hasAuthSession: (authSessionId) => hub.hasAuthSession(authSessionId),
    disconnectAuthSession: (authSessionId) => hub.disconnectAuthSession(authSessionId),
    connectionCount: () => hub.connectionCount(),
    close: () => hub.close(),
  };
}

/** The sessions' settings: the hub's options with their defaults, and the fixed limits. */
function sessionConfig(app: FastifyInstance, opts: PushHubOptions): SessionConfig {
  return {
    verifyToken: opts.verifyToken,
    broker: opts.broker,
    allowAnonymous: opts.allowAnonymous ?? true,
    pingIntervalSec: opts.pingIntervalSec ?? 25,
    staleCloseMs: opts.staleCloseMs ?? 10_000,
    expiredCloseDelayMs: opts.expiredCloseDelayMs ?? 25_000,
    maxMessageBytes: opts.maxMessageBytes ?? 65_536,
    maxSubscriptions: 128,
    maxRecoveredPublications: 300,
    maxPendingFrames: 64,
    maxBufferedBytes: 4 * 1024 * 1024,
    version: VERSION,
    logger: opts.logger ?? app.log,
  };
}

/**
 * An upgrade request that Fastify answers 503 while the server closes keeps its raw socket open: nothing
 * in HTTP ends it, so a silent client held shutdown for as long as it liked (a test's close hook timed
 * out at 30 s). Such a socket goes once idle, and at shutdown; ws clears the timeout of those it takes.
 * Answers the upgrades' sockets the hub has not taken.
 */
function watchRefusedUpgrades(app: FastifyInstance): Set<Socket> {
  const refusedUpgrades = new Set<Socket>();
  app.server.prependListener('upgrade', (_request, socket: Socket) => {
    refusedUpgrades.add(socket);
    socket.once('close', () => refusedUpgrades.delete(socket));
    socket.setTimeout(REFUSED_UPGRADE_IDLE_MS, () => {
      if (refusedUpgrades.has(socket)) socket.destroy();
    });
  });
  return refusedUpgrades;
}

/** The websocket plugin, with the hub's limits and its bounded shutdown. */
async function registerWebsocket(
  app: FastifyInstance,
  config: SessionConfig,
  hub: Hub,
  refusedUpgrades: Set<Socket>,
): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: config.maxMessageBytes,
      // Never pick a sub-protocol: the JSON client asks for none, the Protobuf one must not get its own.
      handleProtocols: () => false,
    },
    errorHandler(err, socket) {
      config.logger.warn({ err }, 'push: websocket error');
      socket.terminate();
    },
    // Replaces the plugin's default, which closes sockets without a code the client understands.
    async preClose(this: FastifyInstance) {
      await hub.close();
      const wss = this.websocketServer;
      // Sockets the hub never took (opened while it closed): the same bounded close handshake, as ws
      // alone waits 30 s for a peer that never answers its close frame (a phone gone off the air).
      await Promise.all(
        [...wss.clients].map((client) => {
          client.close(1001, 'server shutdown');
          return closedWithin(client, CLOSE_HANDSHAKE_MS);
        }),
      );
      for (const socket of refusedUpgrades) socket.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  });
}

/** The hub's route: a checked Origin, then the socket goes to the hub. */
function registerPushRoute(
  app: FastifyInstance,
  allowedOrigins: PushHubOptions['allowedOrigins'],
  hub: Hub,
  refusedUpgrades: Set<Socket>,
): void {
  const allowed = allowedOrigins === null ? null : new Set(allowedOrigins);
  app.get(
    PUSH_PATH,
    {
      websocket: true,
      async onRequest(request: FastifyRequest, reply: FastifyReply) {
        // Browsers always send Origin; other clients (servers, tests) cannot be cross-site-hijacked.
        const origin = request.headers.origin;
        if (allowed && origin !== undefined && !allowed.has(origin)) {
          await reply.code(403).send('origin not allowed');
          return reply;
        }
        // Also covers a plugin registered by someone else with the default sub-protocol choice.
        delete request.raw.headers['sec-websocket-protocol'];
        return undefined;
      },
    },
    (ws, request) => {
      refusedUpgrades.delete(request.raw.socket);
      hub.accept(ws, request.raw.socket);
    },
  );
}
