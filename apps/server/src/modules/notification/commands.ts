import { z } from 'zod';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, SUPPORT_TEXT_MAX, text } from '@casino/contracts';
import { CommandArgsError, answersMessage, opsCommand, readsOn, writes } from '../../lib/ops-command.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import {
  contactOf,
  findPlayer,
  findPlayerBy,
  findPlayerIds,
  namesPlayer,
  playerLabel,
  playerNaming,
  playerOf,
} from '../player/index.ts';
import { latestContactMessages, openChats, postSupportMessage, postToMany } from './service.ts';

export const opsMessageBodySchema = z
  .object({
    to: text().min(1).max(254),
    title: text().trim().min(1).max(MESSAGE_TITLE_MAX),
    body: text().trim().min(1).max(MESSAGE_BODY_MAX),
  })
  .strict();
export type OpsMessageBody = z.infer<typeof opsMessageBodySchema>;

const BATCH = 500;

/** A messenger message from the operator to one player (e-mail, phone or id) or to every player (`all`). */
export async function opsMessage(ctx: UnitOfWorkContext, body: OpsMessageBody): Promise<{ message: string }> {
  const { db } = ctx;
  const content = { type: 'default' as const, title: body.title, body: body.body, link: null };
  if (body.to !== 'all') {
    const player = await findPlayerBy(db, body.to);
    await withTransaction(ctx, (tx) => postToMany(tx, [player.id], content, 'operator'));
    return { message: `Sent "${body.title}" to ${contactOf(player)}` };
  }
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await findPlayerIds(db, after, BATCH);
    if (ids.length === 0) break;
    // A unit per batch: each is delivered as it commits.
    sent += (await withTransaction(ctx, (tx) => postToMany(tx, ids, content, 'operator'))).length;
    after = ids.at(-1)!;
  }
  return { message: `Sent "${body.title}" to ${sent} players` };
}

export const opsSupportBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z
    .object({
      action: z.literal('reply'),
      ...playerNaming,
      text: text().trim().min(1).max(SUPPORT_TEXT_MAX),
    })
    .refine(...namesPlayer),
]);
export type OpsSupportBody = z.infer<typeof opsSupportBodySchema>;

const oneLine = (value: string, max = 80) => {
  const line = value.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Open support chats (waiting for an answer) and the latest contact-form messages, or an answer to one player. */
export async function opsSupport(ctx: UnitOfWorkContext, body: OpsSupportBody): Promise<{ message: string }> {
  const { db } = ctx;
  if (body.action === 'reply') {
    const player = await playerOf(db, body);
    await postSupportMessage(ctx, player.id, 'operator', body.text);
    return { message: `Answered ${contactOf(player)}` };
  }
  const [chats, contacts] = await Promise.all([openChats(db), latestContactMessages(db, 10)]);
  const who = await Promise.all(chats.map((c) => findPlayer(db, { id: c.playerId })));
  const lines = ['Chats waiting for an answer:'];
  if (chats.length === 0) lines.push('  none');
  chats.forEach((chat, i) =>
    lines.push(
      `  ${who[i] ? playerLabel(who[i]) : chat.playerId}  ${chat.lastAt}  (${chat.waiting} waiting)  ${oneLine(chat.lastText)}`,
    ),
  );
  lines.push('Latest contact-form messages:');
  if (contacts.length === 0) lines.push('  none');
  for (const c of contacts) lines.push(`  ${c.createdAt}  ${c.email}  [${c.subject}]  ${oneLine(c.message)}`);
  return { message: lines.join('\n') };
}

/** `message <player|all> <title> <body…>`. */
function parseMessage(args: string[]): OpsMessageBody {
  const [to, title, ...body] = args;
  if (!to || !title || body.length === 0) throw new CommandArgsError('message needs <player|all> <title> <body>.');
  return { to, title, body: body.join(' ') };
}

/** `support list | reply <player> <text…>`. */
function parseSupport(args: string[]): OpsSupportBody {
  const [verb, player, ...words] = args;
  if (verb === 'list' && args.length === 1) return { action: 'list' };
  if (verb === 'reply' && player && words.length > 0) return { action: 'reply', player, text: words.join(' ') };
  throw new CommandArgsError('support needs list | reply <player> <text>.');
}

export const messageCommand = opsCommand({
  word: 'message',
  usage: `  message <player|all> <title> <body…>
      A message in the player's notifications (every player's with all), pushed to open tabs at once.`,
  parse: parseMessage,
  route: 'message',
  permission: writes('Message'),
  body: opsMessageBodySchema,
  ...answersMessage,
  run: opsMessage,
});

export const supportCommand = opsCommand({
  word: 'support',
  usage: `  support list | support reply <player> <text…>
      Live chats waiting for an answer and the latest contact-form messages; answer a player's chat.`,
  parse: parseSupport,
  route: 'support',
  permission: readsOn('Message', ['list']),
  body: opsSupportBodySchema,
  ...answersMessage,
  run: opsSupport,
});
