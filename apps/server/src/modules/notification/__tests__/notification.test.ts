import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, messengerListSchema, supportMessageSchema } from '@casino/contracts';
import { opsMessage, opsSupport } from '../commands.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { shownTime } from '../texts.ts';
import { bearer, expectErrorEnvelope, register } from '../../player/__tests__/helpers.ts';

let server: TestServer;
const published: { channel: string; payload: Record<string, unknown> }[] = [];
beforeAll(async () => {
  server = await createTestServer();
  // What the push hub would send: every publication the outbox makes.
  const publish = server.ctx.broker.publish.bind(server.ctx.broker);
  server.ctx.broker.publish = async (channel, payload) => {
    published.push({ channel, payload: payload as Record<string, unknown> });
    return publish(channel, payload);
  };
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function call(
  token: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  ip = '127.0.0.1',
) {
  const res = await server.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, json: res.json() as Json, res };
}
const playerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
const newPlayer = async () => {
  const { auth, body } = await register(server.app, { locale: 'en' });
  return { token: auth.accessToken, email: body.email as string, id: playerOf(auth.accessToken) };
};
const inbox = async (token: string, query = '') =>
  messengerListSchema.parse((await call(token, 'GET', `/api/notification/messenger/messages${query}`)).json);

describe('messages the platform writes', () => {
  it("show amounts and moments as the site does, in the player's language", async () => {
    for (const [locale, amount] of [
      ['en', '€50.00'],
      ['de', '50,00\u00a0€'],
      ['pt-br', '€\u00a050,00'],
    ] as const) {
      const { auth } = await register(server.app, { locale });
      const added = await call(auth.accessToken, 'POST', '/api/player/limits', {
        definition: 3,
        period: 'daily',
        currency: 'EUR',
        amount: 50,
      });
      expect(added.status).toBe(200);
      server.ctx.notifyOutbox();
      const body = await waitFor(async () => (await inbox(auth.accessToken)).data[0]?.content.body);
      expect(body, locale).toContain(amount);
      expect(body, locale).not.toContain('EUR');
    }
    expect(shownTime('2026-11-25T13:31:00.000Z', 'de')).toBe('25.11.2026, 13:31 UTC');
    expect(shownTime('2026-11-25T13:31:00.000Z', 'en')).toBe('Nov 25, 2026, 1:31 PM UTC');
  });
});

describe('messenger', () => {
  it('an operator message arrives, is pushed with the unread count, pages, reads and deletes', async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    for (const n of [1, 2, 3, 4]) {
      await opsMessage(server.ctx, { to: player.email, title: `Hello ${n}`, body: '<b>not html</b>' });
    }
    server.ctx.notifyOutbox();
    const pushed = await waitFor(() =>
      published.find(
        (p) =>
          p.channel === Channel.notifications(player.id) &&
          p.payload.event === 'messenger.message.created' &&
          p.payload.totalUnread === 4,
      ),
    );
    expect((pushed.payload.message as Json).content).toMatchObject({ title: 'Hello 4', body: '<b>not html</b>' });

    const page1 = await inbox(player.token, '?page=1&perPage=3');
    expect(page1.data.map((m) => m.content.title)).toEqual(['Hello 4', 'Hello 3', 'Hello 2']);
    expect(page1.meta).toMatchObject({ page: 1, perPage: 3, totalRows: 4, totalPages: 2, totalUnread: 4 });
    expect((await inbox(other.token)).meta.totalUnread).toBe(0);
    // Past the last page: no rows, the same counts.
    const past = await inbox(player.token, '?page=5&perPage=3');
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ totalRows: 4, totalUnread: 4 });

    const [newest, second] = page1.data;
    // Another player's ids, junk and ours together: only ours change.
    const read = await call(player.token, 'POST', '/api/notification/messenger/messages/read', {
      messageIds: [newest!.id, 'junk', '00000000-0000-0000-0000-000000000000'],
    });
    expect(read.json.data).toEqual({ totalUnread: 3 });
    expect(
      (await call(other.token, 'POST', '/api/notification/messenger/messages/read', { messageIds: [second!.id] })).json
        .data,
    ).toEqual({ totalUnread: 0 });
    expect((await inbox(player.token)).meta.totalUnread).toBe(3);
    expect(
      (await call(other.token, 'DELETE', '/api/notification/messenger/messages', { messageIds: [second!.id] })).status,
    ).toBe(200);
    expect((await inbox(player.token)).meta.totalRows).toBe(4);

    const deleted = await call(player.token, 'DELETE', '/api/notification/messenger/messages', {
      messageIds: [second!.id],
    });
    expect(deleted.json.data).toEqual({ totalUnread: 2 });
    expect((await call(player.token, 'POST', '/api/notification/messenger/messages/read/all')).json.data).toEqual({
      totalUnread: 0,
    });
    const after = await inbox(player.token);
    expect(after.meta).toMatchObject({ totalRows: 3, totalUnread: 0 });
    expect(after.data.every((m) => m.state === 2 && m.readAt)).toBe(true);
    // The player's other tabs hear the count.
    await waitFor(() =>
      published.find(
        (p) =>
          p.channel === Channel.notifications(player.id) &&
          p.payload.event === 'messenger.unread.updated' &&
          p.payload.totalUnread === 0,
      ),
    );
  });

  it('the bell shows a new, read or deleted message on its very next read, though it read the list just before', async () => {
    const player = await newPlayer();
    await inbox(player.token, '?page=1&perPage=3');
    // Written by the consumer of a limit change (in the outbox's transaction): in the list once pushed.
    const limit = { definition: 1, period: 'daily', currency: 'EUR', amount: 10 };
    expect((await call(player.token, 'POST', '/api/player/limits', limit)).status).toBe(200);
    server.ctx.notifyOutbox();
    const pushed = await waitFor(() =>
      published.find(
        (p) => p.channel === Channel.notifications(player.id) && p.payload.event === 'messenger.message.created',
      ),
    );
    const bell = async () => (await inbox(player.token, '?page=1&perPage=3')).data;
    expect((await bell()).map((m) => m.id)).toContain((pushed.payload.message as Json).id);

    await opsMessage(server.ctx, { to: player.email, title: 'Fresh news', body: 'b' });
    const [fresh] = await bell();
    expect(fresh).toMatchObject({ content: { title: 'Fresh news' }, state: 1 });
    await call(player.token, 'POST', '/api/notification/messenger/messages/read', { messageIds: [fresh!.id] });
    expect((await bell())[0]).toMatchObject({ id: fresh!.id, state: 2 });
    await call(player.token, 'DELETE', '/api/notification/messenger/messages', { messageIds: [fresh!.id] });
    expect((await bell()).map((m) => m.id)).not.toContain(fresh!.id);
  });

  it('refuses bad input and guests', async () => {
    const player = await newPlayer();
    for (const body of [
      {},
      { messageIds: [] },
      { messageIds: ['x'.repeat(65)] },
      { messageIds: Array(101).fill('a') },
      { messageIds: ['a\u0000'] },
    ]) {
      expect((await call(player.token, 'POST', '/api/notification/messenger/messages/read', body)).status).toBe(422);
    }
    expect((await call(player.token, 'GET', '/api/notification/messenger/messages?perPage=500')).status).toBe(422);
    expectErrorEnvelope((await call(null, 'GET', '/api/notification/messenger/messages')).res, 401);
    await expect(opsMessage(server.ctx, { to: 'nobody@example.com', title: 't', body: 'b' })).rejects.toThrow(
      /No player/,
    );
  });

  it('messages everyone with `all`', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const result = await opsMessage(server.ctx, { to: 'all', title: 'Maintenance tonight', body: '02:00 UTC' });
    expect(result.message).toMatch(/to \d+ players/);
    for (const p of [a, b]) expect((await inbox(p.token)).data[0]?.content.title).toBe('Maintenance tonight');
  });
});

