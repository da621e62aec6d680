import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, opsCall, type TestServer } from '../../test/server.ts';
import { players } from '../../modules/player/tables.ts';
import { postSupportMessage } from '../../modules/notification/index.ts';
import { parseArgs } from '../cli.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ops = (path: string, payload: Record<string, unknown>) => opsCall(server, path, payload);

/** A player who signed up with a phone number only (no e-mail). */
async function phonePlayer() {
  const national = `151${String(randomInt(10_000_000, 99_999_999))}`;
  const phone = `+49${national}`;
  const [row] = await server.ctx.db
    .insert(players)
    .values({ phone, phoneConfirmed: true, passwordHash: 'x', currency: 'EUR', agreedTc: true })
    .returning({ id: players.id, externalId: players.externalId });
  return { ...row!, phone, national };
}

describe('the operator names a player by e-mail, phone number or id', () => {
  it('the CLI takes any of them for every player command, and says so in its usage', () => {
    expect(parseArgs(['credit', '+49 151 1234 5678', '5', 'EUR'])).toEqual({
      command: 'credit',
      body: { player: '+49 151 1234 5678', amount: '5', currency: 'EUR' },
    });
    expect(parseArgs(['limit', '100042', 'bet', '25', 'EUR', 'daily'])).toMatchObject({ body: { player: '100042' } });
    expect(parseArgs(['exclude', '+4915112345678', 'cooling-off', '7'])).toMatchObject({
      body: { player: '+4915112345678' },
    });
    expect(parseArgs(['autologin', '+4915112345678'])).toMatchObject({ body: { player: '+4915112345678' } });
    expect(parseArgs(['support', 'reply', '100042', 'Hello', 'there'])).toMatchObject({
      body: { action: 'reply', player: '100042', text: 'Hello there' },
    });
    // A wrong line ends with its command's usage; the full help (as an unknown command shows it) says how to name a player.
    expect(() => parseArgs(['credit'])).toThrow(
      /credit needs <player> <amount> <currency>[\s\S]*Usage:\n {2}credit <player>/,
    );
    expect(() => parseArgs(['explode'])).toThrow(/credit <player> <amount> <currency>[\s\S]*<player> is an e-mail/);
  });

  it('credits, limits, messages and answers a phone-only player by number in any spelling, and by id', async () => {
    const player = await phonePlayer();
    const spaced = `+49 ${player.national.slice(0, 3)} ${player.national.slice(3, 7)} ${player.national.slice(7)}`;
    const credited = await ops('credit', { player: spaced, amount: '5', currency: 'EUR' });
    expect(credited.statusCode).toBe(200);
    expect(credited.json().data).toMatchObject({ playerId: player.id, balance: '5.00' });

    const dashed = `0049-${player.national}`;
    expect(
      (await ops('limit', { player: dashed, type: 'bet', amount: '10', currency: 'EUR', period: 'daily' })).json(),
    ).toEqual({ data: { message: `Set a daily bet limit of 10.00 EUR for ${player.phone}; it applies now` } });
    expect(
      (await ops('message', { to: String(player.externalId), title: 'Hi', body: 'A word from us' })).json().data
        .message,
    ).toBe(`Sent "Hi" to ${player.phone}`);
    expect(
      (await ops('support', { action: 'reply', player: player.id, text: 'We are on it' })).json().data.message,
    ).toBe(`Answered ${player.phone}`);
    const link = await ops('autologin', { player: player.phone });
    expect(link.statusCode).toBe(200);
    expect(link.json().data.url).toMatch(/\/auth\/autologin\?state=/);
  });

  it('says which player was not found', async () => {
    const byPhone = await ops('credit', { player: '+49 151 0000 0000', amount: '1', currency: 'EUR' });
    expect(byPhone.statusCode).toBe(404);
    expect(byPhone.json().error.message).toBe('No player with the phone +4915100000000');
    expect(
      (await ops('exclude', { player: 'nobody@example.com', type: 'cooling-off', days: 1 })).json().error.message,
    ).toBe('No player with the e-mail nobody@example.com');
    expect((await ops('autologin', { player: '999999999' })).json().error.message).toBe(
      'No player with the id 999999999',
    );
    expect((await ops('message', { to: 'somebody', title: 't', body: 'b' })).json().error.message).toBe(
      'Not an e-mail, a phone number (+country code) or a player id: somebody',
    );
  });

  it('lists show who the player is: e-mail or phone, and the id', async () => {
    const player = await phonePlayer();
    await postSupportMessage(server.ctx, player.id, 'player', 'Where is my withdrawal?');
    const list = (await ops('support', { action: 'list' })).json().data.message as string;
    expect(list).toContain(`${player.phone} (id ${player.externalId})`);
    expect(list).not.toContain(player.id);
    const [row] = await server.ctx.db.select().from(players).where(eq(players.id, player.id));
    expect(row?.email).toBeNull();
  });
});
