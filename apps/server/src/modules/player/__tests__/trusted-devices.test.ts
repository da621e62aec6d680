import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, mailboxEntrySchema, type MailboxEntry } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { SIGN_IN_LIMITS } from '../../../lib/sign-in-guard.ts';
import { SIGN_IN_CODE } from '../sign-in-challenge.ts';
import { DEVICE_COOKIE } from '../trusted-devices.ts';
import { bearer, expectErrorEnvelope, register, registerBody, freshClients, travel } from './helpers.ts';

/**
 * Issue 34, finding 3: ten wrong passwords from rotating addresses paused an account for 15 minutes,
 * and the owner's right password got 429 from anywhere, for as long as the attacker kept it up. Now the
 * pause holds back guessers only: the owner's browser (the device cookie of an earlier sign-in) signs
 * in at once, and a new browser passes with the code the owner is mailed; a guesser gets the same
 * answers and nothing through them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

// The pause takes ten failures past waits of up to 16 s: time is moved on the process's clock, which
// the counters in memory follow (with REDIS_URL they expire on Redis's clock, which a test cannot move).
const onRedis = Boolean(process.env.REDIS_URL);
/** A new address each time: the attacker rotates them, and the owner is somewhere else. */
const { from } = freshClients();

type Answer = Awaited<ReturnType<TestServer['app']['inject']>>;
const cookieOf = (res: Answer): string | null => {
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return set ? set.split(';')[0]! : null;
};
const signIn = (login: string, password: string, cookie?: string | null) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/sessions',
    payload: { login, password },
    headers: { ...from(), ...(cookie ? { cookie } : {}) },
  });
const passChallenge = (challenge: string, code: string, cookie?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/sessions/challenge',
    payload: { challenge, code },
    headers: { ...from(), ...(cookie ? { cookie } : {}) },
  });

async function mailbox(to: string): Promise<MailboxEntry[]> {
  const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return mailboxEntrySchema.array().parse(res.json().data);
}
const codeMails = async (to: string) => (await mailbox(to)).filter((m) => m.subject === 'Your sign-in code');
/** The newest sign-in code mailed to `to`, once `count` of them have arrived. */
async function mailedCode(to: string, count = 1): Promise<string> {
  const mails = await waitFor(async () => {
    const found = await codeMails(to);
    return found.length >= count && found;
  });
  return /\b(\d{6})\b/.exec(mails[0]!.body)![1]!;
}

