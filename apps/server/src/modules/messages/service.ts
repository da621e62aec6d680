import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { EventName, OutboundMessage } from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { messages } from './tables.ts';
import { render, type TemplateName, type TemplateParams } from './templates.ts';

export const MESSAGE_EVENT = 'message.queued' satisfies EventName;
const MAX_ATTEMPTS = 5;
const CLAIM_MS = 5 * 60_000;

export type OutgoingMessage<T extends TemplateName = TemplateName> = {
  channel: 'email' | 'sms';
  /** An e-mail address or an E.164 phone number. */
  to: string;
  template: T;
  locale: string;
  params: TemplateParams[T];
};

export type MailboxEntry = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  status: string;
  createdAt: string;
};

/**
 * Queues a message in the caller's transaction: it leaves only if the change it tells of commits
 * (a reset link for a token that was rolled back is never sent).
 */
export async function sendMessage<T extends TemplateName>(tx: DbOrTx, message: OutgoingMessage<T>): Promise<void> {
  await enqueue(tx, MESSAGE_EVENT, message);
}

/** Outbox consumer: renders the message and files it for the sender (SMTP) or the development mailbox. */
export async function fileMessage(tx: Tx, message: OutboundMessage, smtp: boolean): Promise<void> {
  const { subject, text } = render(message.template as TemplateName, message.locale, message.params as never);
  await tx.insert(messages).values({
    channel: message.channel,
    recipient: message.to,
    template: message.template,
    subject,
    body: text,
    status: smtp && message.channel === 'email' ? 'pending' : 'kept',
  });
}

export type PendingMail = { id: number; to: string; subject: string; body: string; attempts: number };

/** Claims up to `limit` pending e-mails for this sender; nodes sending at once never take the same one. */
export async function claimPendingMail(db: DbOrTx, limit: number, now = new Date()): Promise<PendingMail[]> {
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, 'pending'), lte(messages.nextAttemptAt, now)))
    .orderBy(asc(messages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(messages.id, due))
    .returning({
      id: messages.id,
      to: messages.recipient,
      subject: messages.subject,
      body: messages.body,
      attempts: messages.attempts,
    });
}

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(messages).set({ status: 'sent', sentAt: new Date() }).where(eq(messages.id, id));
}

/** A failed send is tried again later, backing off; after the last attempt it stays `failed` for an operator. */
export async function markFailed(db: DbOrTx, mail: PendingMail, now = new Date()): Promise<void> {
  const giveUp = mail.attempts >= MAX_ATTEMPTS;
  await db
    .update(messages)
    .set(giveUp ? { status: 'failed' } : { nextAttemptAt: new Date(now.getTime() + 30_000 * 2 ** (mail.attempts - 1)) })
    .where(eq(messages.id, mail.id));
}

/** The latest messages to one address or number, newest first. */
export async function readMailbox(db: DbOrTx, recipient: string, limit = 20): Promise<MailboxEntry[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.recipient, normaliseRecipient(recipient)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** E-mail addresses are kept lower-case; phone numbers as E.164 (`+4915…`). */
export function normaliseRecipient(recipient: string): string {
  const trimmed = recipient.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[\s()-]/g, '');
}
