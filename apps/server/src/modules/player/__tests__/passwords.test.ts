import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, mailboxEntrySchema, type MailboxEntry } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { playerCodes, players } from '../tables.ts';
import { bearer, expectErrorEnvelope, login, profile, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'https://casino.example' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const travel = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
};

async function mailbox(to: string): Promise<MailboxEntry[]> {
  const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return mailboxEntrySchema.array().parse(res.json().data);
}

/** Waits for the mail of `template`'s subject to arrive and answers the link in it. */
async function mailedLink(to: string, subject: string, path: string): Promise<string> {
  const mail = await waitFor(async () => (await mailbox(to)).find((m) => m.subject === subject));
  const link = new RegExp(`https://casino\\.example${path}/([A-Za-z0-9_-]+)`).exec(mail.body);
  if (!link) throw new Error(`no ${path} link in: ${mail.body}`);
  return link[1]!;
}

/** A player who reads English (the default country's language would be German). */
const confirmEmail = (code: string) =>
  server.app.inject({ method: 'POST', url: '/api/player/profile/confirmations/email', payload: { code } });
const newPlayer = () => register(server.app, { locale: 'en' });

let nextAddress = 0;
/** Each from an address of its own unless told: the per-address limit (5 a minute) has its own test. */
const requestReset = (email: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/passwords/reset',
    payload: { email },
    headers: { 'x-forwarded-for': `10.2.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`, ...headers },
  });
const confirmReset = (code: string, newPassword = 'brand-new-pass-7', repeatNewPassword = newPassword) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/passwords/confirm',
    payload: { code, newPassword, repeatNewPassword },
    headers: { 'x-forwarded-for': `10.4.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}` },
  });