/** A new player, and the device cookie their sign-up left in their browser. */
async function owner() {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/player/register',
    payload: registerBody({ locale: 'en' }),
    headers: from(),
  });
  expect(res.statusCode).toBe(200);
  const payload = JSON.parse(res.payload).data as { profile: { email: string } };
  const cookie = cookieOf(res);
  expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}$`));
  // HttpOnly, SameSite=Lax, only sent to the player API.
  expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  expect(String(res.headers['set-cookie'])).toMatch(/Path=\/api\/player/);
  return { email: payload.profile.email, password: 'secret-pass', cookie: cookie! };
}

/** The attack: ten wrong passwords from ten addresses, each after the wait the last one asked for. */
async function pause(email: string) {
  for (let i = 0; i < SIGN_IN_LIMITS.lockAt; i++) {
    if (i > 0) travel(61);
    expectErrorEnvelope(await signIn(email, `guess-${i}`), 401);
  }
}

/** A 429 of the pause with its challenge (error 11010). */
function challengeOf(res: Answer): string {
  const error = expectErrorEnvelope(res, 429) as { code: number; message: string; challenge?: string };
  expect(error.code).toBe(ErrorCode.signInChallenge);
  expect(error.message).toMatch(/paused for 15 min/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(error.challenge).toMatch(/^[\w-]{32}$/);
  return error.challenge!;
}

describe.skipIf(onRedis)('a paused account and its owner', () => {
  it("the owner's browser signs in at once; the pause stays for the attacker", async () => {
    const me = await owner();
    await pause(me.email);
    challengeOf(await signIn(me.email, 'guess-10'));
    const mine = await signIn(me.email, me.password, me.cookie);
    expect(mine.statusCode).toBe(200);
    expect(cookieOf(mine)).toBe(me.cookie);
    // The owner's sign-in did not lift the pause (that would give the attacker ten more guesses).
    challengeOf(await signIn(me.email, 'guess-11'));
    challengeOf(await signIn(me.email, me.password));
  });

  it('from a new browser the right password is answered with a challenge; the mailed code signs in and trusts the browser', async () => {
    const me = await owner();
    await pause(me.email);
    const challenge = challengeOf(await signIn(me.email, me.password));
    const code = await mailedCode(me.email);
    const mail = (await codeMails(me.email))[0]!;
    expect(mail.body).toContain(`valid for ${SIGN_IN_CODE.ttlSec / 60} minutes`);
    expect(mail.body).toContain('/?forgot-pass');
    const signedIn = await passChallenge(challenge, code);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().data.accessToken as string;
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/player/profile', headers: bearer(token) })).json().data
        .email,
    ).toBe(me.email);
    // The code is spent, and the new browser is trusted from now on: the pause no longer holds it back.
    expectErrorEnvelope(await passChallenge(challenge, code), 422);
    const laptop = cookieOf(signedIn);
    expect(laptop).not.toBeNull();
    expect(laptop).not.toBe(me.cookie);
    expect((await signIn(me.email, me.password, laptop)).statusCode).toBe(200);
  });

  it('a guesser gets the same answer whatever the password, and no code passes a challenge without the mailbox', async () => {
    const me = await owner();
    await pause(me.email);
    const wrong = await signIn(me.email, 'guess-12');
    const right = await signIn(me.email, me.password);
    const theirs = challengeOf(wrong);
    const ours = challengeOf(right);
    // Nothing in the answer tells a right password from a wrong one.
    expect(wrong.json().error.message).toBe(right.json().error.message);
    expect(wrong.headers['retry-after']).toBe(right.headers['retry-after']);
    // Only the right password sent a code (one mail), and it is worth nothing with another challenge.
    const code = await mailedCode(me.email);
    expect(await codeMails(me.email)).toHaveLength(1);
    expectErrorEnvelope(await passChallenge(theirs, code), 422);
    // Guessing at a challenge: five tries, then nothing, the right code included.
    const guess = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < SIGN_IN_CODE.maxAttempts; i++)
      expect(expectErrorEnvelope(await passChallenge(ours, guess(i)), 422).code).toBe(ErrorCode.wrongOtp);
    expectErrorEnvelope(await passChallenge(ours, code), 422);
    // The guesses spent only that challenge: the owner's next one works.
    const again = challengeOf(await signIn(me.email, me.password));
    const next = await mailedCode(me.email, 2);
    expect((await passChallenge(again, next)).statusCode).toBe(200);
  });

  it('an unknown login is answered exactly as a known one during a pause (no one learns who plays here)', async () => {
    const nobody = `nobody-${randomInt(1e9)}@example.com`;
    await pause(nobody);
    const challenge = challengeOf(await signIn(nobody, 'anything'));
    expectErrorEnvelope(await passChallenge(challenge, '123456'), 422);
  });

  it('a stolen device cookie buys its own ten tries, never more: then its browser too gets the challenge', async () => {
    const me = await owner();
    for (let i = 0; i < SIGN_IN_LIMITS.lockAt; i++) {
      if (i > 0) travel(61);
      expectErrorEnvelope(await signIn(me.email, `guess-${i}`, me.cookie), 401);
    }
    challengeOf(await signIn(me.email, 'guess-10', me.cookie));
    // The account itself was not paused by them: another browser's right password signs in.
    expect((await signIn(me.email, me.password)).statusCode).toBe(200);
  });

  it('a password reset ends the trust of every browser', async () => {
    const me = await owner();
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/player/passwords/reset',
      payload: { email: me.email },
      headers: from(),
    });
    expect(reset.statusCode).toBe(200);
    const mail = await waitFor(async () => (await mailbox(me.email)).find((m) => m.subject === 'Reset your password'));
    const code = /\/password\/reset\/([\w-]+)/.exec(mail.body)![1]!;
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/player/passwords/confirm',
      payload: { code, newPassword: 'brand-new-pass-7', repeatNewPassword: 'brand-new-pass-7' },
      headers: from(),
    });
    expect(confirmed.statusCode).toBe(200);
    await pause(me.email);
    // The old browser is a stranger now: the right (new) password gets the challenge.
    challengeOf(await signIn(me.email, 'brand-new-pass-7', me.cookie));
  });

  it('ending a session from the list ends the trust of the browser it was opened in', async () => {
    const me = await owner();
    const phone = await signIn(me.email, me.password);
    const phoneCookie = cookieOf(phone)!;
    const laptop = await signIn(me.email, me.password, me.cookie);
    const token = laptop.json().data.accessToken as string;
    const closed = await server.app.inject({
      method: 'PUT',
      url: `/api/player/sessions/${phone.json().data.sessionId as string}/close`,
      headers: bearer(token),
    });
    expect(closed.statusCode).toBe(200);
    await pause(me.email);
    challengeOf(await signIn(me.email, me.password, phoneCookie));
    expect((await signIn(me.email, me.password, me.cookie)).statusCode).toBe(200);
  });
});

describe('a burst of tries with a stolen device cookie', () => {
  it('checks no more passwords than the throttle allows', async () => {
    const me = await owner();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(me.email, i === 29 ? me.password : `guess-${i}`, me.cookie)),
    );
    const count = answers.reduce<Record<number, number>>(
      (c, r) => ({ ...c, [r.statusCode]: (c[r.statusCode] ?? 0) + 1 }),
      {},
    );
    expect(count[200]).toBeUndefined();
    expect(count[401]).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.delayFrom);
    expect(count[401]).toBeLessThan(SIGN_IN_LIMITS.lockAt);
    expect(count[429]).toBe(40 - count[401]!);
  });
});

describe('the device cookie', () => {
  it('is Secure where the site is served over HTTPS', async () => {
    const https = await createTestServer({ PUBLIC_URL: 'https://casino.example' });
    try {
      const res = await register(https.app, { locale: 'en' });
      const signedIn = await https.app.inject({
        method: 'POST',
        url: '/api/player/sessions',
        payload: { login: res.body.email, password: res.body.password },
      });
      expect(String(signedIn.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('is not set by a refused sign-in', async () => {
    const me = await owner();
    const refused = await signIn(me.email, 'wrong-password');
    expect(refused.statusCode).toBe(401);
    expect(cookieOf(refused)).toBeNull();
  });
});
