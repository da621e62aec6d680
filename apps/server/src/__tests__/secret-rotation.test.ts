import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderWebhook } from '@casino/contracts';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { countryOf } from '../lib/geo.ts';
import { signCall } from '../lib/signing.ts';
import { createGame, fundedPlayer, openSession, signedRequest, txId } from '../modules/game/__tests__/play-fixtures.ts';
import { bearer, profile, refresh, register } from '../modules/player/__tests__/helpers.ts';
import { authHeader, createPlayer } from '../modules/wallet/__tests__/factories.ts';
import { walletAccounts } from '../modules/wallet/tables.ts';
import { paymentInvoices } from '../modules/payment/tables.ts';
import { createServer, type RunningServer } from '../server.ts';
import { createTestDatabase, PRODUCTION_ENV } from '../test/server.ts';

/**
 * Secret rotation without downtime (docs/operations.md#secrets): the nodes of one deployment during a
 * rolling restart, on one database. `old` was the secret, `new` replaces it.
 *   before: signs and accepts old only (a node not yet touched)
 *   staged: signs old, accepts new as previous (step 1: every node learns the new key first)
 *   rolled: signs new, accepts old as previous (step 2)
 *   after:  new only (step 3: the previous one removed)
 */
const OLD = 'rotation-old-secret-rotation-old-secret-01';
const NEW = 'rotation-new-secret-rotation-new-secret-02';
type Node = RunningServer;
let database: Database;
let before: Node;
let staged: Node;
let rolled: Node;
let after: Node;

async function node(env: Record<string, string>): Promise<Node> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-rotation-')),
    WEB_DIST: path.join(os.tmpdir(), 'casino-no-web-build'),
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    WITHDRAWAL_VERIFICATION: 'never',
    ...env,
  });
  return createServer(config, { database });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const secrets = (current: string, previous?: string) =>
    Object.fromEntries(
      ['JWT_SECRET', 'GAME_WALLET_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'KYC_SECRET', 'METRICS_TOKEN'].flatMap((name) => [
        [name, current],
        ...(previous ? [[`${name}_PREVIOUS`, previous]] : []),
      ]),
    );
  before = await node(secrets(OLD));
  staged = await node({ ...secrets(OLD), JWT_SECRET_PREVIOUS: NEW });
  rolled = await node(secrets(NEW, OLD));
  after = await node(secrets(NEW));
  // The payment deposit asks the (sandbox) provider over HTTP.
  await rolled.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const n of [before, staged, rolled, after]) await n?.close();
  await database?.close();
});

describe('JWT_SECRET', () => {
  it('a token signed with the old key is accepted while the old key is the previous one, refused once removed', async () => {
    const { auth } = await register(before.app);
    expect(decodeProtectedHeader(auth.accessToken).kid).toMatch(/^[\w-]{8}$/);
    expect((await profile(rolled.app, auth.accessToken)).statusCode).toBe(200);
    expect((await profile(after.app, auth.accessToken)).statusCode).toBe(401);
    // The player's next refresh on a rolled node moves them to the new key, good everywhere after.
    const renewed = await refresh(rolled.app, auth.accessToken);
    expect(renewed.statusCode).toBe(200);
    const token = renewed.json().data.accessToken as string;
    expect((await profile(after.app, token)).statusCode).toBe(200);
    expect((await profile(staged.app, token)).statusCode).toBe(200);
  });

  it('during the rolling restart, nodes signing with either key accept each other’s tokens (refresh too)', async () => {
    const onRolled = await register(rolled.app);
    const onStaged = await register(staged.app);
    expect((await profile(staged.app, onRolled.auth.accessToken)).statusCode).toBe(200);
    expect((await profile(rolled.app, onStaged.auth.accessToken)).statusCode).toBe(200);
    // A refresh on the other node, and the token it gives back on the first one.
    const back = await refresh(staged.app, onRolled.auth.accessToken);
    expect(back.statusCode).toBe(200);
    expect((await profile(rolled.app, back.json().data.accessToken)).statusCode).toBe(200);
    // Why step 1 comes first: a node that never learned the new key refuses what a rolled node signs.
    expect((await profile(before.app, onStaged.auth.accessToken)).statusCode).toBe(200);
    expect((await profile(before.app, onRolled.auth.accessToken)).statusCode).toBe(401);
  });

  it('a token without a key id (signed before key ids) is tried with each key; a foreign one is refused', async () => {
    const { auth } = await register(rolled.app);
    const claims = decodeJwt(auth.accessToken);
    const resign = (secret: string, kid?: string) =>
      new SignJWT({ sessionId: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid ? { kid } : {}) })
        .setSubject(claims.sub!)
        .setIssuer(claims.iss!)
        .setIssuedAt(claims.iat!)
        .setExpirationTime(claims.exp!)
        .setJti(claims.jti!)
        .sign(new TextEncoder().encode(secret));
    const legacy = await resign(OLD);
    expect((await profile(rolled.app, legacy)).statusCode).toBe(200);
    expect((await profile(after.app, legacy)).statusCode).toBe(401);
    expect((await profile(rolled.app, await resign('some-other-secret-some-other-secret-00'))).statusCode).toBe(401);
    // A key id naming the other key: the token is checked against that key only.
    const kidOfNew = decodeProtectedHeader(auth.accessToken).kid!;
    expect((await profile(rolled.app, await resign(OLD, kidOfNew))).statusCode).toBe(401);
  });
});

