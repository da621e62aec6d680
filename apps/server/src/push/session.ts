import type { FastifyBaseLogger } from 'fastify';
/**
 * One client connection: AWAIT_CONNECT → CONNECTED → CLOSED (or FAILED after a connect error,
 * where the Go server also stops serving and waits for the client to go away).
 * Frames are handled one at a time, in order; replies and pushes leave through one outbox so
 * their order on the wire is the order they were produced in.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { Broker, BrokerPublication, HistoryResult } from './broker.ts';
import { checkSubscribe } from './channel-policy.ts';
import {
  type Command,
  type Method,
  type Params,
  PING,
  decodeCommand,
  encodeError,
  encodeReply,
  encodeUnsubscribePush,
  splitFrame,
} from './codec.ts';
import { type CloseCode, Close, ErrorCode, Unsubscribe, closeReason, errorBody } from './codes.ts';
import { TokenExpiredError, TokenInvalidError, type VerifyToken } from './token.ts';

/** The shape of the process logger a session writes to. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type SessionConfig = {
  verifyToken: VerifyToken;
  broker: Broker;
  allowAnonymous: boolean;
  pingIntervalSec: number;
  staleCloseMs: number;
  expiredCloseDelayMs: number;
  maxMessageBytes: number;
  maxSubscriptions: number;
  /** Centrifugo's recovery_max_publication_limit: more missing than this is "not recovered". */
  maxRecoveredPublications: number;
  /** Frames queued behind a slow handler (token check, history read) before we call it flooding. */
  maxPendingFrames: number;
  /** Bytes the socket may hold unsent before the client counts as too slow to keep. */
  maxBufferedBytes: number;
  version: string;
  logger: Logger;
};

/** What a session needs from the hub; keeps the session free of the hub's indexes. */
export interface SessionHost {
  readonly config: SessionConfig;
  /** Resolves once this node receives the channel's publications (and routes them to `session.deliver`). */
  joinChannel(channel: string, session: Session): Promise<void>;
  leaveChannel(channel: string, session: Session): void;
  onAuthenticated(session: Session): void;
  onClosed(session: Session): void;
}

/** A publication as the hub hands it to every subscriber of its channel: encoded and framed once. */
export type SharedPush = { pub: BrokerPublication; line: string; frame: Buffer };

type Joining = { phase: 'joining'; buffer: SharedPush[] };
type Live = { phase: 'live'; epoch: string; offset: number };

type Verification =
  | { kind: 'ok'; userId: string; authSessionId: string | null; exp: number | undefined }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'error'; err: unknown };

