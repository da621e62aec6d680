import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { loggerOptions } from './lib/logger.ts';
import { registerWebApp, inlineScriptHashes } from './web/static.ts';
import {
  registerPushHub,
  TokenExpiredError as PushTokenExpired,
  TokenInvalidError as PushTokenInvalid,
} from './push/index.ts';
import { TokenExpiredError } from './lib/tokens.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { playerRoutes } from './modules/player/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { opsRoutes } from './ops/routes.ts';
import { sandboxGamesRoutes } from './sandbox/games/routes.ts';
import { catalogueRoutes } from './modules/game/catalogue/routes.ts';
import { catalogueMediaRoutes } from './modules/game/catalogue/media-routes.ts';
import { playRoutes } from './modules/game/play/routes.ts';
import { historyRoutes } from './modules/game/history/routes.ts';
import { providerWalletRoutes } from './modules/game/provider-wallet/routes.ts';
import { sessionTokenState } from './modules/player/service.ts';

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The swagger UI page needs its own script; it is scoped to /api/docs below.
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  });
  await app.register(compress, { global: true, threshold: 1024, brotliOptions: { params: { 1: 5 } } });
  // The plugin never closes a client it is given; requests are over by onClose, so nothing is lost.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  if (rateLimitRedis) app.addHook('onClose', async () => rateLimitRedis.disconnect());
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: { code: 429, message: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s` },
    }),
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'casino-rl:' } : {}),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Casino platform API',
        version: '1.0.0',
        description: 'Player API. Amounts are major units; ids are strings.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { data: { status: 'ready', database: ctx.database.kind } };
    } catch {
      return reply.status(503).send({ error: { code: 503, message: 'Database not reachable' } });
    }
  });

  await app.register(settingsRoutes(ctx), { prefix: '/api/settings' });
  await app.register(playerRoutes(ctx), { prefix: '/api/player' });
  await app.register(walletRoutes(ctx), { prefix: '/api/wallet' });
  await app.register(catalogueRoutes(ctx), { prefix: '/api/game' });
  await app.register(catalogueMediaRoutes(ctx), { prefix: '/media/v1' });
  await app.register(playRoutes(ctx), { prefix: '/api/game' });
  await app.register(historyRoutes(ctx), { prefix: '/api/game' });
  await app.register(providerWalletRoutes(ctx), { prefix: '/api/provider-wallet' });
  await app.register(opsRoutes(ctx), { prefix: '/api/ops' });
  // The sandbox game provider: a separate party behind the same HTTP boundary a real aggregator would use.
  await app.register(sandboxGamesRoutes(ctx), { prefix: '/sandbox/games' });

  ctx.push = await registerPushHub(app, {
    broker: ctx.broker,
    allowedOrigins: config.production ? [config.publicUrl] : null,
    logger: app.log,
    // The socket accepts the same access token as the API, and only while its session is current.
    verifyToken: async (token: string) => {
      let claims;
      try {
        claims = await ctx.tokens.verify(token);
      } catch (error) {
        throw error instanceof TokenExpiredError ? new PushTokenExpired('expired') : new PushTokenInvalid('invalid');
      }
      // A token the session has rotated past answers "expired" (109), so the client fetches the
      // current one and reconnects; a closed session is final.
      const state = await sessionTokenState(ctx.db, claims);
      if (state === 'superseded') throw new PushTokenExpired('superseded');
      if (state === 'closed') throw new PushTokenInvalid('session ended');
      return { userId: claims.playerId, exp: claims.exp };
    },
  });

  await registerWebApp(app, config.webDist);
  app.addHook('onClose', async () => {
    await ctx.push?.close();
  });
  return app;
}
