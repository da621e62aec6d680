import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { createServer, type RunningServer } from '../../../server.ts';
import { createTestDatabase, createTestServer, type TestServer } from '../../../test/server.ts';
import { SIGN_UP_WINDOW_SEC } from '../routes/kit.ts';
import { players } from '../tables.ts';
import { registerBody } from './helpers.ts';

/**
 * Issue 34, finding 10: twelve sign-ups in a burst from one address were all accepted (with a
 * no-deposit code, free money per account). Now an address opens SIGN_UP_PER_ADDRESS accounts an hour,
 * counted on Redis when there are several nodes.
 */
const LIMIT = 5;
const BURST = 12;
const address = () => ({ 'x-forwarded-for': `172.${16 + randomInt(16)}.${randomInt(256)}.${randomInt(1, 255)}` });
type Inject = TestServer['app']['inject'];
const signUp = (inject: Inject, headers: Record<string, string>, body = registerBody({ locale: 'en' })) =>
  inject({ method: 'POST', url: '/api/player/register', payload: body, headers }).then((res) => ({ res, body }));

async function accountsOf(database: Database, emails: string[]) {
  return database.db.select({ email: players.email }).from(players).where(inArray(players.email, emails));
}

function expectBurstHeld(answers: Awaited<ReturnType<typeof signUp>>[]) {
  const accepted = answers.filter((a) => a.res.statusCode === 200);
  const refused = answers.filter((a) => a.res.statusCode !== 200);
  expect(accepted).toHaveLength(LIMIT);
  expect(refused).toHaveLength(BURST - LIMIT);
  for (const { res } of refused) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe(429);
    expect(res.json().error.message).toMatch(/Too many new accounts from your network/);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_UP_WINDOW_SEC);
  }
  return { accepted, refused };
}

describe('sign-ups per network address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ SIGN_UP_PER_ADDRESS: String(LIMIT) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`${BURST} at once from one address: ${LIMIT} accounts, the rest 429 with Retry-After and no account`, async () => {
    const here = address();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => signUp(server.app.inject.bind(server.app), here)),
    );
    const { accepted, refused } = expectBurstHeld(answers);
    expect(
      await accountsOf(
        server.database,
        accepted.map((a) => a.body.email as string),
      ),
    ).toHaveLength(LIMIT);
    expect(
      await accountsOf(
        server.database,
        refused.map((a) => a.body.email as string),
      ),
    ).toHaveLength(0);
    // Another network is not held back; this one stays refused for the hour.
    expect((await signUp(server.app.inject.bind(server.app), address())).res.statusCode).toBe(200);
    expect((await signUp(server.app.inject.bind(server.app), here)).res.statusCode).toBe(429);
  });

  it('a sign-up that makes no account (a taken address, a bad field) uses none of the budget', async () => {
    const here = address();
    const inject = server.app.inject.bind(server.app);
    const first = await signUp(inject, here);
    expect(first.res.statusCode).toBe(200);
    expect((await signUp(inject, here, registerBody({ email: first.body.email }))).res.statusCode).toBe(422);
    expect((await signUp(inject, here, registerBody({ currency: 'XXX' }))).res.statusCode).toBe(422);
    for (let i = 1; i < LIMIT; i++) expect((await signUp(inject, here)).res.statusCode).toBe(200);
    expect((await signUp(inject, here)).res.statusCode).toBe(429);
  });
});

/** Two nodes of one deployment (one PostgreSQL, one Redis), as PROCESSES=2 or two machines run them. */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('sign-ups per address across two nodes', () => {
  let template: Database;
  const nodes: (RunningServer & { database: Database })[] = [];
  beforeAll(async () => {
    template = await createTestDatabase();
    const url = (template.pool!.options as { connectionString: string }).connectionString;
    const shared = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'sign-up-limit-secret-sign-up-limit-0001',
      TRUST_PROXY: '1',
      WEB_DIST: path.join(os.tmpdir(), 'casino-no-web-build'),
      DATABASE_URL: url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: `sign-up-limit-${process.pid}-${Date.now()}:`,
      SIGN_UP_PER_ADDRESS: String(LIMIT),
    };
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url });
      const config = loadConfig({ ...shared, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-node-')) });
      nodes.push({ ...(await createServer(config, { database })), database });
    }
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) {
      await node.close();
      await node.database.close();
    }
    await template?.close();
  });

  it(`${BURST} at once from one address, spread over both nodes: ${LIMIT} accounts in all`, async () => {
    const here = address();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => signUp(nodes[i % 2]!.app.inject.bind(nodes[i % 2]!.app), here)),
    );
    const { accepted } = expectBurstHeld(answers);
    expect(
      await accountsOf(
        template,
        accepted.map((a) => a.body.email as string),
      ),
    ).toHaveLength(LIMIT);
  });
});
