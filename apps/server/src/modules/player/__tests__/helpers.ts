import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { AuthResult, RegisterBody } from '@casino/contracts';

/** A unique valid registration body; override any field. */
export function registerBody(overrides: Partial<Record<keyof RegisterBody, unknown>> = {}): Record<string, unknown> {
  return {
    email: `player-${randomUUID().slice(0, 8)}@example.com`,
    password: 'secret-pass',
    password_confirmation: 'secret-pass',
    currency: 'EUR',
    agreements: true,
    ...overrides,
  };
}

export async function register(
  app: FastifyInstance,
  overrides: Parameters<typeof registerBody>[0] = {},
  headers: Record<string, string> = {},
) {
  const body = registerBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/player/register', payload: body, headers });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { body, auth: res.json().data as AuthResult };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/player/sessions', payload: { login: email, password }, headers });
}

export function profile(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/player/profile', headers: bearer(token) });
}

export function refresh(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/api/player/sessions/refresh', headers: bearer(token) });
}

/** Every failure answers the error envelope with a numeric code and a message. */
export function expectErrorEnvelope(res: { statusCode: number; json(): unknown }, status: number) {
  if (res.statusCode !== status)
    throw new Error(`expected ${status}, got ${res.statusCode}: ${JSON.stringify(res.json())}`);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  if (typeof body.error?.code !== 'number' || typeof body.error.message !== 'string') {
    throw new Error(`not an error envelope: ${JSON.stringify(body)}`);
  }
  return body.error as { code: number; message: string; fields?: Record<string, string[]> };
}

/**
 * Client addresses and phone numbers of this run only: on Redis the rate-limit counters outlive a test
 * server (a rerun, another file), so each file counts from addresses nobody used before.
 */
export function freshClients() {
  const net = `10.${randomInt(256)}`;
  let n = 0;
  let serial = randomInt(1_000_000, 9_000_000);
  return {
    from: () => ({ 'x-forwarded-for': `${net}.${Math.floor(++n / 250)}.${n % 250}` }),
    newNumber: () => `+49151${String(++serial).padStart(8, '0')}`,
  };
}

/** A valid sign-up by phone with the texted `code`; override any field. */
export const phoneRegistrationBody = (phone: string, code: string, overrides: Record<string, unknown> = {}) => ({
  phone,
  code,
  password: 'phone-pass-77',
  password_confirmation: 'phone-pass-77',
  currency: 'EUR',
  agreements: true,
  locale: 'en',
  ...overrides,
});

/** Moves the process's clock (Date only) `seconds` on; restore with vi.useRealTimers() after each test. */
export function travel(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}
