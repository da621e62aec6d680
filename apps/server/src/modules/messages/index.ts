/** Messages to players: e-mail and SMS, queued through the outbox, sent by SMTP or kept in the development mailbox. */
export { sendMessage, readMailbox, normaliseRecipient, type MailboxEntry, type OutgoingMessage } from './service.ts';
export { messagesModule } from './manifest.ts';
export type { TemplateName, TemplateParams } from './templates.ts';