describe('GAME_WALLET_SECRET', () => {
  it('a wallet call signed with the previous secret is accepted during the window, refused after; replays still refused', async () => {
    const game = await createGame(database.db);
    const { account, player } = await fundedPlayer(database.db, 1_000n);
    const session = await openSession(rolled.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
    const post = (target: Node, request: ReturnType<typeof signedRequest>, call = 'balance') =>
      target.app.inject({
        method: 'POST',
        url: `/api/provider-wallet/${call}`,
        headers: request.headers,
        payload: request.raw,
      });
    // A bet the provider signed with the old secret while the casino's nodes already sign with the new one.
    const bet = { token: session.token, gameIdentity: game.identity, currency: 'EUR', roundId: txId('round') };
    const withOld = signedRequest(
      OLD,
      { ...bet, transactionId: txId('bet'), amount: 100 },
      { path: '/api/provider-wallet/bet' },
    );
    const accepted = await post(rolled, withOld, 'bet');
    expect([accepted.statusCode, accepted.json().balance]).toEqual([200, 900]);
    expect((await post(rolled, signedRequest(NEW, { token: session.token }))).json().balance).toBe(900);
    // The replay guard is the same: the accepted request id is not accepted again, nothing moves.
    const replayed = await post(rolled, withOld, 'bet');
    expect([replayed.statusCode, replayed.json().error.code]).toEqual([401, 15010]);
    expect((await post(rolled, signedRequest(OLD, { token: session.token }))).json().balance).toBe(900);
    // After the window: the old secret signs nothing.
    const late = await post(after, signedRequest(OLD, { token: session.token }));
    expect([late.statusCode, late.json().error.code]).toEqual([401, 15010]);
    expect((await post(after, signedRequest(NEW, { token: session.token }))).statusCode).toBe(200);
  });
});

describe('PAYMENT_WEBHOOK_SECRET and KYC_SECRET', () => {
  const webhook = (target: Node, url: string, event: object, secret: string) => {
    const body = JSON.stringify(event);
    return target.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...signCall(secret, { method: 'POST', path: url, body }) },
      payload: body,
    });
  };

  it('a payment webhook signed with the previous secret credits the deposit; refused once the secret is removed', async () => {
    const p = await createPlayer(database.db);
    const auth = await authHeader(rolled.ctx, p.id);
    const created = await rolled.app.inject({
      method: 'POST',
      url: '/api/payment/invoices/deposit',
      headers: auth,
      payload: { method: 'bank_transfer', currency: 'EUR', amount: 40 },
    });
    expect(created.statusCode).toBe(200);
    const [invoice] = await database.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.id, created.json().data.invoiceId));
    const paid: ProviderWebhook = {
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: invoice!.providerPaymentId!,
      reference: invoice!.id,
      currency: 'EUR',
      amountMinor: '4000',
    };
    const url = '/api/payment/webhooks/sandbox';
    expect((await webhook(after, url, paid, OLD)).statusCode).toBe(401);
    const applied = await webhook(rolled, url, paid, OLD);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.outcome).toBe('applied');
    const [row] = await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, invoice!.accountId));
    expect(row!.realBalance).toBe(4000n);
    // The provider's retry signed with the new secret finds it applied once.
    expect((await webhook(after, url, paid, NEW)).json().data.outcome).toBe('duplicate');
  });

  it('an identity-verification webhook signed with the previous secret is applied', async () => {
    const { auth } = await register(rolled.app);
    const event = {
      eventId: randomUUID(),
      type: 'applicantReviewed',
      applicantId: 'apl_rotation',
      externalUserId: auth.profile.id,
      reviewAnswer: 'GREEN',
      createdAtMs: Date.now(),
    };
    const url = '/api/player/webhooks/kyc';
    expect((await webhook(after, url, event, OLD)).statusCode).toBe(401);
    const applied = await webhook(rolled, url, event, OLD);
    expect([applied.statusCode, applied.json().data.outcome]).toEqual([200, 'applied']);
  });
});

