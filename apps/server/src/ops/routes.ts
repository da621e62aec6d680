import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import type { ModuleManifest } from '../lib/module.ts';
import { notFound } from '../lib/errors.ts';
import { opsCredit, opsCreditBodySchema, opsCreditResultSchema } from './credit.ts';
import { opsBonus, opsBonusBodySchema } from './bonus.ts';
import { opsTournament, opsTournamentBodySchema } from './tournament.ts';
import { engineOf } from '../modules/tournaments/index.ts';
import { opsQuest, opsQuestBodySchema } from './quests.ts';
import { opsLoyalty, opsLoyaltyBodySchema } from './loyalty.ts';
import { opsPlayer, opsPlayerBodySchema } from './player.ts';
import { opsSportsbookRisk, opsSportsbookRiskBodySchema, sportsbookCatalogueOf } from './sportsbook-risk.ts';
import { opsSportsbookProvider, opsSportsbookProviderBodySchema } from './sportsbook-provider.ts';
import { deliverTickets } from '../sandbox/sportsbook/tickets.ts';
import { dataEnvelope, mailboxEntrySchema } from '@casino/contracts';
import { opsMailbox, opsMailboxBodySchema } from './mailbox.ts';
import { opsDocuments, opsDocumentsBodySchema } from './documents.ts';
import { opsEvents, opsEventsBodySchema, opsEventsResultSchema } from './events.ts';
import { opsAutologin, opsAutologinBodySchema, opsAutologinResultSchema } from './autologin.ts';
import { z } from 'zod';
import {
  approveWithdrawal,
  confirmDeposit,
  declineWithdrawal,
  pendingWithdrawals,
  sendTestTransfer,
  waitingBankDeposits,
} from '../modules/payment/index.ts';
import {
  opsCreateWithdrawal,
  opsCryptoSendBodySchema,
  opsInvoiceBodySchema,
  opsInvoiceSchema,
  opsWithdrawalCreateBodySchema,
} from './payments.ts';
import { opsMessage, opsMessageBodySchema, opsSupport, opsSupportBodySchema } from './messaging.ts';
import {
  opsExclude,
  opsExcludeBodySchema,
  opsGame,
  opsGameBodySchema,
  opsLimit,
  opsLimitBodySchema,
  opsMessageSchema,
  opsContent,
  opsContentBodySchema,
} from './play-controls.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The peer address of the socket, not `request.ip`: with TRUST_PROXY a client could claim to be
 * 127.0.0.1 in X-Forwarded-For.
 */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.has(address) || address.startsWith('127.');
}

function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Operator calls for the local ops CLI while the server holds the embedded database. Without
 * loopback and the per-start secret the answer is the ordinary 404 of an unknown path, checked
 * before the body is read so not even a validation error gives the route away.
 */
export const opsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!fromLoopback(request) || !secretMatches(request.headers['x-ops-secret'], ctx.opsSecret)) {
        throw notFound(`Not found: ${request.url.split('?')[0]}`);
      }
      // Tells the CLI its secret was accepted, so a 404 after it is a real "not found" (an invoice,
      // a player), not a server that does not know this secret.
      void reply.header('x-ops', 'accepted');
    });

    await app.register(playerRoutes(ctx));
    await app.register(sportsbookRoutes(ctx));
    await app.register(competitionRoutes(ctx));
    await app.register(playControlRoutes(ctx));
    await app.register(paymentRoutes(ctx));
    await app.register(supportRoutes(ctx));
    await app.register(platformRoutes(ctx));
  };

/** The answer of the calls that answer a line of text (most of them). */
const messageResponse = () => ({ 200: dataEnvelope(opsMessageSchema) });

/** A player's money, bonuses and loyalty, and their linked accounts. */
const playerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/credit',
      { schema: { hide: true, body: opsCreditBodySchema, response: { 200: dataEnvelope(opsCreditResultSchema) } } },
      async (request) => ({ data: await opsCredit(ctx, request.body) }),
    );

    const message = messageResponse();
    app.post('/bonus', { schema: { hide: true, body: opsBonusBodySchema, response: message } }, async (request) => ({
      data: await opsBonus(ctx, request.body, ctx.config.bonus),
    }));
    app.post(
      '/loyalty',
      { schema: { hide: true, body: opsLoyaltyBodySchema, response: message } },
      async (request) => ({ data: await opsLoyalty(ctx, request.body) }),
    );
    app.post('/player', { schema: { hide: true, body: opsPlayerBodySchema, response: message } }, async (request) => ({
      data: await opsPlayer(ctx.db, request.body),
    }));
  };

/** The sportsbook's risk settings, and the sandbox sportsbook provider's operator. */
const sportsbookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const message = messageResponse();
    app.post(
      '/sportsbook-risk',
      { schema: { hide: true, body: opsSportsbookRiskBodySchema, response: message } },
      async (request) => ({ data: await opsSportsbookRisk(ctx, request.body, sportsbookCatalogueOf(ctx.config)) }),
    );
    // The sandbox sportsbook provider's operator: this node also sends the settlements' wallet calls at once.
    app.post(
      '/sportsbook-provider',
      { schema: { hide: true, body: opsSportsbookProviderBodySchema, response: message } },
      async (request) => ({
        data: await opsSportsbookProvider(ctx, request.body, (ids) => deliverTickets(ctx, request.log, ids, true)),
      }),
    );
  };

