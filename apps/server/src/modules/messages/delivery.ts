import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.ts';
import { claimPendingMail, fileMessage, markFailed, markSent, MESSAGE_EVENT } from './service.ts';

const POLL_MS = 5_000;
const BATCH = 10;

/**
 * Files every queued message as the outbox delivers it and, with SMTP_URL, sends the e-mails: after
 * the outbox commit and outside any transaction, so a slow mail server never holds the database.
 */
export function startMessageDelivery(ctx: AppContext): { stop(): Promise<void> } {
  const { smtpUrl, from } = ctx.config.mail;
  const log = ctx.log.child({ module: 'messages' });
  let filed = () => {};
  const stopConsumer = ctx.outboxConsumers.register({
    name: 'messages',
    startFrom: 'beginning',
    handlers: {
      [MESSAGE_EVENT]: async (row, tx) => {
        await fileMessage(tx, row.payload, smtpUrl !== null);
        filed();
      },
    },
  });
  // The mail sender runs where the lanes run: not on an api node (ROLE=api).
  if (!smtpUrl || ctx.config.role === 'api') return { stop: async () => stopConsumer() };

  const transport = nodemailer.createTransport(smtpUrl, { from });
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain(): Promise<void> {
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

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'mail sender failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  // Told before the lane's commit: look a moment later (the poll catches any it still misses).
  filed = () => setTimeout(wake, 50).unref();
  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopConsumer();
      await running;
      transport.close();
    },
  };
}
