import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactBodySchema,
  contactReceiptSchema,
  dataEnvelope,
  messageIdsBodySchema,
  messengerListSchema,
  messengerQuerySchema,
  supportMessageSchema,
  supportPostBodySchema,
  unreadCountSchema,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, optionalPlayer, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import {
  deleteMessages,
  fileContactMessage,
  listMessages,
  markRead,
  messengerHeads,
  postSupportMessage,
  supportHistory,
} from './service.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];
/** A messenger change's answer: the unread count after it. */
const unread = { 200: dataEnvelope(unreadCountSchema), ...errorResponses(401, 422, 429) };
const writeRate = perPlayer('messages', 60);

/**
 * `/api/notification`: the messenger (messages from domain events and operators), the contact form
 * and the built-in live support chat.
 */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const heads = messengerHeads(ctx.database.kind);
    app.addHook('onClose', async () => heads.close());
    const player = requirePlayer(ctx);
    messengerRoutes(app, ctx, heads.cache, player);
    contactAndSupportRoutes(app, ctx, player);
  };

/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The messenger: a page of the player's messages, marking them read, deleting them. */
function messengerRoutes(
  app: App,
  ctx: AppContext,
  cache: ReturnType<typeof messengerHeads>['cache'],
  player: ReturnType<typeof requirePlayer>,
): void {
  app.get(
    '/messenger/messages',
    {
      onRequest: player,
      config: { withdrawOnly: true },
      schema: {
        tags: ['notification'],
        summary: "A page of the player's messages, newest first; meta.totalUnread counts the unread ones",
        security: bearer,
        querystring: messengerQuerySchema,
        response: { 200: messengerListSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listMessages(ctx.db, cache, authOf(request).playerId, request.query),
  );

  app.post(
    '/messenger/messages/read',
    {
      onRequest: player,
      schema: {
        tags: ['notification'],
        summary: 'Mark messages read (only the player’s own are touched)',
        security: bearer,
        body: messageIdsBodySchema,
        response: unread,
      },
      config: { ...writeRate, withdrawOnly: true },
    },
    async (request) => {
      const data = await markRead(ctx, authOf(request).playerId, request.body.messageIds);
      return { data };
    },
  );

  app.post(
    '/messenger/messages/read/all',
    {
      onRequest: player,
      schema: {
        tags: ['notification'],
        summary: 'Mark every message read',
        security: bearer,
        response: unread,
      },
      config: { ...writeRate, withdrawOnly: true },
    },
    async (request) => {
      const data = await markRead(ctx, authOf(request).playerId, 'all');
      return { data };
    },
  );

  app.delete(
    '/messenger/messages',
    {
      onRequest: player,
      schema: {
        tags: ['notification'],
        summary: 'Delete messages (only the player’s own are touched)',
        security: bearer,
        body: messageIdsBodySchema,
        response: unread,
      },
      config: { ...writeRate, withdrawOnly: true },
    },
    async (request) => {
      const data = await deleteMessages(ctx, authOf(request).playerId, request.body.messageIds);
      return { data };
    },
  );
}

/** The contact form (guests too) and the player's live support chat. */
function contactAndSupportRoutes(app: App, ctx: AppContext, player: ReturnType<typeof requirePlayer>): void {
  app.post(
    '/communications',
    {
      onRequest: optionalPlayer(ctx),
      schema: {
        tags: ['notification'],
        summary: 'Send the support team a message from the contact form (guests too)',
        security: [...bearer, {}],
        body: contactBodySchema,
        response: { 200: dataEnvelope(contactReceiptSchema), ...errorResponses(401, 422, 429) },
      },
      config: perPlayer('contact', 5, '10 minutes'),
    },
    async (request) => {
      const data = await fileContactMessage(ctx.db, request.auth?.playerId ?? null, request.body);
      request.log.info({ contactId: data.id, subject: request.body.subject }, 'contact message');
      return { data };
    },
  );

  app.get(
    '/support/messages',
    {
      onRequest: player,
      config: { withdrawOnly: true },
      schema: {
        tags: ['notification'],
        summary: "The player's live support conversation, oldest first (the latest 200 lines)",
        security: bearer,
        response: { 200: dataEnvelope(z.array(supportMessageSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await supportHistory(ctx.db, authOf(request).playerId) }),
  );

  app.post(
    '/support/messages',
    {
      onRequest: player,
      schema: {
        tags: ['notification'],
        summary: 'Write to the support team; the answer arrives on messenger:support#<playerId>',
        security: bearer,
        body: supportPostBodySchema,
        response: { 200: dataEnvelope(supportMessageSchema), ...errorResponses(401, 422, 429) },
      },
      config: { ...perPlayer('support', 20), withdrawOnly: true },
    },
    async (request) => {
      const data = await postSupportMessage(ctx, authOf(request).playerId, 'player', request.body.text);
      return { data };
    },
  );
}