/** setTimeout silently fires at once for delays above this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Session {
  readonly id = randomUUID();
  /** Set by connect: '' for a guest, the player id otherwise. */
  userId: string | null = null;
  /** Set by connect: the sign-in session of the token, when the verifier names one. */
  authSessionId: string | null = null;
  private phase: 'awaitConnect' | 'connected' | 'failed' | 'closed' = 'awaitConnect';
  private readonly subs = new Map<string, Joining | Live>();
  private outbox: string[] = [];
  private flushScheduled = false;
  private queue: Promise<void> = Promise.resolve();
  private pendingFrames = 0;
  private awaitingPong = false;
  private tornDown = false;
  private staleTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private readonly config: SessionConfig;

  /**
   * The connection's TCP socket, where a shared frame may be written directly (ws has no call for a
   * pre-framed message). Only without extensions — no compression, so the frame is plain — which the
   * hub never negotiates; otherwise null and every message goes through ws.send.
   */
  private readonly frameSocket: Socket | null;

  constructor(
    private readonly ws: WebSocket,
    private readonly host: SessionHost,
    socket: Socket,
  ) {
    this.config = host.config;
    this.frameSocket = ws.extensions === '' ? socket : null;
    // Covers clients that never connect and clients left in FAILED that never leave.
    this.staleTimer = setTimeout(() => {
      if (this.phase === 'awaitConnect' || this.phase === 'failed') this.close(Close.stale);
    }, this.config.staleCloseMs);
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    // Socket errors are logged by the websocket plugin's errorHandler, which also terminates the socket.
    ws.on('close', () => this.teardown());
  }

  /** A publication routed by the hub, already encoded and framed once for every session. */
  deliver(channel: string, push: SharedPush): void {
    if (this.phase === 'closed') return;
    const sub = this.subs.get(channel);
    if (!sub) return;
    // The subscribe reply is not out yet: the client would take a push now as belonging to the new subscription.
    if (sub.phase === 'joining') sub.buffer.push(push);
    else this.deliverLive(channel, sub, push);
  }

  /** Called by the hub on every ping tick. */
  ping(): void {
    if (this.phase !== 'connected') return;
    if (this.awaitingPong) {
      this.close(Close.noPong);
      return;
    }
    this.awaitingPong = true;
    this.send(PING);
  }

  close(reason: CloseCode): void {
    if (this.phase === 'closed') return;
    // Replies to earlier commands go out before the close frame.
    this.flush();
    this.phase = 'closed';
    this.teardown();
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) {
      this.ws.close(reason.code, closeReason(reason.reason));
    }
  }

  // ---- inbound ---------------------------------------------------------------------------

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.phase === 'closed') return;
    const text = rawToBuffer(data);
    // ws enforces maxPayload only when we configured it; check here too so the limit holds either way.
    if (text.byteLength > this.config.maxMessageBytes) {
      this.close(Close.messageTooBig);
      return;
    }
    // JSON protocol only: binary frames come from the Protobuf client, which we never negotiated.
    if (isBinary) {
      this.close(Close.badRequest);
      return;
    }
    this.awaitingPong = false;
    if (++this.pendingFrames > this.config.maxPendingFrames) {
      this.close(Close.tooManyRequests);
      return;
    }
    const frame = text.toString('utf8');
    this.queue = this.queue
      .then(() => this.handleFrame(frame))
      .catch((err: unknown) => {
        this.config.logger.error({ err, client: this.id }, 'push: frame handling failed');
        this.close(Close.internal);
      })
      .finally(() => {
        this.pendingFrames -= 1;
      });
  }

  private async handleFrame(frame: string): Promise<void> {
    for (const line of splitFrame(frame)) {
      if (this.phase === 'closed') return;
      const keepGoing = await this.handleCommand(decodeCommand(line));
      if (!keepGoing) return;
    }
  }

  /** @returns false when the rest of the frame must not be handled. */
  private async handleCommand(cmd: Command): Promise<boolean> {
    switch (cmd.kind) {
      case 'invalid':
        this.close(Close.badRequest);
        return false;
      case 'pong':
        // Pongs are never punished, even unasked for (the Go server would close with 3501).
        return true;
      case 'send':
        if (this.phase === 'connected') return true;
        this.close(Close.badRequest);
        return false;
      case 'request':
        break;
    }
    const { id, method, params } = cmd;
    if (this.phase === 'awaitConnect' && method === 'connect')
      return this.guard(id, method, () => this.connect(id, params));
    if (this.phase !== 'connected' || method === 'connect') {
      this.close(Close.badRequest);
      return false;
    }
    switch (method) {
      case 'subscribe':
        return this.guard(id, method, () => this.subscribe(id, params));
      case 'unsubscribe':
        return this.unsubscribe(id, params);
      case 'refresh':
        return this.guard(id, method, () => this.refresh(id, params));
      case 'ping':
        this.reply(id, method, {});
        return true;
      case 'publish':
        // Publishing is server-side only (outbox → broker).
        this.replyError(id, ErrorCode.permissionDenied);
        return true;
      case 'history':
      case 'presence':
      case 'presence_stats':
      case 'sub_refresh':
        this.replyError(id, ErrorCode.notAvailable);
        return true;
      case 'rpc':
        this.replyError(id, ErrorCode.methodNotFound);
        return true;
      case 'send':
        return true;
    }
  }

  /** An unexpected failure answers 100 (temporary, so the client retries) instead of killing the connection. */
  private async guard(id: number, method: Method, run: () => Promise<boolean>): Promise<boolean> {
    try {
      return await run();
    } catch (err) {
      this.config.logger.error({ err, client: this.id, method }, 'push: command failed');
      if (this.phase === 'closed') return false;
      this.replyError(id, ErrorCode.internal);
      if (method === 'connect') {
        this.phase = 'failed';
        return false;
      }
      return true;
    }
  }

  private async connect(id: number, params: Params): Promise<boolean> {
    const token = typeof params['token'] === 'string' ? params['token'] : '';
    let userId = '';
    let authSessionId: string | null = null;
    let exp: number | undefined;
    if (token === '') {
      if (!this.config.allowAnonymous) {
        this.close(Close.badRequest);
        return false;
      }
    } else {
      const verified = await this.verify(token);
      if (this.phase === 'closed') return false;
      switch (verified.kind) {
        case 'expired':
          // The client fetches a new token and reconnects. Like the Go server, serve nothing more here.
          this.replyError(id, ErrorCode.tokenExpired);
          this.phase = 'failed';
          return false;
        case 'invalid':
          this.close(Close.invalidToken);
          return false;
        case 'error':
          throw verified.err;
        case 'ok':
          userId = verified.userId;
          authSessionId = verified.authSessionId;
          exp = verified.exp;
      }
    }
    this.userId = userId;
    this.authSessionId = authSessionId;
    this.phase = 'connected';
    clearTimeout(this.staleTimer);
    this.armExpiry(exp);
    this.host.onAuthenticated(this);
    const ping = this.config.pingIntervalSec;
    this.reply(id, 'connect', {
      client: this.id,
      version: this.config.version,
      ...(ping > 0 ? { ping, pong: true } : {}),
      ...expiryFields(exp),
    });
    return true;
  }

  private async refresh(id: number, params: Params): Promise<boolean> {
    const token = params['token'];
    if (typeof token !== 'string' || token === '') {
      this.close(Close.badRequest);
      return false;
    }
    const verified = await this.verify(token);
    if (this.phase === 'closed') return false;
    switch (verified.kind) {
      case 'expired':
        // Never error 109 here: the client treats a refresh error as terminal. 3005 makes it reconnect instead.
        this.close(Close.expired);
        return false;
      case 'invalid':
        this.close(Close.invalidToken);
        return false;
      case 'error':
        throw verified.err;
      case 'ok':
        break;
    }
    if (verified.userId !== this.userId || verified.authSessionId !== this.authSessionId) {
      this.close(Close.invalidToken);
      return false;
    }
    this.armExpiry(verified.exp);
    this.reply(id, 'refresh', {
      client: this.id,
      version: this.config.version,
      expires: false,
      ...expiryFields(verified.exp),
    });
    return true;
  }

  private async subscribe(id: number, params: Params): Promise<boolean> {
    const channel = params['channel'];
    if (typeof channel !== 'string' || channel === '') {
      this.close(Close.badRequest);
      return false;
    }
    const decision = checkSubscribe(channel, this.userId ?? '');
    if (!decision.ok) {
      this.replyError(id, decision.code);
      return true;
    }
    if (this.subs.has(channel)) {
      this.replyError(id, ErrorCode.alreadySubscribed);
      return true;
    }
    if (this.subs.size >= this.config.maxSubscriptions) {
      this.replyError(id, ErrorCode.limitExceeded);
      return true;
    }

    // Listen before reading the stream top, so nothing published in between is lost;
    // what arrives meanwhile waits in the buffer until the reply is queued.
    const joining: Joining = { phase: 'joining', buffer: [] };
    this.subs.set(channel, joining);
    const recover = params['recover'] === true;
    let history: HistoryResult;
    try {
      await this.host.joinChannel(channel, this);
      history = await this.config.broker.history(channel, {
        since: recover ? { offset: toOffset(params['offset']), epoch: toEpoch(params['epoch']) } : undefined,
        limit: recover ? this.config.maxRecoveredPublications : 0,
      });
      // The stream began anew since the client's position (Redis restarted empty): its old history is
      // gone, and the client is told so, but what the new stream holds from its first publication on
      // is still given, so a client that lives on pushes misses none made after the restart.
      if (recover && !history.recovered && history.epoch !== toEpoch(params['epoch'])) {
        const fresh = await this.config.broker.history(channel, { limit: this.config.maxRecoveredPublications });
        if (fresh.epoch === history.epoch && fresh.publications[0]?.offset === 1) history = fresh;
      }
    } catch (err) {
      if (this.subs.get(channel) === joining) {
        this.subs.delete(channel);
        this.host.leaveChannel(channel, this);
      }
      throw err;
    }
    // Closed meanwhile: teardown already left the channel.
    if (this.phase === 'closed' || this.subs.get(channel) !== joining) return false;

    // Recoverable is forced for every channel: the wallet balance must survive reconnects.
    const result: Record<string, unknown> = { recoverable: true, epoch: history.epoch, offset: history.offset };
    if (recover) {
      result['was_recovering'] = true;
      result['recovered'] = history.recovered;
      if (history.publications.length > 0) {
        result['publications'] = history.publications.map((p) => ({ data: p.data, offset: p.offset }));
      }
    }
    this.reply(id, 'subscribe', result);

    const live: Live = { phase: 'live', epoch: history.epoch, offset: history.offset };
    this.subs.set(channel, live);
    for (const push of joining.buffer) {
      if (this.subs.get(channel) !== live) break;
      this.deliverLive(channel, live, push);
    }
    return true;
  }

  private unsubscribe(id: number, params: Params): boolean {
    const channel = params['channel'];
    if (typeof channel !== 'string' || channel === '') {
      this.close(Close.badRequest);
      return false;
    }
    if (this.subs.delete(channel)) this.host.leaveChannel(channel, this);
    // Any error reply here would make the client reconnect entirely.
    this.reply(id, 'unsubscribe', {});
    return true;
  }

  private async verify(token: string): Promise<Verification> {
    try {
      const verified = await this.config.verifyToken(token);
      if (typeof verified?.userId !== 'string' || verified.userId === '') return { kind: 'invalid' };
      if (verified.exp !== undefined && verified.exp * 1000 <= Date.now()) return { kind: 'expired' };
      const authSessionId = typeof verified.sessionId === 'string' ? verified.sessionId : null;
      return { kind: 'ok', userId: verified.userId, authSessionId, exp: verified.exp };
    } catch (err) {
      if (err instanceof TokenExpiredError) return { kind: 'expired' };
      if (err instanceof TokenInvalidError) return { kind: 'invalid' };
      return { kind: 'error', err };
    }
  }

  // ---- outbound --------------------------------------------------------------------------

  /**
   * Positioning, the cheap way: offsets on a channel count up by one, so any jump means this
   * node missed publications (e.g. a Redis PUB/SUB hiccup). Telling the client to resubscribe
   * (2500) makes it recover the gap from history.
   */
  private deliverLive(channel: string, sub: Live, { pub, line, frame }: SharedPush): void {
    if (pub.epoch === sub.epoch && pub.offset <= sub.offset) return; // already in the subscribe reply
    if (pub.epoch !== sub.epoch || pub.offset !== sub.offset + 1) {
      this.subs.delete(channel);
      this.host.leaveChannel(channel, this);
      this.send(
        encodeUnsubscribePush(channel, Unsubscribe.insufficientState.code, Unsubscribe.insufficientState.reason),
      );
      return;
    }
    sub.offset = pub.offset;
    this.sendShared(line, frame);
  }

  /**
   * A publication goes out at once as the frame every subscriber shares: one socket write instead of
   * framing and encoding the same text again per connection (what bounds fan-out to many clients).
   * Behind queued replies it joins the outbox instead, so the order on the wire stays the order made.
   */
  private sendShared(line: string, frame: Buffer): void {
    const socket = this.frameSocket;
    if (this.outbox.length > 0 || !socket) {
      this.send(line);
      return;
    }
    if (this.phase === 'closed' || this.ws.readyState !== this.ws.OPEN) return;
    socket.write(frame);
    if (this.ws.bufferedAmount > this.config.maxBufferedBytes) this.close(Close.slow);
  }

  private reply(id: number, method: Method, result: object): void {
    this.send(encodeReply(id, method, result));
  }

  private replyError(id: number, code: ErrorCode): void {
    this.send(encodeError(id, errorBody(code)));
  }

  private send(line: string): void {
    if (this.phase === 'closed') return;
    this.outbox.push(line);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // One tick of batching: replies of one frame and a burst of publications share a message.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.outbox.length === 0 || this.phase === 'closed') return;
    const message = this.outbox.join('\n');
    this.outbox = [];
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(message);
    if (this.ws.bufferedAmount > this.config.maxBufferedBytes) this.close(Close.slow);
  }

  // ---- lifecycle -------------------------------------------------------------------------

  /** Closes at exp + grace: the client refreshes exactly at ttl, so the token alone would cut it off too early. */
  private armExpiry(exp: number | undefined): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (exp === undefined) return;
    const closeAt = exp * 1000 + this.config.expiredCloseDelayMs;
    const arm = (): void => {
      const delay = closeAt - Date.now();
      if (delay <= 0) {
        this.close(Close.expired);
        return;
      }
      this.expiryTimer = setTimeout(arm, Math.min(delay, MAX_TIMER_MS));
    };
    arm();
  }

  private teardown(): void {
    this.phase = 'closed';
    if (this.tornDown) return;
    this.tornDown = true;
    clearTimeout(this.staleTimer);
    clearTimeout(this.expiryTimer);
    this.outbox = [];
    for (const channel of this.subs.keys()) this.host.leaveChannel(channel, this);
    this.subs.clear();
    this.host.onClosed(this);
  }
}

function expiryFields(exp: number | undefined): { expires?: true; ttl?: number } {
  if (exp === undefined) return {};
  return { expires: true, ttl: Math.max(1, Math.floor(exp - Date.now() / 1000)) };
}

function rawToBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function toOffset(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

function toEpoch(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
