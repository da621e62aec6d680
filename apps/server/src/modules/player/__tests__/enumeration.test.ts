import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, mailboxEntrySchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { PHONE_TAKEN } from '../phone.ts';
import { REGISTRATION_PROBES } from '../routes.ts';
import { expectErrorEnvelope, freshClients, phoneRegistrationBody, register, registerBody } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { from, newNumber } = freshClients();
const oneAddress = () => ({ 'x-forwarded-for': `172.${16 + randomInt(16)}.${randomInt(256)}.${randomInt(1, 255)}` });

const post = (url: string, payload: object, headers: Record<string, string> = from()) =>
  server.app.inject({ method: 'POST', url, payload, headers });
const signUp = (payload: object, headers?: Record<string, string>) => post('/api/player/register', payload, headers);

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
const registerByPhone = (phone: string, code: string) =>
  post('/api/player/register/phone', phoneRegistrationBody(phone, code));
async function phonePlayer(): Promise<string> {
  const phone = newNumber();
  await post('/api/player/otp/send', { phone, reason: 'registration', locale: 'en' });
  expect((await registerByPhone(phone, await textedCode(phone))).statusCode).toBe(200);
  return phone;
}

const { max, windowSec } = REGISTRATION_PROBES;

describe(`registration says "already registered" ${max} times per address in ${windowSec / 60} minutes`, () => {
  it('one after another: then 429, in the error envelope', async () => {
    const { body } = await register(server.app, {}, from());
    const here = oneAddress();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await signUp(registerBody({ email: body.email }), here));
    for (const taken of answers.slice(0, max)) expect(expectErrorEnvelope(taken, 422).code).toBe(ErrorCode.emailTaken);
    for (const refused of answers.slice(max)) {
      expect(expectErrorEnvelope(refused, 429).code).toBe(ErrorCode.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('at once: no more answers either', async () => {
    const { body } = await register(server.app, {}, from());
    const here = oneAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => signUp(registerBody({ email: body.email }), here)),
    );
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(max);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25 - max);
  });

  it('"this number is already registered" comes out of the same budget', async () => {
    const phone = await phonePlayer();
    const { body } = await register(server.app, {}, from());
    const here = oneAddress();
    for (let i = 0; i < max; i++) {
      const taken = await post('/api/player/otp/send', { phone, reason: 'registration', locale: 'en' }, here);
      expect(expectErrorEnvelope(taken, 422).fields).toEqual({ phone: [PHONE_TAKEN] });
    }
    expectErrorEnvelope(await signUp(registerBody({ email: body.email }), here), 429);
  });

  it('registrations that succeed spend nothing (a shared network can sign up many players)', async () => {
    const here = oneAddress();
    for (let i = 0; i < max + 2; i++) expect((await signUp(registerBody(), here)).statusCode).toBe(200);
  });
});

describe('phone registration checks the code before it says anything of the number', () => {
  it('a wrong code for a registered number is a wrong code (11003), not "already registered"', async () => {
    const phone = await phonePlayer();
    const answer = expectErrorEnvelope(await registerByPhone(phone, '123456'), 422);
    expect(answer.code).toBe(ErrorCode.wrongOtp);
    expect(JSON.stringify(answer)).not.toContain(PHONE_TAKEN);
  });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

/** Asks `ask` for known and unknown targets in turn; answers the median times and every answer seen. */
async function paired(known: string[], unknown: string[], ask: (target: string) => ReturnType<typeof post>) {
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = new Set<string>();
  for (let i = 0; i < known.length; i++) {
    for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
      const [ms, res] = await timed(() => ask(kind === 'known' ? known[i]! : unknown[i]!));
      times[kind].push(ms);
      answers.add(`${res.statusCode} ${res.body}`);
    }
  }
  return { ratio: median(times.known) / median(times.unknown), answers: [...answers] };
}

const PAIRS = 40;
describe('a password reset answers a known and an unknown login alike, and as fast', () => {
  it('by e-mail', async () => {
    const known = [];
    for (let i = 0; i < PAIRS; i++) known.push((await register(server.app, {}, from())).body.email as string);
    const unknown = known.map((email) => `nobody-${email}`);
    const { ratio, answers } = await paired(known, unknown, (email) => post('/api/player/passwords/reset', { email }));
    expect(answers).toEqual(['200 {"data":{"ok":true}}']);
    expect(ratio).toBeLessThan(1.5);
  }, 90_000);

  it('by phone', async () => {
    // Made at once: each waits for its texted code, which the message lane delivers in rounds.
    const known = await Promise.all(Array.from({ length: PAIRS }, phonePlayer));
    const unknown = known.map(() => newNumber());
    const { ratio, answers } = await paired(known, unknown, (phone) =>
      post('/api/player/otp/send', { phone, reason: 'changingPass', locale: 'en' }),
    );
    expect(answers).toEqual(['200 {"data":{"ok":true}}']);
    expect(ratio).toBeLessThan(1.5);
  }, 90_000);
});
