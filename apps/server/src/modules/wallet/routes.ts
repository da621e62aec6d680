import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSchema, createAccountBodySchema, dataEnvelope, idParamSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { withTransaction } from '../../outbox/index.ts';
import { hideAccount, listHiddenAccounts, openAccount, switchAccount, type AccountsReader } from './accounts.ts';

const accountList = dataEnvelope(z.array(accountSchema));
const common = { tags: ['wallet'], security: [{ bearer: [] }] };

/** The player's currency accounts; every call answers with the whole visible list (the client replaces its store). */
export const walletRoutes =
  (ctx: AppContext, accounts: AccountsReader): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    accountListRoutes(app, ctx, accounts);
    accountChangeRoutes(app, ctx, accounts);
  };

/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The visible accounts, and the hidden ones. */
function accountListRoutes(app: App, ctx: AppContext, accounts: AccountsReader): void {
  app.get(
    '/accounts',
    {
      // An excluded player's withdraw-only session reads its balance too.
      config: { withdrawOnly: true },
      schema: {
        ...common,
        summary: 'List accounts (active first)',
        response: { 200: accountList, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await accounts.list(authOf(request).playerId) }),
  );

  app.get(
    '/accounts/hidden',
    {
      schema: {
        ...common,
        summary: 'List the accounts the player hid (adding the currency again shows one)',
        response: { 200: accountList, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listHiddenAccounts(ctx.db, authOf(request).playerId) }),
  );
}

/** Opening an account, making one active, hiding one; each forgets the player's cached list. */
function accountChangeRoutes(app: App, ctx: AppContext, accounts: AccountsReader): void {
  app.post(
    '/accounts',
    {
      schema: {
        ...common,
        summary: 'Open an account in a currency (a hidden one is shown again)',
        body: createAccountBodySchema,
        response: { 200: accountList, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { playerId } = authOf(request);
      await withTransaction(ctx, (tx) => openAccount(tx, playerId, request.body.currency));
      accounts.forget(playerId);
      return { data: await accounts.list(playerId) };
    },
  );

  app.put(
    '/accounts/:id/switch',
    {
      schema: {
        ...common,
        summary: 'Make an account the active one',
        params: idParamSchema,
        response: { 200: accountList, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { playerId } = authOf(request);
      const list = await switchAccount(ctx, playerId, request.params.id);
      accounts.forget(playerId);
      return { data: list };
    },
  );

  app.put(
    '/accounts/:id/hide',
    {
      schema: {
        ...common,
        summary: 'Hide an account from the list (not the active one)',
        params: idParamSchema,
        response: { 200: accountList, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { playerId } = authOf(request);
      const list = await hideAccount(ctx, playerId, request.params.id);
      accounts.forget(playerId);
      return { data: list };
    },
  );
}
