import { z } from 'zod';
import { mailboxEntrySchema, mailboxQuerySchema, type MailboxEntry } from '@casino/contracts';
import type { Db } from '../../db/client.ts';
import { CommandArgsError, opsCommand, reads } from '../../lib/ops-command.ts';
import { readMailbox } from './service.ts';

export const opsMailboxBodySchema = mailboxQuerySchema;
export type OpsMailboxBody = z.infer<typeof opsMailboxBodySchema>;

export const opsMailbox = (db: Db, body: OpsMailboxBody): Promise<MailboxEntry[]> => readMailbox(db, body.to, 10);

/** Newest first, each with its date, channel and subject, then the text. */
export function describeMailbox(entries: MailboxEntry[]): string {
  if (entries.length === 0) return 'No messages to that address or number.';
  return entries.map((m) => `── ${m.createdAt}  ${m.channel}  ${m.status}  ${m.subject}\n${m.body}`).join('\n\n');
}

/** `mailbox <email|phone>`. */
function parseMailbox(args: string[]): OpsMailboxBody {
  if (!args[0] || args.length !== 1) throw new CommandArgsError('mailbox needs <email|phone>.');
  return { to: args[0] };
}

export const mailboxCommand = opsCommand({
  word: 'mailbox',
  usage: `  mailbox <email|phone>
      The latest messages (e-mail, SMS) to that address or number: codes and links, when no SMTP_URL is set.`,
  parse: parseMailbox,
  route: 'mailbox',
  permission: reads('Message'),
  body: opsMailboxBodySchema,
  result: z.array(mailboxEntrySchema),
  run: (ctx, body) => opsMailbox(ctx.db, body),
  describe: describeMailbox,
});
