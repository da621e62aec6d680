import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, ErrorCode, mailboxEntrySchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { bearer, expectErrorEnvelope, login, profile, register, phoneRegistrationBody } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
const from = () => ({ 'x-forwarded-for': `10.30.${Math.floor(++n / 250)}.${n % 250}` });
/** A valid German mobile number of its own for each call (+49 151 …). */
let serial = 1_000_000;
const newNumber = () => `+49 151 ${String(++serial).padStart(8, '0')}`;
const e164 = (typed: string) => typed.replace(/\s/g, '');

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...from(), ...headers } });
const sendOtp = (phone: string, reason: string, headers: Record<string, string> = {}) =>
  post('/api/player/otp/send', { phone, reason, locale: 'en' }, headers);

/** The newest code texted to `phone`, read from the development mailbox. */
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

const registerByPhone = (phone: string, code: string, overrides: Record<string, unknown> = {}) =>
  post('/api/player/register/phone', phoneRegistrationBody(phone, code, overrides));

describe('phone registration', () => {
  it('texts a code; the code registers the number (confirmed) and it signs in with the password', async () => {
    const phone = newNumber();
    expect((await sendOtp(phone, 'registration')).json()).toEqual({ data: { ok: true } });
    const code = await textedCode(e164(phone));
    const res = await registerByPhone(phone, code);
    expect(res.statusCode).toBe(200);
    const auth = authResultSchema.parse(res.json().data);
    expect(auth.profile).toMatchObject({
      phone: e164(phone),
      phoneConfirmed: true,
      email: null,
      isNewlyRegistered: true,
    });
    // Signs in by number, written any way a person types it.
    expect((await login(server.app, phone.replace('+49 151 ', '+49-151-'), 'phone-pass-77')).statusCode).toBe(200);
    expectErrorEnvelope(await login(server.app, phone, 'wrong-pass'), 401);
    // The code was spent (said before anything of the number), and the number is taken now.
    expect(expectErrorEnvelope(await registerByPhone(phone, code), 422).code).toBe(ErrorCode.wrongOtp);
    expect(expectErrorEnvelope(await sendOtp(phone, 'registration'), 422).fields).toEqual({
      phone: ['This phone number is already registered'],
    });
  });

  it('a wrong code is 11003 and counts: after five wrong tries the right code is dead too', async () => {
    const phone = newNumber();
    await sendOtp(phone, 'registration');
    const code = await textedCode(e164(phone));
    const wrong = code === '000000' ? '000001' : '000000';
    const first = expectErrorEnvelope(await registerByPhone(phone, wrong), 422);
    expect(first.code).toBe(ErrorCode.wrongOtp);
    for (let i = 0; i < 4; i++) expectErrorEnvelope(await registerByPhone(phone, wrong), 422);
    expect(expectErrorEnvelope(await registerByPhone(phone, code), 422).code).toBe(ErrorCode.wrongOtp);
  });

  it('sends at most three codes to a number in ten minutes (11005), and only the newest works', async () => {
    const phone = newNumber();
    for (let i = 0; i < 3; i++) expect((await sendOtp(phone, 'registration')).statusCode).toBe(200);
    const limited = expectErrorEnvelope(await sendOtp(phone, 'registration'), 429);
    expect(limited.code).toBe(ErrorCode.otpSendLimit);
    const newest = await textedCode(e164(phone), 3);
    expect((await registerByPhone(phone, newest)).statusCode).toBe(200);
  });

  it('twenty code requests at once for one number send three', async () => {
    const phone = newNumber();
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendOtp(phone, 'registration')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(17);
  });

  it('twenty registrations racing with one code: one account', async () => {
    const phone = newNumber();
    await sendOtp(phone, 'registration');
    const code = await textedCode(e164(phone));
    const answers = await Promise.all(Array.from({ length: 20 }, () => registerByPhone(phone, code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19);
  });

  it('refuses numbers that are not real, bad codes and bad fields', async () => {
    expect(expectErrorEnvelope(await sendOtp('+49 000 1', 'registration'), 422).fields).toHaveProperty('phone');
    expect(expectErrorEnvelope(await sendOtp('+1 555 0100 000', 'registration'), 422).fields).toHaveProperty('phone');
    expect(expectErrorEnvelope(await sendOtp('0151 1234567', 'registration'), 422).fields).toHaveProperty('phone');
    expectErrorEnvelope(await sendOtp(newNumber(), 'lottery'), 422);
    expectErrorEnvelope(await sendOtp(`${newNumber()}\u0000`, 'registration'), 422);
    const phone = newNumber();
    await sendOtp(phone, 'registration');
    const code = await textedCode(e164(phone));
    expect(expectErrorEnvelope(await registerByPhone(phone, '12ab56'), 422).fields).toHaveProperty('code');
    expect(
      expectErrorEnvelope(
        await registerByPhone(phone, code, { password: '123456', password_confirmation: '123456' }),
        422,
      ).fields,
    ).toHaveProperty('password');
    expect(expectErrorEnvelope(await registerByPhone(phone, code, { agreements: false }), 422).fields).toHaveProperty(
      'agreements',
    );
    expect(expectErrorEnvelope(await registerByPhone(phone, code, { currency: 'XXX' }), 422).fields).toHaveProperty(
      'currency',
    );
    // None of that spent the code.
    expect((await registerByPhone(phone, code)).statusCode).toBe(200);
  });
});

describe('password reset by phone', () => {
  it('changingPass: the texted code buys a reset code that sets a new password and ends sessions', async () => {
    const phone = newNumber();
    await sendOtp(phone, 'registration');
    const auth = authResultSchema.parse((await registerByPhone(phone, await textedCode(e164(phone)))).json().data);
    expect((await sendOtp(phone, 'changingPass')).statusCode).toBe(200);
    const code = await textedCode(e164(phone), 2);
    const verified = await post('/api/player/otp/verify', { phone, code, reason: 'changingPass' });
    expect(verified.statusCode).toBe(200);
    const resetCode = verified.json().data.code as string;
    expect(resetCode).toMatch(/^[\w-]{43}$/);
    const confirm = await post('/api/player/passwords/confirm', {
      code: resetCode,
      newPassword: 'texted-new-pass-1',
      repeatNewPassword: 'texted-new-pass-1',
    });
    expect(confirm.statusCode).toBe(200);
    expectErrorEnvelope(await profile(server.app, auth.accessToken), 401);
    expect((await login(server.app, phone, 'texted-new-pass-1')).statusCode).toBe(200);
  });

  it('an unknown number is answered like a known one, and texted nothing', async () => {
    const phone = newNumber();
    expect((await sendOtp(phone, 'changingPass')).json()).toEqual({ data: { ok: true } });
    await new Promise((r) => setTimeout(r, 300));
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(e164(phone))}`,
    });
    expect(res.json().data).toEqual([]);
    expect(
      expectErrorEnvelope(await post('/api/player/otp/verify', { phone, code: '123456', reason: 'changingPass' }), 422)
        .code,
    ).toBe(ErrorCode.wrongOtp);
  });
});

describe('phone verification (signed in)', () => {
  it('sets the number on the player who asked, confirmed; nobody else can use that code', async () => {
    const { auth } = await register(server.app, { locale: 'en' });
    const other = await register(server.app, { locale: 'en' });
    const phone = newNumber();
    expectErrorEnvelope(await sendOtp(phone, 'phoneVerification'), 401);
    expect((await sendOtp(phone, 'phoneVerification', bearer(auth.accessToken))).statusCode).toBe(200);
    const code = await textedCode(e164(phone));
    const stolen = await post(
      '/api/player/otp/verify',
      { phone, code, reason: 'phoneVerification' },
      bearer(other.auth.accessToken),
    );
    expect(expectErrorEnvelope(stolen, 422).code).toBe(ErrorCode.wrongOtp);
    // The stolen try counted, but the code still works for its player.
    const mine = await post(
      '/api/player/otp/verify',
      { phone, code, reason: 'phoneVerification' },
      bearer(auth.accessToken),
    );
    expect(mine.statusCode).toBe(200);
    expect((await profile(server.app, auth.accessToken)).json().data).toMatchObject({
      phone: e164(phone),
      phoneConfirmed: true,
    });
    // A number in use is not sent to another player's verification.
    expect(
      expectErrorEnvelope(await sendOtp(phone, 'phoneVerification', bearer(other.auth.accessToken)), 422).fields,
    ).toHaveProperty('phone');
  });
});
