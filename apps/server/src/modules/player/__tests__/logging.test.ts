import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sql } from 'drizzle-orm';
import { bearer, login, profile, refresh, register, registerBody } from './helpers.ts';

/** pino keeps its destination under a private symbol; find it on the logger or its prototypes. */
function captureLogs(logger: FastifyBaseLogger): string[] {
  const lines: string[] = [];
  for (let target: object | null = logger; target; target = Object.getPrototypeOf(target)) {
    const symbol = Object.getOwnPropertySymbols(target).find((s) => s.description === 'pino.stream');
    if (!symbol) continue;
    const stream = (target as Record<symbol, { write(chunk: string): boolean }>)[symbol]!;
    stream.write = (chunk: string) => {
      lines.push(String(chunk));
      return true;
    };
    return lines;
  }
  throw new Error('pino stream not found');
}

let server: TestServer;
let lines: string[];
beforeAll(async () => {
  // development: request logging is on (it is off under NODE_ENV=test).
  server = await createTestServer({ NODE_ENV: 'development', LOG_LEVEL: 'trace' });
  lines = captureLogs(server.app.log);
});
afterAll(async () => {
  await server?.close();
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const password = 'Very-Secret-Passw0rd';
    const { auth } = await register(server.app, {
      email: 'logs@example.com',
      password,
      password_confirmation: password,
    });
    const loggedIn = (await login(server.app, 'logs@example.com', password)).json().data;
    await login(server.app, 'logs@example.com', `${password}-wrong`);
    const refreshed = (await refresh(server.app, loggedIn.accessToken)).json().data;
    await refresh(server.app, loggedIn.accessToken); // replay: 401
    await profile(server.app, refreshed.accessToken);
    await server.app.inject({
      method: 'GET',
      url: `/api/player/profile?token=${auth.accessToken}`,
      headers: bearer(auth.accessToken),
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/player/register',
      payload: `{"password":"${password}",`,
      headers: { 'content-type': 'application/json' },
    });

    const output = lines.join('');
    expect(lines.length).toBeGreaterThan(10); // the capture works: request logs were written
    expect(output).toContain('player registered');
    for (const secret of [password, auth.accessToken, loggedIn.accessToken, refreshed.accessToken]) {
      expect(output).not.toContain(secret);
    }
    // Not even a recognisable piece of a token (its signature part).
    expect(output).not.toContain(auth.accessToken.split('.')[2]);
  });
});

describe('failed queries in logs', () => {
  it('carry the error code and constraint, never the parameters (password hash, email, IP)', async () => {
    const email = `leak-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const db = server.database.db;
    // Force every query on players to fail: a registration then fails inside its insert, a login inside its select.
    await db.execute(sql`alter table players rename column nickname to nickname_moved`);
    try {
      const registered = await server.app.inject({
        method: 'POST',
        url: '/api/player/register',
        payload: registerBody({ email, nickname: 'Leaky Nick' }),
        remoteAddress: '203.0.113.77',
      });
      expect(registered.statusCode).toBe(500);
      expect(registered.json().error).toEqual({ code: 500, message: 'Internal Server Error' });
      expect((await login(server.app, email, 'secret-pass')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table players rename column nickname_moved to nickname`);
    }
    const output = lines.join('');
    expect(output).toContain('database error 42703');
    for (const leak of [email, 'scrypt$', 'Leaky Nick', '203.0.113.77', 'params:']) {
      expect(output, leak).not.toContain(leak);
    }
  });
});

describe('request paths in logs', () => {
  it('hide sandbox game-session ids, which are the game page credential', async () => {
    await server.app.inject({ method: 'GET', url: '/sandbox/games/play/4b1e7c52-secret-session' });
    await server.app.inject({
      method: 'GET',
      url: '/sandbox/games/api/sessions/4b1e7c52-secret-session/rounds?limit=5',
    });
    const output = lines.join('');
    expect(output).toContain('/sandbox/games/play/[session]');
    expect(output).toContain('/sandbox/games/api/sessions/[session]/rounds');
    expect(output).not.toContain('4b1e7c52-secret-session');
  });
});
