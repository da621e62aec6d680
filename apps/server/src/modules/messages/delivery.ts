import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.ts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { claimPendingMail, fileMessage, markFailed, markSent, MESSAGE_EVENT } from './service.ts';

/** How often the sender looks for mail still to send (a filed message also wakes it at once). */
export const MAIL_POLL_MS = 5_000;
const BATCH = 10;

/** Sends the mail filed for sending, a batch at a time; one drain at a time, a wake during one runs another. */
export type MailSender = { drain(): Promise<void>; soon(): void; close(): Promise<void> };

/**
 * The SMTP sender (SMTP_URL): after the outbox commit and outside any transaction, so a slow mail
 * server never holds the database. Its schedule is the messages module's job (manifest.ts).
 */
export function createMailSender(ctx: AppContext, smtpUrl: string): MailSender {
  const log = ctx.log.child({ module: 'messages' });
  const transport = nodemailer.createTransport(smtpUrl, { from: ctx.config.mail.from });
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function sendBatches(): Promise<void> {
    for (;;) {
      const batch = await claimPendingMail(ctx.db, BATCH);
      for (const mail of batch) {
        try {
          await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.body });
          await markSent(ctx.db, mail.id);
        } catch (err) {
          // The address is personal data and the body holds a code: log neither.
          log.warn({ messageId: mail.id, attempt: mail.attempts, err: (err as Error).message }, 'mail not sent');
          await markFailed(ctx.db, mail);
        }
      }
      if (batch.length < BATCH || stopped) return;
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = sendBatches().finally(() => {
      running = null;
      if (again) {
        again = false;
        void drain().catch((err: unknown) => log.error({ err }, 'mail sender failed'));
      }
    });
    return running;
  }

  return {
    drain,
    // Told before the lane's commit: look a moment later (the job's next run catches any it still misses).
    soon: () => {
      setTimeout(() => void drain().catch((err: unknown) => log.error({ err }, 'mail sender failed')), 50).unref();
    },
    async close() {
      stopped = true;
      await running?.catch(() => {});
      transport.close();
    },
  };
}

/** The `messages` lane: files every queued message as the outbox delivers it (and wakes the sender). */
export function registerMessageLane(
  consumers: OutboxConsumers,
  options: { sending: boolean; filed: () => void },
): () => void {
  return consumers.register({
    name: 'messages',
    startFrom: 'beginning',
    handlers: {
      [MESSAGE_EVENT]: async (row, tx) => {
        await fileMessage(tx, row.payload, options.sending);
        options.filed();
      },
    },
  });
}
