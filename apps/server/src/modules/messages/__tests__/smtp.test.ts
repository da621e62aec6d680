import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { register } from '../../player/__tests__/helpers.ts';
import { messages } from '../tables.ts';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP server on a free port that keeps what it is sent; `refuse` makes it answer 451. */
function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuse) return callback(Object.assign(new Error('try later'), { responseCode: 451 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: Received[]; state: typeof state; close: () => Promise<void> }>(
    (resolve) => {
      smtp.listen(0, '127.0.0.1', () => {
        resolve({
          port: (smtp.server.address() as AddressInfo).port,
          received,
          state,
          close: () => new Promise((done) => smtp.close(() => done())),
        });
      });
    },
  );
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Casino <no-reply@casino.example>',
    PUBLIC_URL: 'https://casino.example',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('mail through SMTP_URL', () => {
  it('sends the confirmation mail of a registration to the SMTP server, once', async () => {
    const { body } = await register(server.app, { locale: 'en' });
    const email = body.email as string;
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(email)), 10_000);
    await waitFor(
      async () => (await server.ctx.db.select().from(messages).where(eq(messages.recipient, email)))[0]?.sentAt,
    );
    expect(mail.from).toBe('no-reply@casino.example');
    expect(mail.data).toMatch(/Subject: Confirm your e-mail address/);
    expect(mail.data).toMatch(/https:\/\/casino\.example\/verify\/[\w-]{43}/);
    const [row] = await server.ctx.db.select().from(messages).where(eq(messages.recipient, email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // Not in the development mailbox's sense: it was sent, not kept.
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('a refusing server leaves the mail pending for a later try, then it goes', async () => {
    smtp.state.refuse = true;
    const { body } = await register(server.app, { locale: 'en' });
    const email = body.email as string;
    const row = await waitFor(async () => {
      const [r] = await server.ctx.db.select().from(messages).where(eq(messages.recipient, email));
      // Refused and put back: due again in 30 s (a claim in flight holds it for 5 minutes instead).
      return r && r.attempts === 1 && r.nextAttemptAt.getTime() < Date.now() + 60_000 && r;
    }, 10_000);
    expect(row.status).toBe('pending');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    smtp.state.refuse = false;
    // The retry is due at once for the test.
    await server.ctx.db
      .update(messages)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(messages.id, row.id));
    await waitFor(() => smtp.received.find((m) => m.to.includes(email)), 10_000);
    const sent = await waitFor(async () => {
      const [r] = await server.ctx.db.select().from(messages).where(eq(messages.id, row.id));
      return r?.status === 'sent' && r;
    });
    expect(sent.attempts).toBe(2);
  });
});
