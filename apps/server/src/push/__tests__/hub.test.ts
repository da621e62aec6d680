import type { PublicationContext, SubscribedContext, UnsubscribedContext } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Channel } from '@casino/contracts';
import { type TestHub, disconnectClients, newClient, nextEvent, rawConnect, signToken, startHub } from './helpers.ts';

let t: TestHub;

beforeAll(async () => {
  t = await startHub({ allowedOrigins: ['https://casino.test'], staleCloseMs: 300, maxMessageBytes: 4096 });
});
afterEach(() => disconnectClients());
afterAll(async () => {
  await t.close();
});

async function connectedClient(userId: string) {
  const client = newClient(t.url, { token: await signToken(userId, 600) });
  const connected = nextEvent(client, 'connected');
  client.connect();
  await connected;
  return client;
}

describe('push hub with the real centrifuge client', () => {
  it('delivers a publication on the user’s own channel', async () => {
    const client = await connectedClient('p1');
    const sub = client.newSubscription(Channel.walletAccounts('p1'));
    const subscribed = nextEvent<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    const ctx = await subscribed;
    expect(ctx.recoverable).toBe(true);
    expect(ctx.streamPosition?.epoch).toBeTruthy();

    const publication = nextEvent<PublicationContext>(sub, 'publication');
    await t.broker.publish(Channel.walletAccounts('p1'), { balance: '12.50' });
    const pub = await publication;
    expect(pub.data).toEqual({ balance: '12.50' });
    expect(pub.offset).toBe((ctx.streamPosition?.offset ?? 0) + 1);
  });

  it('refuses another user’s channel with 103', async () => {
    const client = await connectedClient('p2');
    const sub = client.newSubscription(Channel.walletAccounts('someone-else'));
    const unsubscribed = nextEvent<UnsubscribedContext>(sub, 'unsubscribed');
    sub.subscribe();
    expect((await unsubscribed).code).toBe(103);
  });

  it('answers an unknown namespace with 102', async () => {
    const client = await connectedClient('p3');
    const sub = client.newSubscription('nope:thing');
    const unsubscribed = nextEvent<UnsubscribedContext>(sub, 'unsubscribed');
    sub.subscribe();
    expect((await unsubscribed).code).toBe(102);
  });

  it('lets a guest subscribe to public channels only', async () => {
    const guest = newClient(t.url);
    const connected = nextEvent(guest, 'connected');
    guest.connect();
    await connected;

    const tournaments = guest.newSubscription(Channel.tournaments);
    const subscribed = nextEvent(tournaments, 'subscribed');
    tournaments.subscribe();
    await subscribed;
    const publication = nextEvent<PublicationContext>(tournaments, 'publication');
    await t.broker.publish(Channel.tournaments, { type: 'tournament.completed' });
    expect((await publication).data).toEqual({ type: 'tournament.completed' });

    const wallet = guest.newSubscription(Channel.walletAccounts('x'));
    const unsubscribed = nextEvent<UnsubscribedContext>(wallet, 'unsubscribed');
    wallet.subscribe();
    expect((await unsubscribed).code).toBe(103);
  });

  it('closes every connection of a user on disconnectUser, with the given terminal code', async () => {
    const a = await connectedClient('p4');
    const b = await connectedClient('p4');
    const other = await connectedClient('p5');
    const before = t.hub.connectionCount();
    const aDown = nextEvent<{ code: number; reason: string }>(a, 'disconnected');
    const bDown = nextEvent<{ code: number; reason: string }>(b, 'disconnected');
    t.hub.disconnectUser('p4', 3503, 'force disconnect');
    expect(await aDown).toEqual({ code: 3503, reason: 'force disconnect' });
    expect((await bDown).code).toBe(3503);
    expect(other.state).toBe('connected');
    expect(t.hub.connectionCount()).toBe(before - 2);
    expect(() => t.hub.disconnectUser('p4', 1006, 'x')).toThrow(RangeError);
  });

  it('answers client publish 103, rpc 104, history and presence 108', async () => {
    const client = await connectedClient('p6');
    await expect(client.publish(Channel.tournaments, {})).rejects.toMatchObject({ code: 103 });
    await expect(client.rpc('anything', {})).rejects.toMatchObject({ code: 104 });
    await expect(client.history(Channel.tournaments, { limit: 1 })).rejects.toMatchObject({ code: 108 });
    await expect(client.presence(Channel.tournaments)).rejects.toMatchObject({ code: 108 });
    expect(client.state).toBe('connected');
  });

  it('leaves other routes on the same port working', async () => {
    const res = await fetch(`http://127.0.0.1:${t.port}/health`);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('push hub protocol edges (raw socket)', () => {
  it('closes 3501 on a frame that is not JSON', async () => {
    const conn = await rawConnect(t.url);
    conn.send('this is not json');
    expect(await conn.closed).toEqual({ code: 3501, reason: 'bad request' });
  });

  it('closes 3501 on a command before connect', async () => {
    const conn = await rawConnect(t.url);
    conn.send({ id: 1, subscribe: { channel: 'tournaments' } });
    expect((await conn.closed).code).toBe(3501);
    expect(conn.lines).toEqual([]);
  });

  it('closes 3501 on an unknown command and on a second connect', async () => {
    const unknown = await rawConnect(t.url);
    unknown.send({ id: 1, connect: {} }, { id: 2, frobnicate: {} });
    expect((await unknown.closed).code).toBe(3501);

    const twice = await rawConnect(t.url);
    twice.send({ id: 1, connect: {} }, { id: 2, connect: {} });
    expect((await twice.closed).code).toBe(3501);
    expect(twice.lines).toHaveLength(1);
  });

  it('closes 3502 when no connect arrives in time', async () => {
    const conn = await rawConnect(t.url);
    expect(await conn.closed).toEqual({ code: 3502, reason: 'stale' });
  });

  it('closes 3500 "invalid token" on a bad signature', async () => {
    const conn = await rawConnect(t.url);
    conn.send({ id: 1, connect: { token: `${await signToken('p7', 600)}x` } });
    expect(await conn.closed).toEqual({ code: 3500, reason: 'invalid token' });
  });

  it('drops a connection that sends an oversized frame', async () => {
    const conn = await rawConnect(t.url);
    conn.send({ id: 1, connect: {} });
    await conn.line((l) => l['id'] === 1);
    conn.send({ id: 2, subscribe: { channel: 'x'.repeat(5000) } });
    expect((await conn.closed).code).toBe(1009);
  });

  it('handles a batched frame in order, replies 105 to a duplicate subscribe and ignores pongs and sends', async () => {
    const conn = await rawConnect(t.url);
    conn.send(
      { id: 1, connect: { name: 'js' } },
      { id: 2, subscribe: { channel: 'tournaments', flag: 1 } },
      {},
      { send: { data: {} } },
      { id: 3, subscribe: { channel: 'tournaments' } },
      { id: 4, unsubscribe: { channel: 'tournaments' } },
      { id: 5, unsubscribe: { channel: 'never-subscribed' } },
    );
    await conn.line((l) => l['id'] === 5);
    const replies = conn.lines.filter(
      (l): l is Record<string, unknown> => typeof l === 'object' && l !== null && 'id' in l,
    );
    expect(replies.map((r) => r['id'])).toEqual([1, 2, 3, 4, 5]);
    expect(replies[0]).toMatchObject({ connect: { ping: 25, pong: true } });
    expect(replies[0]?.['connect']).not.toHaveProperty('expires');
    expect(replies[1]).toMatchObject({
      subscribe: { recoverable: true, offset: expect.any(Number), epoch: expect.any(String) },
    });
    expect(replies[2]).toEqual({ id: 3, error: { code: 105, message: 'already subscribed' } });
    expect(replies[3]).toEqual({ id: 4, unsubscribe: {} });
    expect(replies[4]).toEqual({ id: 5, unsubscribe: {} });
    conn.ws.close();
  });

  it('rejects a browser Origin that is not on the allow-list', async () => {
    await expect(rawConnect(t.url, { Origin: 'https://evil.test' })).rejects.toThrow(/403/);
    const allowed = await rawConnect(t.url, { Origin: 'https://casino.test' });
    allowed.send({ id: 1, connect: {} });
    expect(await allowed.line((l) => l['id'] === 1)).toHaveProperty('connect');
    allowed.ws.close();
  });

  it('never agrees to the protobuf sub-protocol', async () => {
    const ws = new WebSocket(t.url, 'centrifuge-protobuf');
    const outcome = await new Promise<string>((resolve) => {
      ws.once('open', () => resolve(`open:${ws.protocol}`));
      ws.once('error', (err) => resolve(`error:${err.message}`));
    });
    // ws (as a browser would) fails the handshake when the server picks no protocol of those asked for.
    expect(outcome).not.toBe('open:centrifuge-protobuf');
    ws.terminate();
  });
});
