import net from 'node:net';
import { afterAll, describe, it } from 'vitest';
import { disconnectClients, newClient, nextEvent, rawConnect, record, signToken, startHub } from './helpers.ts';
import { sleep } from '../../test/wait.ts';

type StateCtx = { code: number; reason: string };

afterAll(() => disconnectClients());

// Concurrent: each test waits on real ping ticks and owns its hub.
describe.concurrent('hub lifecycle', () => {
  it('pings every interval; the real client answers and stays connected', async ({ expect }) => {
    const t = await startHub({ pingIntervalSec: 1 });
    try {
      const client = newClient(t.url, { token: await signToken('pinged', 600), maxServerPingDelay: 1000 });
      const connecting = record<StateCtx>(client, 'connecting');
      const connected = nextEvent(client, 'connected');
      client.connect();
      await connected;
      await sleep(2600);
      expect(client.state).toBe('connected');
      expect(connecting.filter((c) => c.code !== 0)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('closes 3012 when a ping goes unanswered', async ({ expect }) => {
    const t = await startHub({ pingIntervalSec: 1 });
    try {
      const conn = await rawConnect(t.url);
      conn.send({ id: 1, connect: {} });
      await conn.line((l) => l['id'] === 1);
      await conn.line((l) => Object.keys(l).length === 0, 2000);
      expect(await conn.closed).toEqual({ code: 3012, reason: 'no pong' });
    } finally {
      await t.close();
    }
  });

  it('closes clients with 3001 "shutdown" on close, and they try to come back', async ({ expect }) => {
    const t = await startHub();
    const client = newClient(t.url, { token: await signToken('leaving', 600), minReconnectDelay: 2000 });
    const connected = nextEvent(client, 'connected');
    client.connect();
    await connected;
    expect(t.hub.connectionCount()).toBe(1);
    const reconnecting = nextEvent<StateCtx>(client, 'connecting');
    const started = Date.now();
    await t.close();
    expect(await reconnecting).toEqual({ code: 3001, reason: 'shutdown' });
    expect(t.hub.connectionCount()).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

/** A socket that finishes the upgrade, then goes silent (a phone off the air): it never answers again. */
async function silentSocket(port: number, extraHeaders = ''): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    'GET /connection/websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extraHeaders}\r\n`,
  );
  await new Promise((resolve, reject) => {
    socket.once('data', resolve);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before the upgrade')));
  });
  socket.pause();
  return socket;
}

describe('hub shutdown with silent peers', () => {
  it('closes within seconds though silent peers hold sockets, one of them refused while it closes', async ({
    expect,
  }) => {
    const t = await startHub();
    const before = await silentSocket(t.port);
    const started = Date.now();
    const closing = t.close();
    // Arrives during the close: answered 503, and its socket dropped rather than waited for.
    const during = await silentSocket(t.port);
    await closing;
    expect(Date.now() - started).toBeLessThan(4000);
    before.destroy();
    during.destroy();
  });
});
