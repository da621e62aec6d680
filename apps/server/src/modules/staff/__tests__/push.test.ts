import { Centrifuge, type PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Channel } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { playerDocuments } from '../../documents/tables.ts';
import { register } from '../../player/__tests__/helpers.ts';
import { asStaff, enrolStaff, staffCommand } from './staff-kit.ts';

/** The back office's live channel: a staff token on the real hub, a queue event, and who may not listen. */
let server: TestServer;
let wsUrl: string;
beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsUrl = `ws://127.0.0.1:${address.port}/connection/websocket`;
});
afterAll(() => server?.close());

const within = <T>(what: string, work: (resolve: (value: T) => void) => void, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    work((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

/** Subscribes to the staff channel with `token`: answers the subscription, or the error that refused it. */
async function listen(token: string) {
  const client = new Centrifuge(wsUrl, { websocket: WebSocket, token });
  const sub = client.newSubscription(Channel.staffQueues);
  const outcome = within<'subscribed' | string>('the subscription', (resolve) => {
    sub.once('subscribed', () => resolve('subscribed'));
    sub.once('error', (ctx) => resolve(ctx.error.message));
    sub.once('unsubscribed', (ctx) => resolve(`unsubscribed ${ctx.code}`));
    client.once('disconnected', (ctx) => resolve(`disconnected ${ctx.code}`));
  });
  sub.subscribe();
  client.connect();
  return { client, sub, outcome: await outcome };
}

describe("the back office's live channel", () => {
  it('tells a signed-in dashboard that the documents queue changed, and nothing of the player', async () => {
    const kyc = await enrolStaff(server, 'kyc');
    const answer = await asStaff(server, kyc, 'GET', '/api/admin/auth/push-token');
    const { client, sub, outcome } = await listen(answer.json().data.token);
    expect(outcome).toBe('subscribed');
    const { auth } = await register(server.app);
    const [document] = await server.ctx.db
      .insert(playerDocuments)
      .values({ playerId: auth.profile.id, type: 'passport', fileName: 'p.png', mimeType: 'image/png', size: 10 })
      .returning();
    const published = within<PublicationContext>('queue.changed', (resolve) => sub.once('publication', resolve));
    expect((await staffCommand(server, kyc, 'documents', { action: 'approve', id: document!.id })).statusCode).toBe(
      200,
    );
    expect((await published).data).toEqual({ event: 'queue.changed', queue: 'documents' });
    client.disconnect();
  });

  it('refuses a player, a forged or signed-out staff token', async () => {
    const { auth } = await register(server.app);
    const asPlayer = await listen(auth.accessToken);
    expect(asPlayer.outcome).toBe('unsubscribed 103');
    asPlayer.client.disconnect();

    const support = await enrolStaff(server, 'support');
    const token: string = (await asStaff(server, support, 'GET', '/api/admin/auth/push-token')).json().data.token;
    const forged = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const asForger = await listen(forged);
    expect(asForger.outcome).toMatch(/^disconnected 3500|^unsubscribed/);
    asForger.client.disconnect();

    expect((await asStaff(server, support, 'POST', '/api/admin/auth/sign-out', {})).statusCode).toBe(200);
    const afterSignOut = await listen(token);
    expect(afterSignOut.outcome).toMatch(/^disconnected 3500|^unsubscribed/);
    afterSignOut.client.disconnect();
  });
});
