import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  depositBodySchema,
  depositResultSchema,
  idParamSchema,
  invoiceSchema,
  invoicesQuerySchema,
  invoiceStatisticsSchema,
  pageEnvelope,
  paymentMethodSchema,
  paymentMethodsQuerySchema,
  toMajor,
  turnoverSchema,
  withdrawalBodySchema,
  withdrawResultSchema,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { countryOf } from '../../lib/geo.ts';
import { perPlayer } from '../../lib/rate-limits.ts';
import { subunitOf } from '../settings/index.ts';
import { methodsFor } from './methods.ts';
import { assertDepositRoom, createDeposit } from './deposits.ts';
import { closedAccountMinimum } from './invoices.ts';
import { createWithdrawal, declineWithdrawal, turnoverOf } from './withdrawals.ts';
import { invoiceOf, invoiceStatistics, listInvoices } from './invoice-views.ts';
import { applyWebhook } from './webhooks.ts';
import { providerFor, providersOf } from './providers/index.ts';
import { acceptProviderWebhook } from './providers/webhook-scope.ts';

const common = { tags: ['payment'], security: [{ bearer: [] }] };
/** Creating invoices talks to the provider: a player gets a few dozen a minute, not a flood. */
const createLimit = perPlayer('invoices', 30);

/** The player's payments: methods, deposit and withdrawal invoices, their history and statistics. */
export const paymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    methodRoutes(app, ctx);
    invoiceCreationRoutes(app, ctx);
    invoiceRoutes(app, ctx);
  };

/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The payment methods for a deposit and for a withdrawal. */
function methodRoutes(app: App, ctx: AppContext): void {
  for (const direction of ['deposit', 'withdrawal'] as const) {
    app.get(
      `/methods/${direction}`,
      {
        // An excluded player's withdraw-only session (lib/auth-guard.ts) may withdraw, never deposit.
        config: { withdrawOnly: direction === 'withdrawal' },
        schema: {
          ...common,
          summary: `Payment methods for a ${direction} in a currency (and country)`,
          querystring: paymentMethodsQuerySchema,
          response: { 200: dataEnvelope(z.array(paymentMethodSchema)), ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        const { playerId } = authOf(request);
        const country = request.query.country ?? countryOf(request, ctx.config);
        // A reached deposit limit is said here already, so the wallet shows it instead of a form.
        if (direction === 'deposit') await assertDepositRoom(ctx.db, playerId, request.query.currency, null);
        // Only the methods a provider serves for this country and currency (the routing table).
        const methods = methodsFor(direction, request.query.currency, country).filter((m) =>
          providerFor(ctx, m.method, direction, request.query.currency, country),
        );
        // A closed account withdraws all its money, however little (createWithdrawal).
        const floor =
          direction === 'withdrawal' ? await closedAccountMinimum(ctx.db, playerId, request.query.currency) : null;
        return {
          data: floor === null ? methods : methods.map((m) => ({ ...m, amountMin: Math.min(m.amountMin, floor) })),
        };
      },
    );
  }
}

/** Opening a deposit or a withdrawal invoice (rate-limited: each talks to a provider). */
function invoiceCreationRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/invoices/deposit',
    {
      config: createLimit,
      schema: {
        ...common,
        summary: 'Open a deposit invoice; the answer says how to pay (hosted page, QR, address, message)',
        body: depositBodySchema,
        response: { 200: dataEnvelope(depositResultSchema), ...errorResponses(401, 403, 422, 429, 502) },
      },
    },
    async (request) => ({
      data: await createDeposit(ctx, authOf(request).playerId, request.body, countryOf(request, ctx.config)),
    }),
  );

  app.post(
    '/invoices/withdrawal',
    {
      config: { ...createLimit, withdrawOnly: true },
      schema: {
        ...common,
        summary: 'Request a withdrawal; the amount is locked until it is paid out or declined',
        body: withdrawalBodySchema,
        response: { 200: dataEnvelope(withdrawResultSchema), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => ({
      data: await createWithdrawal(ctx, authOf(request).playerId, request.body, countryOf(request, ctx.config)),
    }),
  );
}

/** The player's invoices: the list, statistics, one invoice, and cancelling a pending withdrawal. */
function invoiceRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/invoices',
    {
      config: { withdrawOnly: true },
      schema: {
        ...common,
        summary: 'The player’s invoices, newest first',
        querystring: invoicesQuerySchema,
        response: { 200: pageEnvelope(invoiceSchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => listInvoices(ctx, authOf(request).playerId, request.query),
  );

  app.get(
    '/invoices/statistics',
    {
      schema: {
        ...common,
        summary: 'Paid deposits and withdrawals per currency',
        response: { 200: dataEnvelope(invoiceStatisticsSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await invoiceStatistics(ctx, authOf(request).playerId) }),
  );

  app.get(
    '/invoices/:id',
    {
      config: { withdrawOnly: true },
      schema: {
        ...common,
        summary: 'One invoice (the wallet polls it while a payment is open)',
        params: idParamSchema,
        response: { 200: dataEnvelope(invoiceSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await invoiceOf(ctx, authOf(request).playerId, request.params.id) }),
  );

  app.put(
    '/invoices/:id/decline',
    {
      config: { withdrawOnly: true },
      schema: {
        ...common,
        summary: 'Cancel a pending withdrawal (the money returns to the balance)',
        params: idParamSchema,
        response: { 200: dataEnvelope(invoiceSchema), ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => ({
      data: await declineWithdrawal(ctx, request.params.id, { playerId: authOf(request).playerId }),
    }),
  );
}

/** `GET /api/risk/reasons/turn-over-wager?currency=`: what must still be wagered before a withdrawal. */
export const riskRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    app.get(
      '/reasons/turn-over-wager',
      {
        config: { withdrawOnly: true },
        schema: {
          tags: ['payment'],
          security: [{ bearer: [] }],
          summary: 'Turnover still to wager before a withdrawal',
          querystring: paymentMethodsQuerySchema.pick({ currency: true }),
          response: { 200: dataEnvelope(turnoverSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => {
        const { currency } = request.query;
        const scale = subunitOf(currency);
        const t = await turnoverOf(ctx, authOf(request).playerId, currency);
        return {
          data: {
            currency,
            enabled: t.multiplier > 0,
            multiplier: t.multiplier,
            turnOverWagerAmount: toMajor(t.remaining, scale),
            wageredAmount: toMajor(t.wagered, scale),
            requiredAmount: toMajor(t.required, scale),
          },
        };
      },
    );
  };

/**
 * `POST /api/payment/webhooks/<provider>`: each provider's outcomes at its own path, checked with its own
 * secret and scheme by its adapter (the first provider's at `/sandbox`, signed over method, path,
 * timestamp, request id and body; Orbit's at `/orbit`), parsed into one event shape, applied once.
 */
export const paymentWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const provider of providersOf(ctx).values()) {
      await app.register(async (scope) => {
        acceptProviderWebhook(scope, provider);
        scope.withTypeProvider<ZodTypeProvider>().post(
          `/${provider.id}`,
          {
            schema: {
              hide: true,
              body: provider.webhook.schema,
              response: { 200: dataEnvelope(z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) })) },
            },
          },
          async (request) => {
            const event = provider.webhook.parse(request.body);
            const outcome = await applyWebhook(ctx, event);
            request.log.info(
              { provider: provider.id, eventId: event.eventId, type: event.type, outcome },
              'payment webhook',
            );
            return { data: { outcome } };
          },
        );
      });
    }
  };
