import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { memoryAttempts } from '../../../lib/attempts.ts';
import { loginWithIdentity, verifyIdToken } from '../social.ts';
import { authResultSchema, ErrorCode, PlayerStatus } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { players } from '../tables.ts';
import { listAccounts, postEntry } from '../../wallet/index.ts';
import { expectErrorEnvelope, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  await server?.close();
});

const cookieJar = () => {
  const jar = new Map<string, string>();
  return {
    take(setCookie: string | string[] | undefined) {
      for (const c of ([] as string[]).concat(setCookie ?? [])) {
        const [pair] = c.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
};

/**
 * The whole code flow over HTTP, as the browser and @auth0/auth0-spa-js run it: authorize with PKCE,
 * the provider's sign-in form, the redirect back with a code, and the token call. Answers the ID token.
 */
async function tokensFor(email: string, connection = 'google-oauth2', json = false) {
  const jar = cookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = 'http://localhost:3000/auth/callback';
  const query = new URLSearchParams({
    client_id: 'casino-web',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    connection,
  });
  let res = await server.app.inject({ method: 'GET', url: `/sandbox/oidc/authorize?${query}` });
  jar.take(res.headers['set-cookie']);
  const interaction = String(res.headers.location);
  res = await server.app.inject({
    method: 'POST',
    url: interaction,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, name: 'Test' }).toString(),
  });
  jar.take(res.headers['set-cookie']);
  // Back to the provider to resume, which sends the browser to our callback with a code.
  let location = String(res.headers.location);
  for (let hops = 0; !location.startsWith(redirectUri) && hops < 5; hops++) {
    res = await server.app.inject({
      method: 'GET',
      url: location.replace(/^https?:\/\/[^/]+/, ''),
      headers: { cookie: jar.header() },
    });
    jar.take(res.headers['set-cookie']);
    location = String(res.headers.location);
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code: ${location} ${res.body}`);
  const fields = {
    grant_type: 'authorization_code',
    client_id: 'casino-web',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  };
  // Auth0 clients send this call as a form, or as JSON: the provider takes both.
  const token = await server.app.inject({
    method: 'POST',
    url: '/sandbox/oidc/oauth/token',
    ...(json
      ? { payload: fields }
      : {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        }),
  });
  const answer = token.json() as { id_token?: string; access_token?: string };
  if (!answer.id_token || !answer.access_token) throw new Error(`no tokens: ${token.body}`);
  return { idToken: answer.id_token, accessToken: answer.access_token };
}

const idTokenFor = async (email: string, connection?: string) => (await tokensFor(email, connection)).idToken;

let n = 0;
const social = (idToken: string, extra: Record<string, unknown> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/sessions/social',
    payload: { provider: 'auth0', idToken, locale: 'en', ...extra },
    headers: { 'x-forwarded-for': `10.40.0.${++n % 250}` },
  });

describe('POST /api/player/sessions/social', () => {
  it('registers a new player from a verified identity, then signs the same identity in', async () => {
    const email = `social-${Date.now()}@example.com`;
    const first = await social(await idTokenFor(email));
    expect(first.statusCode).toBe(200);
    const created = authResultSchema.parse(first.json().data);
    expect(created.profile).toMatchObject({ email, isNewlyRegistered: true });
    expect(created.profile.confirmedAt).not.toBeNull();
    const again = authResultSchema.parse((await social(await idTokenFor(email))).json().data);
    expect(again.profile).toMatchObject({ id: created.profile.id, isNewlyRegistered: false });
    // Another connection is another identity, but the same verified address: the same player.
    const apple = authResultSchema.parse((await social(await idTokenFor(email, 'apple'))).json().data);
    expect(apple.profile.id).toBe(created.profile.id);
  });

  it('one ID token sent twenty times at once opens one session', async () => {
    const token = await idTokenFor(`race-${Date.now()}@example.com`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => social(token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(19);
  });

  it('new accounts count against the sign-ups of the address (SIGN_UP_PER_ADDRESS); signing in does not', async () => {
    const config = server.ctx.config as { signUpPerAddress: number };
    config.signUpPerAddress = 1;
    try {
      const here = { 'x-forwarded-for': `10.41.${n % 250}.${++n % 250}` };
      const from = (idToken: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/player/sessions/social',
          payload: { provider: 'auth0', idToken, locale: 'en' },
          headers: here,
        });
      const email = `budget-${Date.now()}@example.com`;
      expect((await from(await idTokenFor(email))).statusCode).toBe(200);
      const second = await from(await idTokenFor(`budget-2-${Date.now()}@example.com`));
      expectErrorEnvelope(second, 429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      // The player made first signs in again from there.
      expect((await from(await idTokenFor(email))).statusCode).toBe(200);
    } finally {
      config.signUpPerAddress = 0;
    }
  });

  it('links to an existing e-mail account when the provider verified the address', async () => {
    const { body, auth } = await register(server.app);
    const res = authResultSchema.parse((await social(await idTokenFor(body.email as string))).json().data);
    expect(res.profile).toMatchObject({ id: auth.profile.id, isNewlyRegistered: false });
  });

  it('refuses a replayed token, a tampered one, one signed by another key, alg none and junk', async () => {
    const token = await idTokenFor(`replay-${Date.now()}@example.com`);
    expect((await social(token)).statusCode).toBe(200);
    expectErrorEnvelope(await social(token), 401);

    const fresh = await idTokenFor(`tamper-${Date.now()}@example.com`);
    const [h, p, sig] = fresh.split('.');
    const claims = decodeJwt(fresh);
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, email: 'victim@example.com' })).toString('base64url');
    expectErrorEnvelope(await social(`${h}.${forgedPayload}.${sig}`), 401);
    expect(p).toBeTruthy();

    const { privateKey } = await generateKeyPair('RS256');
    const sign = (overrides: Record<string, unknown>, key = privateKey) =>
      new SignJWT({ email: 'x@example.com', email_verified: true, nonce: randomBytes(8).toString('hex'), ...overrides })
        .setProtectedHeader({ alg: 'RS256', kid: 'not-theirs' })
        .setIssuer(String(claims.iss))
        .setAudience('casino-web')
        .setSubject('google-oauth2|x@example.com')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    expectErrorEnvelope(await social(await sign({})), 401);
    // alg none, and HS256 with the public key as secret: both refused.
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    expectErrorEnvelope(await social(none), 401);
    expectErrorEnvelope(await social('not-a-jwt'), 401);
    expectErrorEnvelope(await social(''), 422);
    expectErrorEnvelope(await social('x'.repeat(9000)), 422);
  });

  it('refuses to take over an account through an unverified address (11001), and a blocked player (11002)', async () => {
    const { body } = await register(server.app);
    await server.ctx.db
      .update(players)
      .set({ status: PlayerStatus.blocked })
      .where(eq(players.email, body.email as string));
    const blocked = expectErrorEnvelope(await social(await idTokenFor(body.email as string)), 403);
    expect(blocked.code).toBe(ErrorCode.accountBlocked);

    const other = await register(server.app);
    const client = { ip: '127.0.0.1', country: 'DE', userAgent: null, fingerprint: null };
    const unverified = {
      issuer: 'https://idp.example/',
      subject: 'x|1',
      email: other.body.email as string,
      emailVerified: false,
    };
    await expect(
      loginWithIdentity(server.ctx, server.ctx.tokens, unverified, { provider: 'auth0', idToken: 'x' }, client),
    ).rejects.toMatchObject({ code: ErrorCode.emailNotVerified });
  });
});

describe('a closed account signed in with Google', () => {
  it('opens withdraw-only while money that arrived after the close is on it; refused once it is gone', async () => {
    const email = `social-closed-${Date.now()}@example.com`;
    const created = authResultSchema.parse((await social(await idTokenFor(email))).json().data);
    const closed = await server.app.inject({
      method: 'POST',
      url: '/api/player/close',
      headers: { authorization: `Bearer ${created.accessToken}` },
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(expectErrorEnvelope(await social(await idTokenFor(email)), 403).code).toBe(ErrorCode.accountClosed);
    // A late win lands on the closed account.
    const [account] = await listAccounts(server.ctx.db, created.profile.id);
    await postEntry(server.ctx.db, {
      accountId: account!.id,
      idempotencyKey: `late:${account!.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 700n,
    });
    const signedIn = await social(await idTokenFor(email));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ scope: 'withdraw-only', closed: true });
    await postEntry(server.ctx.db, {
      accountId: account!.id,
      idempotencyKey: `gone:${account!.id}`,
      counterparty: 'adjustment',
      kind: 'debit',
      realDelta: -700n,
    });
    expect(expectErrorEnvelope(await social(await idTokenFor(email)), 403).code).toBe(ErrorCode.accountClosed);
  });
});