/** Quests and tournaments. */
const competitionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const message = messageResponse();
    app.post('/quest', { schema: { hide: true, body: opsQuestBodySchema, response: message } }, async (request) => ({
      data: await opsQuest(ctx, request.body),
    }));
    app.post(
      '/tournament',
      { schema: { hide: true, body: opsTournamentBodySchema, response: message } },
      async (request) => ({
        data: await opsTournament(ctx, request.body, ctx.config.bonus, async (id) => {
          // This node scores and pushes at once; the others re-read their running tournaments within seconds.
          const engine = engineOf(ctx);
          engine?.cache.invalidate();
          if (request.body.action === 'end') {
            engine?.forget(id);
            await engine?.store.drop(id);
          }
        }),
      }),
    );
  };

/** A player's limits and exclusions. */
const playControlRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const message = messageResponse();
    app.post('/limit', { schema: { hide: true, body: opsLimitBodySchema, response: message } }, async (request) => ({
      data: await opsLimit(ctx, request.body),
    }));
    app.post('/exclude', { schema: { hide: true, body: opsExcludeBodySchema, response: message } }, async (request) => {
      const { message: line, endedSessions } = await opsExclude(ctx, request.body);
      // The player's open tabs and sockets end at once.
      for (const sessionId of endedSessions) ctx.sessions.forget(sessionId);
      return { data: { message: line } };
    });
  };

/** Withdrawals and bank deposits, and the sandbox's crypto transfers. */
const paymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const message = messageResponse();
    app.post(
      '/invoices',
      {
        schema: { hide: true, body: opsInvoiceBodySchema, response: { 200: dataEnvelope(z.array(opsInvoiceSchema)) } },
      },
      async (request) => {
        const { action, invoice = '' } = request.body;
        switch (action) {
          case 'withdrawals-list':
            return { data: await pendingWithdrawals(ctx.db) };
          case 'withdrawals-approve':
            return { data: [await approveWithdrawal(ctx, invoice)] };
          case 'withdrawals-decline':
            return { data: [await declineWithdrawal(ctx, invoice, 'operator')] };
          case 'deposits-list':
            return { data: await waitingBankDeposits(ctx) };
          case 'deposits-confirm':
            return { data: [await confirmDeposit(ctx, invoice)] };
        }
      },
    );
    app.post(
      '/withdrawal-create',
      { schema: { hide: true, body: opsWithdrawalCreateBodySchema, response: message } },
      async (request) => ({ data: await opsCreateWithdrawal(ctx, request.body) }),
    );
    app.post(
      '/crypto-send',
      { schema: { hide: true, body: opsCryptoSendBodySchema, response: message } },
      async (request) => {
        const sent = await sendTestTransfer(ctx, request.body.address, request.body.amount);
        return {
          data: { message: `Sent ${request.body.amount} to ${request.body.address}; confirmed at ${sent.confirmAt}` },
        };
      },
    );
  };

/** Content pages, and what support works with: the messages sent, sign-in links, documents, messages and chats. */
const supportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const message = messageResponse();
    app.post(
      '/content',
      { schema: { hide: true, body: opsContentBodySchema, response: message } },
      async (request) => ({
        data: await opsContent(ctx.db, request.body),
      }),
    );
    app.post(
      '/mailbox',
      {
        schema: {
          hide: true,
          body: opsMailboxBodySchema,
          response: { 200: dataEnvelope(z.array(mailboxEntrySchema)) },
        },
      },
      async (request) => ({ data: await opsMailbox(ctx.db, request.body) }),
    );
    app.post(
      '/autologin',
      {
        schema: {
          hide: true,
          body: opsAutologinBodySchema,
          response: { 200: dataEnvelope(opsAutologinResultSchema) },
        },
      },
      async (request) => ({ data: await opsAutologin(ctx.db, request.body, ctx.config.publicUrl) }),
    );
    app.post(
      '/documents',
      { schema: { hide: true, body: opsDocumentsBodySchema, response: message } },
      async (request) => ({
        data: await opsDocuments(ctx, request.body),
      }),
    );
    app.post(
      '/message',
      { schema: { hide: true, body: opsMessageBodySchema, response: message } },
      async (request) => ({ data: await opsMessage(ctx, request.body) }),
    );
    app.post(
      '/support',
      { schema: { hide: true, body: opsSupportBodySchema, response: message } },
      async (request) => ({
        data: await opsSupport(ctx, request.body),
      }),
    );
  };

/** The domain events' consumers, and the games switched off or on. */
const platformRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const message = messageResponse();
    app.post(
      '/events',
      { schema: { hide: true, body: opsEventsBodySchema, response: { 200: dataEnvelope(opsEventsResultSchema) } } },
      async (request) => ({ data: await opsEvents(ctx.db, request.body) }),
    );
    app.post('/game', { schema: { hide: true, body: opsGameBodySchema, response: message } }, async (request) => ({
      data: await opsGame(ctx.db, request.body),
    }));
  };

/** The operator's calls (the local CLI), as a part of every node. */
export const opsModule: ModuleManifest = {
  name: 'ops',
  setup: (ctx) => ({ routes: [{ prefix: '/api/ops', plugin: opsRoutes(ctx) }] }),
};
