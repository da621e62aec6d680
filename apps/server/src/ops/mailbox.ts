import { z } from 'zod';
import { mailboxQuerySchema, type MailboxEntry } from '@casino/contracts';
import type { Db } from '../db/client.ts';
import { readMailbox } from '../modules/messages/index.ts';

export const opsMailboxBodySchema = mailboxQuerySchema;
export type OpsMailboxBody = z.infer<typeof opsMailboxBodySchema>;

export const opsMailbox = (db: Db, body: OpsMailboxBody): Promise<MailboxEntry[]> => readMailbox(db, body.to, 10);

/** Newest first, each with its date, channel and subject, then the text. */
export function describeMailbox(entries: MailboxEntry[]): string {
  if (entries.length === 0) return 'No messages to that address or number.';
  return entries.map((m) => `── ${m.createdAt}  ${m.channel}  ${m.status}  ${m.subject}\n${m.body}`).join('\n\n');
}