describe('METRICS_TOKEN and GEO_HEADER_SECRET', () => {
  it('the scraper’s previous token reads the metrics during the window only', async () => {
    const scrape = (target: Node, token: string) =>
      target.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { ...bearer(token), 'x-forwarded-for': '1.2.3.4' },
      });
    expect((await scrape(rolled, OLD)).statusCode).toBe(200);
    expect((await scrape(rolled, NEW)).statusCode).toBe(200);
    expect((await scrape(after, OLD)).statusCode).toBe(404);
    expect((await scrape(rolled, 'x'.repeat(OLD.length))).statusCode).toBe(404);
  });

  it('the CDN’s previous secret still vouches for the country header during the window', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '0', DEFAULT_COUNTRY: 'DE', GEO_HEADER_SECRET: NEW, ...env });
    const request = (secret: string) =>
      ({
        headers: { 'cf-ipcountry': 'FR', 'x-geo-secret': secret },
        raw: { socket: { remoteAddress: '203.0.113.9' } },
      }) as unknown as FastifyRequest;
    expect(countryOf(request(OLD), config({ GEO_HEADER_SECRET_PREVIOUS: OLD }))).toBe('FR');
    expect(countryOf(request(NEW), config({ GEO_HEADER_SECRET_PREVIOUS: OLD }))).toBe('FR');
    expect(countryOf(request(OLD), config({}))).toBe('DE');
  });
});

describe('the configuration of a rotation', () => {
  const published = 'demo-only-secret-never-use-in-production-0000';

  it('production refuses a published demo value as a previous secret (and as a current one)', () => {
    for (const name of ['JWT_SECRET', 'GAME_WALLET_SECRET', 'PAYMENT_WEBHOOK_SECRET']) {
      expect(() => loadConfig({ ...PRODUCTION_ENV, [`${name}_PREVIOUS`]: published }), name).toThrow(
        new RegExp(`${name}_PREVIOUS: a published demo value`),
      );
      expect(() => loadConfig({ ...PRODUCTION_ENV, [name]: published }), name).toThrow(
        new RegExp(`${name}: a published demo value`),
      );
    }
    expect(() => loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: NEW, METRICS_TOKEN_PREVIOUS: published })).toThrow(
      /METRICS_TOKEN_PREVIOUS: a published demo value/,
    );
    // A real previous secret is fine in production; a demo one is fine outside it.
    expect(loadConfig({ ...PRODUCTION_ENV, JWT_SECRET_PREVIOUS: OLD }).jwtSecretPrevious).toBe(OLD);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: published }).jwtSecretPrevious).toBe(
      published,
    );
  });

  it('a previous secret needs its current one, differs from it, and a bad one is never echoed', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', GAME_WALLET_SECRET_PREVIOUS: OLD })).toThrow(
      /GAME_WALLET_SECRET_PREVIOUS: set only beside GAME_WALLET_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: OLD, JWT_SECRET_PREVIOUS: OLD })).toThrow(
      /JWT_SECRET_PREVIOUS: the same value as JWT_SECRET/,
    );
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: 'short-but-secret' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET_PREVIOUS: must be at least 32 characters/);
    expect(message).not.toContain('short-but-secret');
  });
});
