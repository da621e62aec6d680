import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
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