describe('password reset by e-mail link', () => {
  it('mails a link that sets a new password once and ends every session', async () => {
    const { body, auth } = await register(server.app, { locale: 'de' });
    const email = body.email as string;
    expect((await requestReset(email.toUpperCase())).json()).toEqual({ data: { ok: true } });
    const code = await mailedLink(email, 'Passwort zurücksetzen', '/password/reset');

    expect((await confirmReset(code)).statusCode).toBe(200);
    // Whoever held the old password is signed out, everywhere.
    expectErrorEnvelope(await profile(server.app, auth.accessToken), 401);
    expectErrorEnvelope(await login(server.app, email, body.password as string), 401);
    expect((await login(server.app, email, 'brand-new-pass-7')).statusCode).toBe(200);
    // The owner is told, in their language.
    await waitFor(async () => (await mailbox(email)).some((m) => m.subject === 'Dein Passwort wurde geändert'));
    // A link works once.
    const again = expectErrorEnvelope(await confirmReset(code, 'another-pass-8'), 422);
    expect(again.fields).toEqual({ code: [expect.stringMatching(/no longer valid/)] });
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const res = await requestReset('nobody-here@example.com');
    expect(res.json()).toEqual({ data: { ok: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailbox('nobody-here@example.com')).toEqual([]);
  });

  it('keeps only the newest link, and a link dies after an hour', async () => {
    const { body } = await newPlayer();
    const email = body.email as string;
    await requestReset(email);
    const first = await mailedLink(email, 'Reset your password', '/password/reset');
    await requestReset(email);
    const second = await waitFor(async () => {
      const links = (await mailbox(email)).filter((m) => m.subject === 'Reset your password');
      return links.length === 2 && /password\/reset\/([\w-]+)/.exec(links[0]!.body)![1];
    });
    expect(second).not.toBe(first);
    expectErrorEnvelope(await confirmReset(first), 422);
    travel(3601);
    expectErrorEnvelope(await confirmReset(second), 422);
  });

  it('refuses a weak, mismatched or malformed new password and keeps the code usable', async () => {
    const { body } = await newPlayer();
    const email = body.email as string;
    await requestReset(email);
    const code = await mailedLink(email, 'Reset your password', '/password/reset');
    expect(expectErrorEnvelope(await confirmReset(code, 'password123'), 422).fields).toHaveProperty('newPassword');
    expect(expectErrorEnvelope(await confirmReset(code, 'short'), 422).fields).toHaveProperty('newPassword');
    expect(expectErrorEnvelope(await confirmReset(code, 'brand-new-pass-7', 'other-9'), 422).fields).toEqual({
      repeatNewPassword: ['The value must be equal to the newPassword value'],
    });
    expectErrorEnvelope(await confirmReset('x\u0000y'), 422);
    expectErrorEnvelope(await confirmReset('c'.repeat(5000)), 422);
    expect((await confirmReset(code)).statusCode).toBe(200);
  });

  it('twenty confirmations racing with one code: one sets the password', async () => {
    const { body } = await newPlayer();
    const email = body.email as string;
    await requestReset(email);
    const code = await mailedLink(email, 'Reset your password', '/password/reset');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => confirmReset(code, `racing-pass-${i}`)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19);
  });

  it('allows five requests a minute from one network address', async () => {
    // An address and names of this run only: on Redis the budgets outlive the test server.
    const run = randomUUID().slice(0, 8);
    const from = { 'x-forwarded-for': `10.3.${randomInt(256)}.${randomInt(1, 255)}` };
    for (let i = 0; i < 5; i++)
      expect((await requestReset(`someone-${i}-${run}@example.com`, from)).statusCode).toBe(200);
    expectErrorEnvelope(await requestReset(`someone-5-${run}@example.com`, from), 429);
  });

  it('bounds the mails one address can be sent', async () => {
    const { body } = await newPlayer();
    const email = body.email as string;
    for (let i = 0; i < 3; i++)
      expect((await requestReset(email, { 'x-forwarded-for': `10.1.0.${i}` })).statusCode).toBe(200);
    const limited = await requestReset(email, { 'x-forwarded-for': '10.1.0.9' });
    expect(expectErrorEnvelope(limited, 429).code).toBe(ErrorCode.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stores only a hash of the code', async () => {
    const { body } = await newPlayer();
    const email = body.email as string;
    await requestReset(email);
    const code = await mailedLink(email, 'Reset your password', '/password/reset');
    const rows = await server.ctx.db.select().from(playerCodes).where(eq(playerCodes.target, email));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.codeHash).not.toContain(code);
  });
});

describe('PUT /api/player/passwords (change)', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url: '/api/player/passwords', headers: bearer(token), payload });

  it('needs the current password, keeps this session and ends the others', async () => {
    const { body, auth } = await newPlayer();
    const email = body.email as string;
    const other = (await login(server.app, email, body.password as string)).json().data.accessToken as string;
    const wrong = expectErrorEnvelope(
      await change(auth.accessToken, {
        currentPassword: 'nope-nope',
        newPassword: 'changed-pass-1',
        repeatNewPassword: 'changed-pass-1',
      }),
      422,
    );
    // 422, not 401: a wrong current password must not sign the player out.
    expect(wrong.fields).toEqual({ currentPassword: ['The current password is not right'] });
    const res = await change(auth.accessToken, {
      currentPassword: body.password,
      newPassword: 'changed-pass-1',
      repeatNewPassword: 'changed-pass-1',
    });
    expect(res.json()).toEqual({ data: { ok: true } });
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
    expectErrorEnvelope(await profile(server.app, other), 401);
    expect((await login(server.app, email, 'changed-pass-1')).statusCode).toBe(200);
    await waitFor(async () => (await mailbox(email)).some((m) => m.subject === 'Your password was changed'));
  });

  it('refuses a guest, a weak or mismatched new password, and unknown fields', async () => {
    const { body, auth } = await newPlayer();
    expectErrorEnvelope(
      await server.app.inject({
        method: 'PUT',
        url: '/api/player/passwords',
        payload: { currentPassword: 'x', newPassword: 'changed-pass-1', repeatNewPassword: 'changed-pass-1' },
      }),
      401,
    );
    const base = { currentPassword: body.password, newPassword: 'changed-pass-1', repeatNewPassword: 'changed-pass-1' };
    expect(
      expectErrorEnvelope(
        await change(auth.accessToken, { ...base, newPassword: '123456', repeatNewPassword: '123456' }),
        422,
      ).fields,
    ).toHaveProperty('newPassword');
    expect(
      expectErrorEnvelope(await change(auth.accessToken, { ...base, repeatNewPassword: 'x' }), 422).fields,
    ).toHaveProperty('repeatNewPassword');
    expectErrorEnvelope(await change(auth.accessToken, { ...base, playerId: 'someone-else' }), 422);
    expectErrorEnvelope(await change(auth.accessToken, { ...base, currentPassword: 'p'.repeat(129) }), 422);
  });
});

