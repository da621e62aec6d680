import { z } from 'zod';
import { dataEnvelope, fieldMetaSchema, fieldsQuerySchema, playerInitSchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { countryOf } from '../../../lib/geo.ts';
import { restrictionOf } from '../../settings/index.ts';
import { fieldsFor } from '../fields.ts';
import type { PlayerApp } from './kit.ts';

/** What a visitor's first page asks for: the country and its restriction, feature flags, form rules. */
export function siteRoutes(app: PlayerApp, ctx: AppContext): void {
  app.get(
    '/init',
    {
      schema: {
        tags: ['player'],
        summary: 'Visitor country, geo restriction and public feature flags',
        response: { 200: dataEnvelope(playerInitSchema) },
      },
    },
    async (request) => {
      const country = countryOf(request, ctx.config);
      const social = ctx.config.social;
      return {
        data: {
          country,
          ...restrictionOf(country),
          features: ctx.config.features,
          social: social ? { domain: social.domain, clientId: social.clientId, connections: social.connections } : null,
          kyc: ctx.config.kyc ? { sdkUrl: `${ctx.config.kyc.providerUrl ?? '/sandbox/kyc'}/sdk` } : null,
          supportWidgetKey: ctx.config.supportWidgetKey,
          realityCheckMinutes: ctx.config.limits.realityCheckMinutes,
          sportsbook: ctx.config.sportsbook
            ? { host: ctx.config.sportsbook.host, clientId: ctx.config.sportsbook.clientId }
            : null,
        },
      };
    },
  );

  app.get(
    '/fields/validations',
    {
      schema: {
        tags: ['player'],
        summary: 'Form fields and their validation rules for a scenario',
        querystring: fieldsQuerySchema,
        response: { 200: dataEnvelope(z.array(fieldMetaSchema)), ...errorResponses(422) },
      },
    },
    async (request) => ({ data: [...fieldsFor(request.query.scenario)] }),
  );
}
