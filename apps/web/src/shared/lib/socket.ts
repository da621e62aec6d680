/**
 * The one push connection (Centrifuge protocol). The client library is loaded on
 * first use so it stays out of the first JS chunk; everything here is async for that reason.
 *
 * Token rules: a guest connects without a token; a player's token is the REST access token,
 * refreshed when it is about to expire. Error 109 (token expired) makes the library ask for a
 * token again; the token it was refused is then renewed even if our clock thinks it still valid.
 */
import type { Centrifuge, SubscribedContext } from 'centrifuge';
import { api, getAccessToken } from './http.ts';

export type SocketIdentity = 'guest' | 'player';

/** Spec point 9: request timeout 5 s, reconnect 0.5 s → 20 s with backoff, server ping grace 10 s. */
export const SOCKET_OPTIONS = {
  timeout: 5_000,
  minReconnectDelay: 500,
  maxReconnectDelay: 20_000,
  maxServerPingDelay: 10_000,
} as const;

export function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/connection/websocket`;
}

const SESSION_END_SETTLE_MS = 1_000;

let clientPromise: Promise<Centrifuge> | null = null;
let identity: SocketIdentity = 'guest';
let lastToken = '';
let refusedToken: string | null = null;

function createClient(): Promise<Centrifuge> {
  return import('centrifuge').then(({ Centrifuge, UnauthorizedError }) => {
    const client = new Centrifuge(socketUrl(), {
      ...SOCKET_OPTIONS,
      async getToken() {
        // An empty token on connect means "anonymous": that is how guests join.
        if (identity === 'guest') return '';
        const token = await getAccessToken(refusedToken);
        // No session any more: a terminal "unauthorized" disconnect; the session code reconnects as a guest.
        if (!token) throw new UnauthorizedError('no session');
        refusedToken = null;
        lastToken = token;
        return token;
      },
    });
    client.on('connecting', (ctx) => {
      if (ctx.code === 109) refusedToken = lastToken;
    });
    // "Invalid token" for a player: the session was ended elsewhere (signed out from another device's
    // session list). The API confirms it: its 401 ends the session here and asks to sign in again.
    // A logout in another tab of this browser ends the same session, and that tab's broadcast makes
    // this one a guest within moments: so look only after a short wait, if still a player.
    client.on('disconnected', (ctx) => {
      if (ctx.code !== 3500 || identity !== 'player') return;
      setTimeout(() => {
        if (identity === 'player') void api('GET', '/api/player/profile').catch(() => {});
      }, SESSION_END_SETTLE_MS);
    });
    return client;
  });
}

/**
 * Call before ending the session on the server: its connections close with 3500 before the answer
 * arrives, and that close is then expected, not a sign of a session ended elsewhere.
 */
export function expectSessionEnd(): () => void {
  const was = identity;
  identity = 'guest';
  // Undo, for a call that failed and left the session as it was.
  return () => {
    identity = was;
  };
}

/** The shared client (created on first call, not connected by this). */
export function getSocket(): Promise<Centrifuge> {
  clientPromise ??= createClient();
  return clientPromise;
}

/** (Re)connects as a guest or a player: used at start and on every login and logout. */
export async function connectSocket(as: SocketIdentity): Promise<void> {
  const client = await getSocket();
  identity = as;
  client.disconnect();
  // Forget the previous user's token so the next connect asks getToken again.
  client.setToken('');
  lastToken = '';
  refusedToken = null;
  client.connect();
}

export type ChannelHandlers = {
  onPublication: (data: unknown) => void;
  onSubscribed?: (ctx: SubscribedContext) => void;
};

/** Subscribes to a channel; the returned function unsubscribes and forgets it. */
export async function subscribeChannel(channel: string, handlers: ChannelHandlers): Promise<() => void> {
  const client = await getSocket();
  const subscription = client.getSubscription(channel) ?? client.newSubscription(channel);
  subscription.removeAllListeners();
  subscription.on('publication', (ctx) => handlers.onPublication(ctx.data));
  if (handlers.onSubscribed) subscription.on('subscribed', handlers.onSubscribed);
  subscription.subscribe();
  return () => {
    subscription.unsubscribe();
    subscription.removeAllListeners();
    client.removeSubscription(subscription);
  };
}
