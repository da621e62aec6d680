import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { authResultSchema, ErrorCode, mailboxEntrySchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { OTP_MAX_ATTEMPTS } from '../phone.ts';
import { playerCodes, players, type CodePurpose } from '../tables.ts';
import { bearer, expectErrorEnvelope, freshClients, phoneRegistrationBody, profile, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

// Addresses of this run only (the per-address limit of 10 a minute is not what is tested here).
const { from, newNumber } = freshClients();

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload, headers: { ...from(), ...headers } });
const sendOtp = (phone: string, reason: string, headers: Record<string, string> = {}) =>
  post('/api/player/otp/send', { phone, reason, locale: 'en' }, headers);
const verifyOtp = (phone: string, code: string, reason: string, headers: Record<string, string> = {}) =>
  post('/api/player/otp/verify', { phone, code, reason }, headers);
const registerByPhone = (phone: string, code: string) =>
  post('/api/player/register/phone', phoneRegistrationBody(phone, code));

async function textedCode(phone: string, count = 1): Promise<string> {
  return waitFor(async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(phone)}` });
    const sms = mailboxEntrySchema
      .array()
      .parse(res.json().data)
      .filter((m) => m.channel === 'sms');
    return sms.length >= count && /\b(\d{6})\b/.exec(sms[0]!.body)?.[1];
  });
}

/** The tries counted on the newest code of (purpose, number). */
async function triesOn(purpose: CodePurpose, phone: string): Promise<number> {
  const [row] = await server.ctx.db
    .select({ attempts: playerCodes.attempts })
    .from(playerCodes)
    .where(and(eq(playerCodes.purpose, purpose), eq(playerCodes.target, phone)))
    .orderBy(desc(playerCodes.createdAt))
    .limit(1);
  return row!.attempts;
}

const GUESSES = 60;
const RIGHT_AT = 30;
/** Sixty different guesses sent at once, the right code the thirtieth. */
async function guessAtOnce(right: string, guess: (code: string) => ReturnType<typeof post>) {
  const codes = Array.from({ length: GUESSES }, (_, i) =>
    i === RIGHT_AT - 1 ? right : String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'),
  );
  const answers = await Promise.all(codes.map(guess));
  return {
    accepted: answers.filter((r) => r.statusCode === 200).length,
    wrong: answers.filter((r) => r.statusCode === 422 && r.json().error.code === ErrorCode.wrongOtp).length,
  };
}

describe(`a texted code takes ${OTP_MAX_ATTEMPTS} tries, however many arrive at once`, () => {
  it('registration by phone: sixty guesses at once, the right one thirtieth, register nobody', async () => {
    const phone = newNumber();
    await sendOtp(phone, 'registration');
    const code = await textedCode(phone);
    const { accepted, wrong } = await guessAtOnce(code, (guess) => registerByPhone(phone, guess));
    expect({ accepted, wrong }).toEqual({ accepted: 0, wrong: GUESSES });
    expect(await triesOn('otp_registration', phone)).toBe(OTP_MAX_ATTEMPTS);
    expect(await server.ctx.db.select().from(players).where(eq(players.phone, phone))).toEqual([]);
    // The code is spent for good.
    expect(expectErrorEnvelope(await registerByPhone(phone, code), 422).code).toBe(ErrorCode.wrongOtp);
  });

  it('password reset by phone: sixty guesses at once buy no reset code', async () => {
    const phone = newNumber();
    await sendOtp(phone, 'registration');
    authResultSchema.parse((await registerByPhone(phone, await textedCode(phone))).json().data);
    expect((await sendOtp(phone, 'changingPass')).statusCode).toBe(200);
    const code = await textedCode(phone, 2);
    const { accepted, wrong } = await guessAtOnce(code, (guess) => verifyOtp(phone, guess, 'changingPass'));
    expect({ accepted, wrong }).toEqual({ accepted: 0, wrong: GUESSES });
    expect(await triesOn('otp_password', phone)).toBe(OTP_MAX_ATTEMPTS);
    expect(expectErrorEnvelope(await verifyOtp(phone, code, 'changingPass'), 422).code).toBe(ErrorCode.wrongOtp);
  });

  it('phone verification: sixty guesses at once confirm no number', async () => {
    const { auth } = await register(server.app, { locale: 'en' });
    const phone = newNumber();
    expect((await sendOtp(phone, 'phoneVerification', bearer(auth.accessToken))).statusCode).toBe(200);
    const code = await textedCode(phone);
    const { accepted, wrong } = await guessAtOnce(code, (guess) =>
      verifyOtp(phone, guess, 'phoneVerification', bearer(auth.accessToken)),
    );
    expect({ accepted, wrong }).toEqual({ accepted: 0, wrong: GUESSES });
    expect(await triesOn('otp_phone', phone)).toBe(OTP_MAX_ATTEMPTS);
    expect((await profile(server.app, auth.accessToken)).json().data).toMatchObject({ phone: null });
  });

  it('the right code within the tries still works, and a refused use does not spend it', async () => {
    const { auth } = await register(server.app, { locale: 'en' });
    const other = await register(server.app, { locale: 'en' });
    const phone = newNumber();
    await sendOtp(phone, 'phoneVerification', bearer(auth.accessToken));
    const code = await textedCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 2; i++)
      expect(
        expectErrorEnvelope(await verifyOtp(phone, wrong, 'phoneVerification', bearer(auth.accessToken)), 422).code,
      ).toBe(ErrorCode.wrongOtp);
    // Another player's try with the right code is refused and counted, and leaves the code alive.
    expectErrorEnvelope(await verifyOtp(phone, code, 'phoneVerification', bearer(other.auth.accessToken)), 422);
    expect(await triesOn('otp_phone', phone)).toBe(OTP_MAX_ATTEMPTS - 1);
    expect((await verifyOtp(phone, code, 'phoneVerification', bearer(auth.accessToken))).statusCode).toBe(200);
  });
});
