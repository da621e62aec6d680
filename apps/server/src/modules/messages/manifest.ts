import type { ModuleManifest } from '../../lib/module.ts';
import { mailboxCommand } from './commands.ts';
import { createMailSender, MAIL_POLL_MS, registerMessageLane } from './delivery.ts';
import { messagesRoutes } from './routes.ts';
import { mailSettings } from './settings.ts';

/**
 * Messages: the lane that files every queued message, the SMTP sender's job (with SMTP_URL) and,
 * outside production, the development mailbox.
 */
export const messagesModule: ModuleManifest = {
  name: 'messages',
  commands: [mailboxCommand],
  settings: mailSettings,
  setup(ctx) {
    const { smtpUrl } = ctx.config.mail;
    const sender = smtpUrl ? createMailSender(ctx, smtpUrl) : null;
    return {
      routes: [{ prefix: '/api/dev', plugin: messagesRoutes(ctx) }],
      events: [
        (consumers) => registerMessageLane(consumers, { sending: sender !== null, filed: () => sender?.soon() }),
      ],
      jobs: sender ? [{ name: 'mail-sender', everyMs: MAIL_POLL_MS, runNow: true, run: sender.drain }] : [],
      ...(sender ? { close: sender.close } : {}),
    };
  },
};
