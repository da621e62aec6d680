import { z } from 'zod';
import { invalidConfig, settingsSection, type SettingsCore } from '../../lib/settings.ts';

const mailEnv = {
  /** Outgoing mail: smtp(s)://user:pass@host:port. Unset: mail is kept in the development mailbox (`npm run ops -- mailbox`). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Casino <no-reply@localhost>'),
};

type MailEnv = z.infer<z.ZodObject<typeof mailEnv>>;

/** Outgoing mail: the SMTP server (production needs one) and the sender. */
function readMail(e: MailEnv, { production }: SettingsCore) {
  if (production && !e.SMTP_URL)
    throw invalidConfig('SMTP_URL: production sends mail (password resets, confirmations) through an SMTP server');
  return { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM };
}

export type MailSettings = ReturnType<typeof readMail>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /** smtpUrl null: mail stays in the development mailbox. */
    mail: MailSettings;
  }
}

export const mailSettings = settingsSection('mail', mailEnv, readMail);
