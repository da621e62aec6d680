import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Channel, ErrorCode, kycStateSchema, type KycWebhook } from '@casino/contracts';
import { loadConfig } from '../../../config.ts';
import { signCall } from '../../../lib/signing.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestServer, PRODUCTION_ENV, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { bearer, expectErrorEnvelope, register } from '../../player/__tests__/helpers.ts';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await createTestServer({ KYC_HIDE_DOCUMENTS: '1' });
  // The sandbox provider tells the casino over real HTTP.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

const openToken = async (accessToken: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/player/services/sumsub/auth',
    headers: bearer(accessToken),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { token?: string; data?: unknown };
  // As the spec says: the token is the body, not wrapped in `data`.
  expect(body.data).toBeUndefined();
  return body.token!;
};
const state = async (accessToken: string) =>
  kycStateSchema.parse(
    (
      await server.app.inject({
        method: 'GET',
        url: '/api/player/services/sumsub/status',
        headers: bearer(accessToken),
      })
    ).json().data,
  );
const sendDocuments = (token: string, files: { document?: Buffer; selfie?: Buffer }, documentType = 'passport') => {
  const body = multipart([
    { name: 'documentType', value: documentType },
    ...(files.document
      ? [{ name: 'document', value: files.document, filename: 'passport.png', contentType: 'image/png' }]
      : []),
    ...(files.selfie ? [{ name: 'selfie', value: files.selfie, filename: 'me.jpg', contentType: 'image/jpeg' }] : []),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `/sandbox/kyc/sdk/documents?token=${encodeURIComponent(token)}`,
    payload: body.payload,
    headers: body.headers,
  });
};
const review = (token: string, answer: 'GREEN' | 'RED', comment = '') =>
  server.app.inject({
    method: 'POST',
    url: `/sandbox/kyc/sdk/review?token=${encodeURIComponent(token)}`,
    payload: new URLSearchParams({ answer, comment }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('identity verification through the sandbox provider', () => {
  it('token → documents → pending → rejected with a reason → new documents → approved, each pushed', async () => {
    const { auth } = await register(server.app);
    const pushed: unknown[] = [];
    await server.ctx.broker.subscribe(Channel.playerVerification(auth.profile.id), (pub) => pushed.push(pub.data));
    expect(await state(auth.accessToken)).toEqual({ status: 'init', reason: null, reviewedAt: null });

    const token = await openToken(auth.accessToken);
    const page = await server.app.inject({ method: 'GET', url: `/sandbox/kyc/sdk?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Verify your identity');

    const sent = await sendDocuments(token, { document: PNG, selfie: JPEG });
    expect(sent.statusCode).toBe(303);
    await waitFor(async () => (await state(auth.accessToken)).status === 'pending' || undefined);
    const waiting = await server.app.inject({
      method: 'GET',
      url: `/sandbox/kyc/sdk?token=${encodeURIComponent(token)}`,
    });
    expect(waiting.body).toContain('We are checking your documents');

    expect((await review(token, 'RED', 'The photo is <b>blurred</b>')).statusCode).toBe(303);
    const rejected = await state(auth.accessToken);
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'The photo is <b>blurred</b>' });
    // The provider's page asks again, the reviewer's words escaped.
    const again = await server.app.inject({
      method: 'GET',
      url: `/sandbox/kyc/sdk?token=${encodeURIComponent(token)}`,
    });
    expect(again.body).toContain('The photo is &lt;b&gt;blurred&lt;/b&gt;');

    expect((await sendDocuments(token, { document: PNG, selfie: PNG })).statusCode).toBe(303);
    await waitFor(async () => (await state(auth.accessToken)).status === 'pending' || undefined);
    expect((await review(token, 'GREEN')).statusCode).toBe(303);
    const approved = await state(auth.accessToken);
    expect(approved.status).toBe('approved');
    expect(approved.reason).toBeNull();
    expect(Date.parse(approved.reviewedAt!)).toBeGreaterThan(Date.now() - 60_000);

    await waitFor(async () => (pushed.length >= 4 ? true : undefined));
    expect(pushed.map((p) => (p as { state: { status: string } }).state.status)).toEqual([
      'pending',
      'rejected',
      'pending',
      'approved',
    ]);
    // Verified: the provider's page says so and takes no more documents or reviews.
    expect((await server.app.inject({ method: 'GET', url: `/sandbox/kyc/sdk?token=${token}` })).body).toContain(
      'You are verified',
    );
    await review(token, 'RED');
    expect((await state(auth.accessToken)).status).toBe('approved');
  });

  it('refuses files that are not what they claim, and keeps the player where they were', async () => {
    const { auth } = await register(server.app);
    const token = await openToken(auth.accessToken);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const bad = await sendDocuments(token, { document: html, selfie: JPEG });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('The document is not a JPEG, PNG or PDF file');
    const pdfSelfie = await sendDocuments(token, { document: PNG, selfie: Buffer.from('%PDF-1.4\n') });
    expect(pdfSelfie.body).toContain('The selfie is not a JPEG or PNG picture');
    expect((await sendDocuments(token, { document: PNG })).body).toContain('Choose both files');
    expect((await sendDocuments(token, { document: PNG, selfie: JPEG }, 'library_card')).statusCode).toBe(422);
    const tooBig = await sendDocuments(token, {
      document: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
      selfie: JPEG,
    });
    expect(tooBig.statusCode).toBe(413);
    expect((await state(auth.accessToken)).status).toBe('init');
  });

  it('a forged, tampered or foreign token opens nothing', async () => {
    const { auth } = await register(server.app);
    const { auth: other } = await register(server.app);
    const token = await openToken(auth.accessToken);
    const otherToken = await openToken(other.accessToken);
    const [id, expires] = token.split('.');
    const [otherId] = otherToken.split('.');
    for (const forged of [
      `${otherId}.${expires}.${token.split('.')[2]}`, // another applicant under this token's MAC
      `${id}.${Number(expires) + 3_600_000}.${token.split('.')[2]}`, // a later expiry
      `${id}.${expires}.${'A'.repeat(43)}`,
      'nonsense',
    ]) {
      const page = await server.app.inject({
        method: 'GET',
        url: `/sandbox/kyc/sdk?token=${encodeURIComponent(forged)}`,
      });
      expect(page.statusCode, forged).toBe(401);
      expect((await sendDocuments(forged, { document: PNG, selfie: JPEG })).statusCode).toBe(401);
    }
    expect((await state(other.accessToken)).status).toBe('init');
  });

  it('needs a signed-in player', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/player/services/sumsub/auth' });
    expectErrorEnvelope(res, 401);
    expectErrorEnvelope(await server.app.inject({ method: 'GET', url: '/api/player/services/sumsub/status' }), 401);
  });

  it('with KYC_HIDE_DOCUMENTS the documents page and API are gone; init names the provider page', async () => {
    const { auth } = await register(server.app);
    const init = (await server.app.inject({ method: 'GET', url: '/api/player/init' })).json().data;
    expect(init.features.documents).toBe(false);
    expect(init.kyc).toEqual({ sdkUrl: '/sandbox/kyc/sdk' });
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/player/documents', headers: bearer(auth.accessToken) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/player/webhooks/kyc', () => {
  const path = '/api/player/webhooks/kyc';
  const send = (
    event: Partial<KycWebhook> | Record<string, unknown>,
    options: { path?: string; secret?: string; requestId?: string; timestamp?: number } = {},
  ) => {
    const body = JSON.stringify(event);
    const headers = signCall(
      options.secret ?? server.ctx.kycSecret,
      { method: 'POST', path: options.path ?? path, body },
      {
        ...(options.requestId ? { requestId: options.requestId } : {}),
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      },
    );
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  };
  const reviewed = (playerId: string, answer: 'GREEN' | 'RED', at: number, comment?: string): KycWebhook => ({
    eventId: randomUUID(),
    type: 'applicantReviewed',
    applicantId: 'apl_test',
    externalUserId: playerId,
    reviewAnswer: answer,
    ...(comment ? { moderationComment: comment } : {}),
    createdAtMs: at,
  });

  it('an older event never undoes a newer one; a replayed request id and foreign signatures move nothing', async () => {
    const { auth } = await register(server.app);
    const now = Date.now();
    const approve = reviewed(auth.profile.id, 'GREEN', now);
    const first = await send(approve, { requestId: 'kyc-replay-1' });
    expect(first.status).toBe(200);
    expect((await first.json()).data.outcome).toBe('applied');
    // The same call again: refused by its request id.
    const replay = await send(approve, { requestId: 'kyc-replay-1' });
    expect(replay.status).toBe(401);
    expect((await replay.json()).error.code).toBe(ErrorCode.invalidSignature);
    // A late retry of an earlier rejection changes nothing.
    const late = await send(reviewed(auth.profile.id, 'RED', now - 1000, 'late'));
    expect((await late.json()).data.outcome).toBe('ignored');
    // Signed for the payment webhook, or with the payment provider's key, or an hour old: refused.
    const rejectNow = reviewed(auth.profile.id, 'RED', now + 1000, 'forged');
    expect((await send(rejectNow, { path: '/api/payment/webhooks/sandbox' })).status).toBe(401);
    expect((await send(rejectNow, { secret: server.ctx.paymentSecret })).status).toBe(401);
    expect((await send(rejectNow, { timestamp: Date.now() - 3_600_000 })).status).toBe(401);
    expect((await state(auth.accessToken)).status).toBe('approved');
  });

  it('wakes the outbox dispatcher as it commits, so the push does not wait for its poll', async () => {
    const { auth } = await register(server.app);
    const wake = vi.spyOn(server.ctx, 'notifyOutbox');
    try {
      const applied = await send(reviewed(auth.profile.id, 'GREEN', Date.now()));
      expect((await applied.json()).data.outcome).toBe('applied');
      expect(wake).toHaveBeenCalled();
      wake.mockClear();
      // Nothing written, nothing to deliver.
      const ignored = await send(reviewed(randomUUID(), 'GREEN', Date.now()));
      expect((await ignored.json()).data.outcome).toBe('ignored');
      expect(wake).not.toHaveBeenCalled();
    } finally {
      wake.mockRestore();
    }
  });

  it('an unknown player is answered and ignored; bad input is a 422', async () => {
    const unknown = await send(reviewed(randomUUID(), 'GREEN', Date.now()));
    expect(unknown.status).toBe(200);
    expect((await unknown.json()).data.outcome).toBe('ignored');
    const { auth } = await register(server.app);
    for (const bad of [
      reviewed(auth.profile.id, 'RED', Date.now(), 'nul\u0000byte'),
      reviewed(auth.profile.id, 'RED', Date.now(), 'x'.repeat(501)),
      { ...reviewed(auth.profile.id, 'GREEN', Date.now()), externalUserId: 'not-a-uuid' },
      { ...reviewed(auth.profile.id, 'GREEN', Date.now()), createdAtMs: 1e300 },
      { ...reviewed(auth.profile.id, 'GREEN', Date.now()), extra: true },
    ]) {
      expect((await send(bad)).status).toBe(422);
    }
    expect((await state(auth.accessToken)).status).toBe('init');
  });

  it('twenty racing events for one player leave the newest state', async () => {
    const { auth } = await register(server.app);
    const now = Date.now();
    const events = Array.from({ length: 20 }, (_, i) => reviewed(auth.profile.id, i === 19 ? 'GREEN' : 'RED', now + i));
    const answers = await Promise.all(events.toReversed().map((e) => send(e)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await state(auth.accessToken)).status).toBe('approved');
  });
});

describe('configuration', () => {
  const production = PRODUCTION_ENV;
  it('production offers verification only with a provider, and then needs its secret', () => {
    expect(loadConfig(production).kyc).toBeNull();
    expect(() => loadConfig({ ...production, KYC_PROVIDER_URL: 'https://kyc.example.com' })).toThrow(/KYC_SECRET/);
    const kyc = loadConfig({
      ...production,
      KYC_PROVIDER_URL: 'https://kyc.example.com/',
      KYC_SECRET: 's'.repeat(32),
    }).kyc;
    expect(kyc).toMatchObject({ sandbox: false, providerUrl: 'https://kyc.example.com' });
    // Documents hide only when a provider takes them.
    expect(loadConfig({ ...production, KYC_HIDE_DOCUMENTS: '1' }).features.documents).toBe(true);
  });
});
