import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, mailboxEntrySchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { SIGN_IN_LIMITS } from '../../../lib/sign-in-guard.ts';
import { expectErrorEnvelope, login, register, freshClients, travel } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // The per-address-and-login rate limit is set out of the way: these tests are about the throttle.
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

// With REDIS_URL the counters expire on Redis's own clock, which a fake Date cannot move.
const onRedis = Boolean(process.env.REDIS_URL);
const { from } = freshClients();

describe('sign-in throttling per account', () => {
  it('from the fifth failure, the next try waits — from any address, even with the right password', async () => {
    // The clock stands still (memory counters): a slow machine must not let the 1 s wait pass between two tries.
    if (!onRedis) travel(0);
    const { body } = await register(server.app, { locale: 'en' });
    const email = body.email as string;
    for (let i = 0; i < SIGN_IN_LIMITS.delayFrom; i++)
      expectErrorEnvelope(await login(server.app, email, `wrong-${i}`, from()), 401);
    const waiting = await login(server.app, email, body.password as string, from());
    expect(expectErrorEnvelope(waiting, 429).code).toBe(ErrorCode.tooManyRequests);
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    if (onRedis) return;
    travel(2);
    // After the wait the right password works and the account starts afresh.
    expect((await login(server.app, email, body.password as string, from())).statusCode).toBe(200);
    expectErrorEnvelope(await login(server.app, email, 'wrong-again', from()), 401);
  });

  it('the tenth failure pauses the account for 15 minutes and tells its owner', async () => {
    if (onRedis) return;
    const { body } = await register(server.app, { locale: 'en' });
    const email = body.email as string;
    for (let i = 0; i < SIGN_IN_LIMITS.lockAt; i++) {
      // Past each wait, so every failure is counted (ten within the 15-minute window).
      if (i > 0) travel(61);
      expectErrorEnvelope(await login(server.app, email, `wrong-${i}`, from()), 401);
    }
    const paused = expectErrorEnvelope(await login(server.app, email, body.password as string, from()), 429);
    expect(paused.message).toMatch(/paused for 15 min/);
    const mail = await waitFor(async () => {
      const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
      return mailboxEntrySchema
        .array()
        .parse(res.json().data)
        .find((m) => m.subject.startsWith('Sign-in'));
    });
    expect(mail.body).toMatch(/paused for 15 minutes/);
    expect(mail.body).toContain('/?forgot-pass');
    travel(SIGN_IN_LIMITS.lockSec + 1);
    expect((await login(server.app, email, body.password as string, from())).statusCode).toBe(200);
  });

  it('an unknown address is throttled exactly like a known one (no way to learn who plays here)', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    // As above: on a loaded machine the deliberate slowness of each refusal outlasted the 1 s wait once.
    if (!onRedis) travel(0);
    for (let i = 0; i < SIGN_IN_LIMITS.delayFrom; i++)
      expectErrorEnvelope(await login(server.app, email, `wrong-${i}`, from()), 401);
    expectErrorEnvelope(await login(server.app, email, 'wrong', from()), 429);
  });
});

describe('sign-in throttling per network address', () => {
  it(`${SIGN_IN_LIMITS.perAddress} failures across accounts pause that address only`, async () => {
    const address = { 'x-forwarded-for': `172.${16 + randomInt(16)}.${randomInt(256)}.${randomInt(1, 255)}` };
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++)
      expectErrorEnvelope(await login(server.app, `spray-${i}-${Date.now()}@example.com`, 'Password1', address), 401);
    const { body } = await register(server.app);
    expectErrorEnvelope(await login(server.app, body.email as string, body.password as string, address), 429);
    expect((await login(server.app, body.email as string, body.password as string, from())).statusCode).toBe(200);
  });
});
