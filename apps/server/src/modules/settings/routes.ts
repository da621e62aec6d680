import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  constantsSchema,
  countrySchema,
  currenciesQuerySchema,
  currencySchema,
  dataEnvelope,
  localeSchema,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../lib/errors.ts';
import { getConstants, listCountries, listCurrencies, listLocales } from './service.ts';

/** Settings change only with a deploy: let browsers and CDNs keep them for a few minutes. */
const CACHE_CONTROL = 'public, max-age=300';

export const settingsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200) reply.header('cache-control', CACHE_CONTROL);
    });

    app.get(
      '/currencies',
      {
        schema: {
          tags: ['settings'],
          summary: 'Supported currencies with rates to the base currency',
          querystring: currenciesQuerySchema,
          response: { 200: dataEnvelope(z.array(currencySchema)), ...errorResponses(422) },
        },
      },
      async (request) => ({ data: listCurrencies({ visibleOnly: request.query.visible === '1' }) }),
    );

    app.get(
      '/locales',
      {
        schema: { tags: ['settings'], summary: 'Site locales', response: { 200: dataEnvelope(z.array(localeSchema)) } },
      },
      async () => ({ data: listLocales() }),
    );

    app.get(
      '/countries',
      {
        schema: {
          tags: ['settings'],
          summary: 'Countries offered at registration, with restriction flags',
          response: { 200: dataEnvelope(z.array(countrySchema)) },
        },
      },
      async () => ({ data: listCountries() }),
    );

    app.get(
      '/constants',
      {
        schema: {
          tags: ['settings'],
          summary: 'Enumerations used by the client',
          response: { 200: dataEnvelope(constantsSchema) },
        },
      },
      async () => ({ data: getConstants() }),
    );
  };
