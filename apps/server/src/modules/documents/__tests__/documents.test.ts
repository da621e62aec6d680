import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, DocumentStatus, playerDocumentSchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { multipart } from '../../../test/multipart.ts';
import { bearer, expectErrorEnvelope, register } from '../../player/__tests__/helpers.ts';
import { opsDocuments } from '../commands.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

const upload = (token: string, type: string, bytes: Buffer, filename = 'passport.png', contentType = 'image/png') => {
  const body = multipart([
    { name: 'type', value: type },
    { name: 'file', value: bytes, filename, contentType },
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/api/player/documents',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};
const list = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/player/documents', headers: bearer(token) });

describe('/api/player/documents', () => {
  it('stores an upload outside the web root under its id, lists it, and an operator decision is pushed', async () => {
    const { auth } = await register(server.app);
    const res = await upload(auth.accessToken, 'identity_front', PNG, '../../etc/passwd\u202e.png');
    expect(res.statusCode).toBe(200);
    const doc = playerDocumentSchema.parse(res.json().data);
    expect(doc).toMatchObject({
      type: 'identity_front',
      status: DocumentStatus.pending,
      mimeType: 'image/png',
      size: PNG.length,
    });
    // The name is for display: no path, no bidi override.
    expect(doc.fileName).toBe('passwd.png');
    const stored = path.join(server.ctx.config.documentsDir, auth.profile.id, doc.id);
    expect(fs.readFileSync(stored)).toEqual(PNG);
    expect(stored.startsWith(server.ctx.config.webDist)).toBe(false);
    expect((await list(auth.accessToken)).json().data).toHaveLength(1);

    const pushed: unknown[] = [];
    await server.ctx.broker.subscribe(Channel.playerDocuments(auth.profile.id), (pub) => pushed.push(pub.data));
    const decided = await opsDocuments(server.ctx, { action: 'reject', id: doc.id, reason: 'The photo is blurred' });
    expect(decided.message).toMatch(/^Rejected/);
    await waitFor(() => pushed.length === 1);
    expect(pushed[0]).toMatchObject({
      event: 'document.updated',
      document: { id: doc.id, status: DocumentStatus.rejected, reason: 'The photo is blurred' },
    });
    // Decided once: a second decision finds nothing waiting.
    await expect(opsDocuments(server.ctx, { action: 'approve', id: doc.id })).rejects.toThrow(/waiting for review/);
  });

  it('sniffs the bytes: a PDF named .png is a PDF; an HTML file named .png is refused', async () => {
    const { auth } = await register(server.app);
    expect((await upload(auth.accessToken, 'address', PDF, 'bill.png')).json().data.mimeType).toBe('application/pdf');
    const html = await upload(auth.accessToken, 'address', Buffer.from('<html><script>alert(1)</script>'), 'x.png');
    expect(expectErrorEnvelope(html, 422).fields).toEqual({ file: ['Upload a JPEG, PNG or PDF file'] });
    expect(expectErrorEnvelope(await upload(auth.accessToken, 'selfie', PNG), 422).fields).toHaveProperty('type');
    expect(expectErrorEnvelope(await upload(auth.accessToken, '', PNG), 422).fields).toHaveProperty('type');
  });

  it('refuses more than 10 MB with 413 and keeps nothing of it', async () => {
    const { auth } = await register(server.app);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expectErrorEnvelope(await upload(auth.accessToken, 'other', big), 413);
    expect((await list(auth.accessToken)).json().data).toEqual([]);
  });

  it("keeps players apart: another player's document is not found, an approved one cannot be removed", async () => {
    const owner = await register(server.app);
    const other = await register(server.app);
    const doc = (await upload(owner.auth.accessToken, 'identity_back', PNG)).json().data;
    const del = (token: string, id: string) =>
      server.app.inject({ method: 'DELETE', url: `/api/player/documents/${id}`, headers: bearer(token) });
    expectErrorEnvelope(await del(other.auth.accessToken, doc.id), 404);
    expect((await list(other.auth.accessToken)).json().data).toEqual([]);
    await opsDocuments(server.ctx, { action: 'approve', id: doc.id });
    expectErrorEnvelope(await del(owner.auth.accessToken, doc.id), 409);
    const second = (await upload(owner.auth.accessToken, 'other', PNG)).json().data;
    expect((await del(owner.auth.accessToken, second.id)).statusCode).toBe(200);
    expect(fs.existsSync(path.join(server.ctx.config.documentsDir, owner.auth.profile.id, second.id))).toBe(false);
    expectErrorEnvelope(await del(owner.auth.accessToken, 'not-a-uuid'), 404);
  });

  it('twenty removals of one document at once remove it once; a NUL or huge kind is refused', async () => {
    const { auth } = await register(server.app);
    const doc = (await upload(auth.accessToken, 'other', PNG)).json().data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.app.inject({
          method: 'DELETE',
          url: `/api/player/documents/${doc.id}`,
          headers: bearer(auth.accessToken),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(19);
    expectErrorEnvelope(await upload(auth.accessToken, 'other\u0000', PNG), 422);
    expect((await upload(auth.accessToken, 'o'.repeat(5000), PNG)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await list(auth.accessToken)).json().data).toEqual([]);
  });

  it('an operator decision raced twenty times is taken once', async () => {
    const { auth } = await register(server.app);
    const doc = (await upload(auth.accessToken, 'address', PNG)).json().data;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        opsDocuments(server.ctx, { action: i % 2 ? 'approve' : 'reject', id: doc.id }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('needs a signed-in player and a multipart body', async () => {
    const body = multipart([
      { name: 'type', value: 'other' },
      { name: 'file', value: PNG, filename: 'a.png' },
    ]);
    expectErrorEnvelope(await server.app.inject({ method: 'POST', url: '/api/player/documents', ...body }), 401);
    expectErrorEnvelope(await server.app.inject({ method: 'GET', url: '/api/player/documents' }), 401);
    const { auth } = await register(server.app);
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      payload: { type: 'other' },
      headers: bearer(auth.accessToken),
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });
});
