import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailboxEntrySchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { SIGN_IN_LIMITS } from '../../../lib/sign-in-guard.ts';
import { bearer, login, register, travel } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // The per-address-and-login rate limit is set out of the way: these tests are about the throttle.
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
});

// Addresses of this run only: on Redis the counters outlive the test server (another run, a rerun).
const net = `10.${randomInt(256)}`;
let n = 0;
const from = () => ({ 'x-forwarded-for': `${net}.${Math.floor(++n / 250)}.${n % 250}` });
let serial = randomInt(1_000_000, 9_000_000);
/** A German mobile number as `+49151…`, and the same number as people also write it (`+490151…`). */
const newNumber = () => {
  const subscriber = String(++serial).padStart(8, '0');
  return { e164: `+49151${subscriber}`, withTrunkZero: `+490151${subscriber}` };
};

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload, headers: { ...from(), ...headers } });
async function textedCode(phone: string): Promise<string> {
  return waitFor(async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(phone)}` });
    const sms = mailboxEntrySchema
      .array()
      .parse(res.json().data)
      .filter((m) => m.channel === 'sms');
    return sms.length > 0 && /\b(\d{6})\b/.exec(sms[0]!.body)?.[1];
  });
}
const statuses = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>(
    (count, r) => ({ ...count, [r.statusCode]: (count[r.statusCode] ?? 0) + 1 }),
    {},
  );

describe('a burst of sign-ins checks no more passwords than the throttle allows', () => {
  it.each([40, 100])('%i at once from as many addresses, the right password thirtieth: no session', async (tries) => {
    const { body } = await register(server.app, { locale: 'en' });
    const email = body.email as string;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        login(server.app, email, i === 29 ? (body.password as string) : `wrong-${i}`, from()),
      ),
    );
    const count = statuses(answers);
    expect(count[200]).toBeUndefined();
    // 401 is a password checked and wrong, 429 one refused unchecked: the free tries and one through
    // each wait that ended meanwhile (the waits start at 1 s: a slow machine may see one or two).
    expect(count[401]).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.delayFrom);
    expect(count[401]).toBeLessThan(SIGN_IN_LIMITS.lockAt);
    expect(count[429]).toBe(tries - count[401]!);
  });
});

/**
 * Runs `tries` with the clock standing still (memory counters): a loaded machine must not let the 1 s
 * wait after the fifth failure pass before the next try (a full run's did). On Redis the counters
 * expire on Redis's own clock, which a fake Date cannot hold.
 */
async function stillClock(tries: () => Promise<void>) {
  if (!process.env.REDIS_URL) travel(0);
  try {
    await tries();
  } finally {
    vi.useRealTimers();
  }
}

describe('one budget per account, however its login is written', () => {
  it('a number with and without the trunk zero', async () => {
    const phone = newNumber();
    await post('/api/player/otp/send', { phone: phone.e164, reason: 'registration', locale: 'en' });
    const registered = await post('/api/player/register/phone', {
      phone: phone.e164,
      code: await textedCode(phone.e164),
      password: 'phone-pass-77',
      password_confirmation: 'phone-pass-77',
      currency: 'EUR',
      agreements: true,
    });
    expect(registered.statusCode).toBe(200);
    await stillClock(async () => {
      for (let i = 0; i < SIGN_IN_LIMITS.delayFrom; i++)
        expect((await login(server.app, phone.e164, `wrong-${i}`, from())).statusCode).toBe(401);
      expect((await login(server.app, phone.withTrunkZero, 'phone-pass-77', from())).statusCode).toBe(429);
    });
  });

  it("an account's e-mail address and its phone number", async () => {
    const { body, auth } = await register(server.app, { locale: 'en' });
    const phone = newNumber();
    await post(
      '/api/player/otp/send',
      { phone: phone.e164, reason: 'phoneVerification', locale: 'en' },
      bearer(auth.accessToken),
    );
    const code = await textedCode(phone.e164);
    const verified = await post(
      '/api/player/otp/verify',
      { phone: phone.e164, code, reason: 'phoneVerification' },
      bearer(auth.accessToken),
    );
    expect(verified.statusCode).toBe(200);
    await stillClock(async () => {
      for (let i = 0; i < SIGN_IN_LIMITS.delayFrom; i++)
        expect((await login(server.app, body.email as string, `wrong-${i}`, from())).statusCode).toBe(401);
      expect((await login(server.app, phone.e164, body.password as string, from())).statusCode).toBe(429);
    });
  });

  it('an unknown number is counted alike, whatever its spelling', async () => {
    const phone = newNumber();
    await stillClock(async () => {
      for (let i = 0; i < SIGN_IN_LIMITS.delayFrom; i++)
        expect((await login(server.app, phone.withTrunkZero, `wrong-${i}`, from())).statusCode).toBe(401);
      expect((await login(server.app, phone.e164, 'wrong', from())).statusCode).toBe(429);
    });
  });
});

describe('password spraying from one address', () => {
  const SPRAYED = 25;
  const PAUSED_AFTER = 20;
  const spray = () => Array.from({ length: SPRAYED }, (_, i) => `sprayed-${i}-${randomInt(1e9)}@example.com`);
  const address = () => ({ 'x-forwarded-for': `172.${16 + randomInt(16)}.${randomInt(256)}.${randomInt(1, 255)}` });

  it(`one password against ${SPRAYED} accounts, one after another: paused after ${PAUSED_AFTER}`, async () => {
    const here = address();
    const answers = [];
    for (const email of spray()) answers.push(await login(server.app, email, 'Summer2024!', here));
    expect(answers.map((r) => r.statusCode)).toEqual([
      ...Array<number>(PAUSED_AFTER).fill(401),
      ...Array<number>(SPRAYED - PAUSED_AFTER).fill(429),
    ]);
  });

  it(`${SPRAYED} accounts at once: no more than ${PAUSED_AFTER} passwords checked`, async () => {
    const here = address();
    const answers = await Promise.all(spray().map((email) => login(server.app, email, 'Summer2024!', here)));
    expect(statuses(answers)).toEqual({ 401: PAUSED_AFTER, 429: SPRAYED - PAUSED_AFTER });
  });
});
