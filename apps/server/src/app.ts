import { createLocalJWKSet, createRemoteJWKSet } from 'jose';
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { redisOrLocalStore } from './lib/rate-limit-store.ts';
import swagger from '@fastify/swagger';
import { registerMetrics } from './lib/metrics-route.ts';
import swaggerUi from '@fastify/swagger-ui';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencySchema, ErrorCode, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@casino/contracts';
import type { AppContext } from './context.ts';
import {
  DEPENDENCY_RETRY_AFTER_SEC,
  errorBody,
  registerErrorHandling,
  toHttpError,
  unprocessable,
} from './lib/errors.ts';
import { readiness } from './lib/readiness.ts';
import { registerModules } from './lib/module.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { createSerializerCompiler } from './lib/serializer.ts';
import { TokenExpiredError } from './lib/tokens.ts';
import { MODULES } from './module-list.ts';
import { registerAdminApp } from './web/admin.ts';
import { pageExists, registerWebApp, webScriptHashes } from './web/static.ts';
import { registerSeo } from './web/seo.ts';
import {
  registerPushHub,
  TokenExpiredError as PushTokenExpired,
  TokenInvalidError as PushTokenInvalid,
} from './push/index.ts';
import type { IdTokenCheck } from './modules/player/index.ts';
import { checkStaffPushToken, STAFF_PUSH_PREFIX } from './modules/staff/index.ts';

export const BODY_LIMIT = 1024 * 1024;

/**
 * What a worker (ROLE=worker) answers: health and metrics, the operator's CLI, and partners — their
 * wallet calls and webhooks, and (outside production) the sandbox parties its own lanes and jobs call
 * through this node. Players' routes, the push hub and the SPA are an api node's.
 */
const WORKER_PATHS =
  /^\/(?:(?:metrics|api\/health|api\/ready)(?:\?|$)|sandbox\/|api\/(?:ops|provider-wallet|game-wallet|payment\/webhooks|player\/webhooks)\/)/;

/**
 * A request Node could not parse (headers too large, malformed, too slow) never reaches a route: answer
 * it in the API's envelope and say the connection ends, so a client or proxy does not wait on it.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'The request could not be read'];
  const body = JSON.stringify(errorBody(status === 431 ? ErrorCode.headersTooLarge : status, message));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  } else socket.destroy();
}

/**
 * Path and query keys and values that PostgreSQL could not store (NUL, lone surrogates): refused
 * before any route reads them. A hostile key is named `_` (it cannot be echoed).
 */
function unstorableInput(values: unknown): string | null {
  if (!values || typeof values !== 'object') return null;
  for (const [key, value] of Object.entries(values)) {
    if (!isStorableText(key)) return '_';
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && !isStorableText(text))) return key;
  }
  return null;
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = createServer(ctx);
  registerRequestGuards(app, ctx.config);
  await registerHttpPlugins(app, ctx);
  if (ctx.config.apiDocs) await registerApiDocs(app);
  registerProbes(app, ctx);
  registerMetrics(app, ctx);
  // Every module's routes, lanes, pushes and jobs, from its manifest (module-list.ts).
  await registerModules(app, ctx, MODULES, { idTokens: await socialSignIn(app, ctx) });
  await registerPush(app, ctx);
  registerSeo(app, ctx);
  await registerAdminApp(app, ctx.config.adminDist);
  await registerWebApp(app, ctx.config.webDist, pageExists(ctx));
  app.addHook('onClose', async () => {
    await ctx.push?.close();
  });
  return app;
}

/** The Fastify instance: proxies, body limit, zod compilers, the error envelope, and a worker's paths only. */
function createServer(ctx: AppContext) {
  const { config } = ctx;
  const hops = typeof config.trustProxy === 'number' ? config.trustProxy : 0;
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: BODY_LIMIT,
    // A number of hops: the nearest `n` addresses (the socket's peer first) are the operator's proxies.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < hops : config.trustProxy,
    clientErrorHandler: answerClientError,
    // A path that is not valid percent-encoded UTF-8 never reaches a route: answer it in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const mapped = toHttpError(error);
      void (reply as FastifyReply).code(mapped.status).send(mapped.body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Under Vitest every answer is also checked against zod's encoding (see createSerializerCompiler).
  app.setSerializerCompiler(createSerializerCompiler({ verify: Boolean(process.env.VITEST) }));
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  if (config.role === 'worker')
    app.addHook('onRequest', async (request, reply) => {
      if (!WORKER_PATHS.test(request.url))
        return reply.code(404).send(errorBody(ErrorCode.notFound, 'Not found: this process is a worker'));
    });
  return app;
}

type App = ReturnType<typeof createServer>;

/** Security headers (the document's, and a short set on API answers), and path or query text PostgreSQL cannot store refused. */
function registerRequestGuards(app: App, config: AppContext['config']): void {
  // The third-party support widget (Zendesk) loads its script and talks to its own hosts.
  const widget = config.supportWidgetKey
    ? {
        script: ['https://static.zdassets.com'],
        connect: ['https://*.zendesk.com', 'wss://*.zendesk.com', 'https://*.zdassets.com'],
      }
    : { script: [], connect: [] };
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...webScriptHashes(config.webDist), ...widget.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...widget.connect],
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
    // The swagger UI page needs its own script; it sets its own CSP at /api/docs.
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  });
  // JSON answers need no document policy, only "render nothing, frame nothing": a short set keeps
  // every API answer small (bytes on the wire are most of what an API answer costs this process).
  const apiHeaders = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    hsts: config.production,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Scoped hooks (the sandbox provider, the API docs) may replace the CSP for their pages.
  app.addHook('onRequest', async (request, reply) => {
    const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(api ? apiHeaders : headers);
  });
  app.addHook('preValidation', async (request) => {
    const key = unstorableInput(request.params) ?? unstorableInput(request.query);
    if (key !== null) throw unprocessable('The request is not valid', { [key]: [UNSTORABLE_TEXT_MESSAGE] });
  });
}