describe('the sandbox provider on the Auth0 paths', () => {
  it('takes the token call as JSON, and exchanges an access token (RFC 8693)', async () => {
    const { idToken, accessToken } = await tokensFor(`json-${Date.now()}@example.com`, 'apple', true);
    expect(decodeJwt(idToken).sub).toMatch(/^apple\|json-/);
    const exchange = (subject: string) =>
      server.app.inject({
        method: 'POST',
        url: '/sandbox/oidc/oauth/token',
        payload: {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          client_id: 'casino-web',
          subject_token: subject,
          subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        },
      });
    const good = await exchange(accessToken);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      token_type: 'Bearer',
    });
    expect(good.json().access_token).not.toBe(accessToken);
    expect((await exchange('made-up')).json()).toMatchObject({ error: 'invalid_grant' });
    const junk = await server.app.inject({
      method: 'POST',
      url: '/sandbox/oidc/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe('verifyIdToken', () => {
  const issuer = 'https://idp.example/';
  async function setup() {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const check = {
      issuer,
      audience: 'casino-web',
      keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256' }] }),
    };
    const sign = (claims: Record<string, unknown>, exp: number | string = '5m', audience = 'casino-web') =>
      new SignJWT({ nonce: randomBytes(8).toString('hex'), email: 'a@example.com', email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('sub-1')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey);
    return { check, sign };
  }

  it('checks audience, expiry with 60 s of leeway, and wants a nonce', async () => {
    const { check, sign } = await setup();
    const attempts = memoryAttempts();
    await expect(verifyIdToken(await sign({}), check, attempts)).resolves.toMatchObject({
      subject: 'sub-1',
      emailVerified: true,
    });
    await expect(verifyIdToken(await sign({}, '5m', 'someone-else'), check, attempts)).rejects.toMatchObject({
      code: 401,
    });
    const now = Math.floor(Date.now() / 1000);
    await expect(verifyIdToken(await sign({}, now - 30), check, attempts)).resolves.toBeTruthy();
    await expect(verifyIdToken(await sign({}, now - 90), check, attempts)).rejects.toMatchObject({ code: 401 });
    await expect(verifyIdToken(await sign({ nonce: undefined }), check, attempts)).rejects.toMatchObject({ code: 401 });
  });
});