describe('contact form', () => {
  it('takes a message from a guest or a player; refuses bad input', async () => {
    const ok = await call(null, 'POST', '/api/notification/communications', {
      name: 'Ana',
      email: 'Ana@Example.com',
      subject: 'payments',
      message: 'My deposit has not arrived yet.',
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.id).toBeTruthy();
    const listed = await opsSupport(server.ctx, { action: 'list' });
    expect(listed.message).toContain('ana@example.com  [payments]  My deposit has not arrived yet.');
    for (const body of [
      { name: 'A', email: 'not-an-email', subject: 'payments', message: 'long enough text' },
      { name: 'A', email: 'a@b.co', subject: 'nonsense', message: 'long enough text' },
      { name: 'A', email: 'a@b.co', subject: 'other', message: 'short' },
      { name: 'A\u202e', email: 'a@b.co', subject: 'other', message: 'long enough text' },
      { name: 'A', email: 'a@b.co', subject: 'other', message: 'x'.repeat(2001) },
    ]) {
      expect((await call(null, 'POST', '/api/notification/communications', body, '10.0.0.2')).status).toBe(422);
    }
    // Five a ten minutes from one address: a flood is turned away.
    const flood = await call(
      null,
      'POST',
      '/api/notification/communications',
      { name: 'A', email: 'a@b.co', subject: 'other', message: 'long enough text' },
      '10.0.0.2',
    );
    expect(flood.status).toBe(429);
  });
});

describe('live support chat', () => {
  it('the player writes, the operator sees the chat waiting and answers; both lines are pushed and kept', async () => {
    const player = await newPlayer();
    const sent = await call(player.token, 'POST', '/api/notification/support/messages', {
      text: '  Where is my bonus?  ',
    });
    expect(supportMessageSchema.parse(sent.json.data)).toMatchObject({ author: 'player', text: 'Where is my bonus?' });
    expect((await opsSupport(server.ctx, { action: 'list' })).message).toContain(`${player.email}`);

    await opsSupport(server.ctx, { action: 'reply', email: player.email, text: 'It is on its way.' });
    server.ctx.notifyOutbox();
    await waitFor(() =>
      published.find(
        (p) =>
          p.channel === Channel.support(player.id) &&
          (p.payload.message as Json | undefined)?.text === 'It is on its way.',
      ),
    );
    const history = (await call(player.token, 'GET', '/api/notification/support/messages')).json.data as Json[];
    expect(history.map((m) => [m.author, m.text])).toEqual([
      ['player', 'Where is my bonus?'],
      ['operator', 'It is on its way.'],
    ]);
    // Answered: no longer waiting.
    expect((await opsSupport(server.ctx, { action: 'list' })).message).not.toContain(player.email);
    expect((await call(player.token, 'POST', '/api/notification/support/messages', { text: '   ' })).status).toBe(422);
    expect(
      (await call(player.token, 'POST', '/api/notification/support/messages', { text: 'x'.repeat(2001) })).status,
    ).toBe(422);
    expect((await call(null, 'GET', '/api/notification/support/messages')).status).toBe(401);
  });
});

describe('a hostile client', () => {
  it('twenty read-alls and twenty deletes of one message at once leave consistent counts', async () => {
    const player = await newPlayer();
    for (const n of [1, 2, 3]) await opsMessage(server.ctx, { to: player.email, title: `Note ${n}`, body: 'x' });
    const [target] = (await inbox(player.token)).data;
    const [reads, deletes] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(player.token, 'POST', '/api/notification/messenger/messages/read/all', undefined, `10.3.0.${i}`),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(
            player.token,
            'DELETE',
            '/api/notification/messenger/messages',
            { messageIds: [target!.id] },
            `10.3.1.${i}`,
          ),
        ),
      ),
    ]);
    expect([...reads, ...deletes].every((r) => r.status === 200)).toBe(true);
    const after = await inbox(player.token);
    expect(after.meta).toMatchObject({ totalRows: 2, totalUnread: 0 });
  });

  it('twenty support lines at once are all kept, in order of arrival, none lost or doubled', async () => {
    const player = await newPlayer();
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(player.token, 'POST', '/api/notification/support/messages', { text: `line ${i}` }, `10.4.0.${i}`),
      ),
    );
    expect(sent.every((r) => r.status === 200)).toBe(true);
    const history = (await call(player.token, 'GET', '/api/notification/support/messages')).json.data as Json[];
    expect(history).toHaveLength(20);
    expect(new Set(history.map((m) => m.text)).size).toBe(20);
    const ids = history.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('huge pages and values are refused or answered empty, never a server error', async () => {
    const player = await newPlayer();
    expect(
      (await call(player.token, 'GET', '/api/notification/messenger/messages?page=10000&perPage=50')).json.data,
    ).toEqual([]);
    expect((await call(player.token, 'GET', '/api/notification/messenger/messages?page=10001')).status).toBe(422);
    expect((await call(player.token, 'GET', '/api/notification/messenger/messages?page=1e400')).status).toBe(422);
    const huge = await call(player.token, 'POST', '/api/notification/support/messages', {
      text: 'x'.repeat(1_000_000),
    });
    expect([413, 422]).toContain(huge.status);
    expect((await call(player.token, 'POST', '/api/notification/support/messages', { text: 'a\u0000b' })).status).toBe(
      422,
    );
  });
});