/** Compression and the rate limiter (its counters in Redis when there is one). */
async function registerHttpPlugins(app: App, ctx: AppContext): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, brotliOptions: { params: { 1: 5 } } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: { code: 429, message: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s` },
    }),
    ...(ctx.redis ? { store: redisOrLocalStore(ctx.redis, 'casino-rl:') } : {}),
  });
}

/** The OpenAPI document and its page: outside production only (in production it maps the API for an attacker). */
async function registerApiDocs(app: App): Promise<void> {
  // Recursive schemas need a name of their own in the document (else a dangling `schema0` reference).
  const named = z.registry<{ id: string }>();
  named.add(currencySchema, { id: 'Currency' });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Casino platform API',
        version: '1.0.0',
        description: 'Player API. Amounts are major units; ids are strings.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: named }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: named }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
}

/** Liveness, and readiness: each dependency and the outbox lag, within a second whatever hangs (lib/readiness.ts). */
function registerProbes(app: App, ctx: AppContext): void {
  app.get('/api/health', { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const report = await readiness(ctx);
    if (report.ready) return { data: { status: report.redis?.up === false ? 'degraded' : 'ready', ...report } };
    void reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SEC));
    return reply
      .status(503)
      .send(errorBody(ErrorCode.serviceUnavailable, 'The database is not reachable', undefined, { report }));
  });
}

/** The push hub on this node, and the end of an ended session's live connections on every node. */
async function registerPush(app: App, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  ctx.push = await registerPushHub(app, {
    broker: ctx.broker,
    allowedOrigins: config.production ? [config.publicUrl] : null,
    logger: app.log.child({ module: 'push' }),
    onFanOut: (subscribers, seconds) => {
      ctx.metrics.pushFanOut.observe(seconds);
      ctx.metrics.pushDeliveries.inc(subscribers);
    },
    // The socket accepts the same access token as the API, and only while its session is current.
    verifyToken: async (token: string) => {
      // A back-office connection (staff:queues) carries a staff token of its own.
      if (token.startsWith(STAFF_PUSH_PREFIX)) {
        const checked = await checkStaffPushToken(ctx.db, ctx.staffSecret, token);
        if (checked === 'expired') throw new PushTokenExpired('expired');
        if (checked === 'invalid') throw new PushTokenInvalid('invalid');
        return checked;
      }
      let claims;
      try {
        claims = await ctx.tokens.verify(token);
      } catch (error) {
        throw error instanceof TokenExpiredError ? new PushTokenExpired('expired') : new PushTokenInvalid('invalid');
      }
      // A token the session has rotated past answers "expired" (109), so the client fetches the
      // current one and reconnects; a closed session is final.
      const state = await ctx.sessions.tokenState(claims);
      if (state === 'superseded') throw new PushTokenExpired('superseded');
      if (state === 'closed') throw new PushTokenInvalid('session ended');
      return { userId: claims.playerId, sessionId: claims.sessionId, exp: claims.exp };
    },
  });
  // A session that ended (logout, a closed session, a replayed token) ends its live connections at
  // once, on every node; a rotated token leaves them (the client refreshes the connection's token).
  const push = ctx.push;
  ctx.sessions.onForget((sessionId) => {
    if (!push.hasAuthSession(sessionId)) return;
    ctx.sessions
      .isOpen(sessionId)
      .then((open) => open || push.disconnectAuthSession(sessionId))
      .catch((err: unknown) => app.log.warn({ err }, 'push: ended session check failed'));
  });
}

/**
 * How ID tokens are checked: against Auth0's published keys when SOCIAL_DOMAIN is set, or against
 * the sandbox provider this node starts (development and demo), or not at all (social sign-in off).
 */
async function socialSignIn(app: FastifyInstance, ctx: AppContext): Promise<IdTokenCheck | null> {
  const social = ctx.config.social;
  if (!social) return null;
  if (!social.sandbox) {
    return {
      issuer: `${social.domain}/`,
      audience: social.clientId,
      keys: createRemoteJWKSet(new URL(`${social.domain}/.well-known/jwks.json`), { timeoutDuration: 10_000 }),
    };
  }
  // Loaded only here: a node that uses Auth0 (production) never loads oidc-provider and koa.
  const [{ createSandboxOidc }, { registerSandboxOidc }] = await Promise.all([
    import('./sandbox/oidc/provider.ts'),
    import('./sandbox/oidc/routes.ts'),
  ]);
  const oidc = await createSandboxOidc({
    publicUrl: ctx.config.publicUrl,
    clientId: social.clientId,
    cookieSecret: createHash('sha256').update(`oidc:${ctx.paymentSecret}`).digest('base64url'),
  });
  registerSandboxOidc(app, oidc);
  return { issuer: oidc.issuer, audience: social.clientId, keys: createLocalJWKSet(oidc.publicJwks) };
}
