import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { bearer, register } from '../../modules/player/__tests__/helpers.ts';
import { opsCredit } from '../../modules/wallet/commands.ts';
import { playerOf } from '../../modules/player/index.ts';
import { parseArgs } from '../cli.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', WITHDRAWAL_VERIFICATION: 'never' });
});
afterAll(() => server?.close());

const ops = (payload: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/admin/commands/withdrawal-create',
    headers: { 'x-ops-secret': server.ctx.opsSecret },
    payload,
  });

describe('withdrawals create (an excluded player asks support to withdraw)', () => {
  it('parses the command', () => {
    expect(parseArgs(['withdrawals', 'create', '+4915112345678', '40', 'EUR'])).toEqual({
      command: 'withdrawal-create',
      body: { player: '+4915112345678', amount: '40', currency: 'EUR' },
    });
    expect(parseArgs(['withdrawals', 'create', 'a@b.c', '40', 'EUR', '--method', 'bank_transfer'])).toMatchObject({
      body: { method: 'bank_transfer' },
    });
    expect(() => parseArgs(['withdrawals', 'create', 'a@b.c'])).toThrow(/withdrawals needs/);
  });

  it('requests it to the last method and payout details the player used; without one it says so', async () => {
    const { body, auth } = await register(server.app);
    const email = body.email as string;
    await opsCredit(server.ctx, { email, amount: '100', currency: 'EUR' }, playerOf);
    const none = await ops({ player: email, amount: '10', currency: 'EUR' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(
      `${email} has made no withdrawal yet: the payout details must come from the player`,
    );
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/payment/invoices/withdrawal',
      headers: bearer(auth.accessToken),
      payload: { method: 'bank_transfer', currency: 'EUR', amount: 20, fields: { iban: 'DE89370400440532013000' } },
    });
    expect(first.statusCode).toBe(200);
    const made = await ops({ player: email, amount: '30', currency: 'EUR' });
    expect(made.statusCode).toBe(200);
    expect(made.json().data.message).toMatch(
      new RegExp(`^Requested a withdrawal of 30\\.00 EUR for ${email} by bank_transfer to DE89\\S*; invoice \\S+`),
    );
    const accounts = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: bearer(auth.accessToken),
    });
    expect(accounts.json().data[0]).toMatchObject({ realBalance: 50, lockedBalance: 50 });
  });
});
