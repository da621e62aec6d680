import { z } from 'zod';
import { pageMetaSchema } from './envelope.ts';
import { displayText, text } from './text.ts';

/** The messenger (`/api/notification/messenger`): messages to one player, from domain events and operators. */
export const MESSAGE_TYPES = ['default', 'success', 'warn', 'error'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const messengerMessageSchema = z.object({
  id: z.string(),
  /** MessageState: 1 unread, 2 read. */
  state: z.number().int(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  type: z.enum(MESSAGE_TYPES),
  /** What wrote it: `payment`, `limits.<kind>` (applied, added, requested…), `document.updated`, `verification.updated` or `operator`. */
  topic: z.string(),
  content: z.object({
    title: z.string(),
    body: z.string(),
    /** A page of this site the message points to. */
    link: z.object({ url: z.string(), label: z.string() }).nullable(),
  }),
});
export type MessengerMessage = z.infer<typeof messengerMessageSchema>;

export const messengerListSchema = z.object({
  data: z.array(messengerMessageSchema),
  meta: pageMetaSchema.extend({ totalUnread: z.number().int() }),
});
export type MessengerList = z.infer<typeof messengerListSchema>;
export const messengerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(10),
});
const messageId = text().min(1).max(64);
export const messageIdsBodySchema = z
  .object({ messageIds: z.array(messageId).min(1, 'Choose at least one message').max(100) })
  .strict();
export const unreadCountSchema = z.object({ totalUnread: z.number().int() });

/** Push on `messenger:notifications#<playerId>`: a new message and the count it leaves unread. */
export type MessengerPush =
  | { event: 'messenger.message.created'; message: MessengerMessage; totalUnread: number }
  | { event: 'messenger.unread.updated'; totalUnread: number };

/** Operator message limits (also the CLI's). */
export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_BODY_MAX = 2000;

/** The contact form (`POST /api/notification/communications`). */
export const CONTACT_SUBJECTS = ['account', 'payments', 'games', 'bonuses', 'responsible-gaming', 'other'] as const;
export const contactBodySchema = z
  .object({
    name: displayText().trim().min(1, 'Enter your name').max(100),
    email: text().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address')),
    subject: z.enum(CONTACT_SUBJECTS, { error: 'Choose a subject' }),
    message: text().trim().min(10, 'Write at least 10 characters').max(MESSAGE_BODY_MAX),
  })
  .strict();
export type ContactBody = z.infer<typeof contactBodySchema>;
export const contactReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });

/** The built-in live support chat (`/api/notification/support`). */
export const SUPPORT_TEXT_MAX = 2000;
export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['player', 'operator']),
  text: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export const supportPostBodySchema = z
  .object({ text: text().trim().min(1, 'Write a message').max(SUPPORT_TEXT_MAX) })
  .strict();
export type SupportPush = { event: 'support.message'; message: SupportMessage };