describe('e-mail confirmation', () => {
  it('registration mails a link; its code confirms the address, twice is still fine', async () => {
    const { body, auth } = await newPlayer();
    const email = body.email as string;
    expect((await profile(server.app, auth.accessToken)).json().data.confirmedAt).toBeNull();
    const code = await mailedLink(email, 'Confirm your e-mail address', '/verify');
    expect((await confirmEmail(code)).json()).toEqual({ data: { status: 'confirmed' } });
    expect((await profile(server.app, auth.accessToken)).json().data.confirmedAt).not.toBeNull();
    // A mail scanner may open the link first: the player's own click still says confirmed.
    expect((await confirmEmail(code)).json()).toEqual({ data: { status: 'confirmed' } });
    expect(expectErrorEnvelope(await confirmEmail('not-a-code'), 422).fields).toEqual({
      code: [expect.stringMatching(/no longer valid/)],
    });
    expectErrorEnvelope(await confirmEmail(''), 422);
    expectErrorEnvelope(await confirmEmail('a\u0000b'), 422);
  });

  it('resends at most once a minute, and not once confirmed', async () => {
    const { body, auth } = await newPlayer();
    const resend = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/player/profile/confirmations/email/resend',
        headers: bearer(auth.accessToken),
      });
    expect((await resend()).statusCode).toBe(200);
    expectErrorEnvelope(await resend(), 429);
    await waitFor(
      async () => (await mailbox(body.email as string)).filter((m) => m.subject.startsWith('Confirm')).length === 2,
    );
    // The first link was replaced by the second.
    const links = (await mailbox(body.email as string)).map((m) => /verify\/([\w-]+)/.exec(m.body)?.[1]);
    expectErrorEnvelope(await confirmEmail(links[1]!), 422);
    expect((await confirmEmail(links[0]!)).statusCode).toBe(200);
    await server.ctx.attempts.reset(`confirm-resend:${auth.profile.id}`);
    expect(expectErrorEnvelope(await resend(), 422).message).toMatch(/already confirmed/);
    expectErrorEnvelope(
      await server.app.inject({ method: 'POST', url: '/api/player/profile/confirmations/email/resend' }),
      401,
    );
  });

  it('twenty resends at once send one mail', async () => {
    const { body, auth } = await newPlayer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.app.inject({
          method: 'POST',
          url: '/api/player/profile/confirmations/email/resend',
          headers: bearer(auth.accessToken),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(19);
    await waitFor(async () => (await mailbox(body.email as string)).length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailbox(body.email as string)).toHaveLength(2);
  });

  it('where the operator requires it, an unconfirmed address cannot sign in (11001)', async () => {
    const strict = await createTestServer({ REQUIRE_EMAIL_CONFIRMATION: '1' });
    try {
      const { body } = await register(strict.app, { locale: 'en' });
      const refused = expectErrorEnvelope(await login(strict.app, body.email as string, body.password as string), 403);
      expect(refused.code).toBe(ErrorCode.emailNotVerified);
      await strict.ctx.db
        .update(players)
        .set({ confirmedAt: new Date() })
        .where(eq(players.email, body.email as string));
      expect((await login(strict.app, body.email as string, body.password as string)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
