import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { launchBodySchema, providerFreespinGrantSchema, providerFreespinRevokeSchema } from '@casino/contracts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { isUuid } from '../../lib/uuid.ts';
import { answerAsProvider, badSignature, invalidRequest, roundNotFound, sessionNotFound } from './errors.ts';
import { createRounds, type Rounds } from './rounds.ts';
import type { SandboxParty } from './rounds/runtime.ts';
import { clientSeedSchema, createSessions, type Sessions } from './sessions.ts';
import { statementScope } from './statement.ts';
import { DEFAULT_GAMES_DIST, gamesCsp, registerGameAssets, sendGamePage } from './static.ts';

const BODY_LIMIT = 64 * 1024;
const hidden = { hide: true };

const roundBodySchema = z.object({
  bet: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  params: z.unknown().optional(),
  /** A spin of free spins the casino granted (`state.freeSpinGrant.id`): played without a stake. */
  grantId: z.string().min(1).max(100).optional(),
});
const seedsBodySchema = z.object({ clientSeed: clientSeedSchema.optional() });
const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];

const sessionIdOf = (request: FastifyRequest): string => {
  const sid = (request.params as { sid?: string }).sid ?? '';
  if (!isUuid(sid)) throw sessionNotFound();
  return sid;
};

const roundIdOf = (request: FastifyRequest) => {
  const rid = (request.params as { rid?: string }).rid ?? '';
  if (!isUuid(rid)) throw roundNotFound();
  return rid;
};

/** The game UIs may post as text/plain (no CORS preflight); both are JSON here. */
function acceptJsonOrText(app: App): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      const raw = body as string;
      if (raw.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(raw));
      } catch {
        done(invalidRequest('The body is not valid JSON'), undefined);
      }
    },
  );
}

/** The native launch scope: the signed launch, and the free spins the casino grants and revokes. */
const nativeLaunchScope =
  (ctx: AppContext, sessionsApi: Sessions, roundsApi: Rounds): FastifyPluginAsyncZod =>
  async (launchScope) => {
    acceptSignedJson(launchScope, {
      secret: ctx.gameWalletSecret,
      previousSecret: ctx.previousSecrets.gameWallet,
      scope: 'game-launch',
      replayGuard: ctx.replayGuard,
      bodyLimit: BODY_LIMIT,
      refuse: badSignature,
      invalidJson: (message) => invalidRequest(message),
    });
    launchScope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/launch', { schema: { ...hidden, body: launchBodySchema } }, async (request) =>
        sessionsApi.launch(request.body),
      );
    // The casino grants free spins (and revokes what is left of them): the game plays only grants it knows.
    launchScope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/freespins', { schema: { ...hidden, body: providerFreespinGrantSchema } }, async (request) =>
        roundsApi.grant(request.body),
      );
    launchScope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/freespins/revoke', { schema: { ...hidden, body: providerFreespinRevokeSchema } }, async (request) =>
        roundsApi.revoke(request.body.grantId),
      );
  };

/** The game UI's API: the session, its rounds (start, history, one, crash cash-out) and its seeds. */
function gameApiRoutes(app: App, sessionsApi: Sessions, roundsApi: Rounds): void {
  app.get('/api/sessions/:sid', { schema: hidden }, async (request) => sessionsApi.info(sessionIdOf(request)));

  app.post('/api/sessions/:sid/rounds', { schema: { ...hidden, body: roundBodySchema } }, async (request) =>
    roundsApi.startRound(sessionIdOf(request), request.body),
  );

  app.get('/api/sessions/:sid/rounds', { schema: { ...hidden, querystring: historyQuerySchema } }, async (request) =>
    sessionsApi.history(sessionIdOf(request), request.query.limit),
  );

  app.get('/api/sessions/:sid/rounds/:rid', { schema: hidden }, async (request) =>
    roundsApi.getRound(sessionIdOf(request), roundIdOf(request)),
  );
  app.post('/api/sessions/:sid/rounds/:rid/cashout', { schema: hidden }, async (request) =>
    roundsApi.cashout(sessionIdOf(request), roundIdOf(request)),
  );

  app.post('/api/sessions/:sid/seeds', { schema: { ...hidden, body: seedsBodySchema.optional() } }, async (request) =>
    sessionsApi.rotateSeeds(sessionIdOf(request), request.body?.clientSeed),
  );
}

/** The built front ends: a session's game page, and the fairness verifier. */
function pageRoutes(app: App, ctx: AppContext, sessionsApi: Sessions, distDir: string, base: string): void {
  app.get('/play/:sid', { schema: hidden }, async (request, reply) => {
    const session = await sessionsApi.load(sessionIdOf(request)).catch(() => null);
    if (!session)
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('This game session does not exist (or is over): start the game again.');
    return sendGamePage(reply, distDir, session.engine, ctx.config.publicUrl, base);
  });
  app.get('/verify', { schema: hidden }, async (_request, reply) =>
    sendGamePage(reply, distDir, 'verify', ctx.config.publicUrl),
  );
}

/**
 * The sandbox game provider, mounted at `/sandbox/games`: the launch API the casino calls
 * (docs/provider-wallet-api.md) and the API its game UIs call. It is a separate
 * party that happens to live in this process: it talks to the casino only over HTTP (the launch call
 * it receives, the wallet calls it makes), and it keeps its own tables.
 */
export const sandboxGamesRoutes =
  (
    ctx: AppContext,
    options: {
      distDir?: string;
      /** Another sandbox party on the same game server (its own prefix, sessions and protocols). */
      party?: SandboxParty;
      /** That party's launch API, in place of the native one (and of free spins, which it has not). */
      launch?: (scope: FastifyInstance, sessions: Sessions) => void;
    } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const distDir = options.distDir ?? DEFAULT_GAMES_DIST;
    const party = options.party ?? 'games';
    const base = `/sandbox/${party}/`;
    const log = app.log.child({ module: `sandbox-${party}` });
    const roundsApi = createRounds(ctx, log, party);
    const sessionsApi = createSessions(ctx, roundsApi, log, party);
    app.addHook('onClose', async () => roundsApi.close());

    acceptJsonOrText(app);

    // The game pages run in a sandboxed iframe (opaque origin): everything they fetch is cross-origin.
    await app.register(cors, { origin: '*', methods: ['GET', 'POST', 'OPTIONS'], maxAge: 600 });
    const csp = gamesCsp(ctx.config.publicUrl);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('content-security-policy', csp);
      // Its pages run in a sandboxed frame, an opaque origin of their own: asking to key the casino's
      // origin from there only earns a console warning that the request cannot be honoured.
      reply.removeHeader('origin-agent-cluster');
    });

    answerAsProvider(app, 'sandbox game provider', 'invalid_request');

    // The casino launches a game: a signed call (method, path, timestamp, request id and body), checked
    // before the body is parsed, in a scope of its own so the game UIs' unsigned calls are not affected.
    if (options.launch) await app.register(async (launchScope) => options.launch!(launchScope, sessionsApi));
    else await app.register(nativeLaunchScope(ctx, sessionsApi, roundsApi));
    // Its daily statement of the wallet calls the casino took: signed GETs, in a scope of their own.
    if (party === 'games') await app.register(statementScope(ctx));

    gameApiRoutes(app, sessionsApi, roundsApi);
    pageRoutes(app, ctx, sessionsApi, distDir, base);
    await registerGameAssets(app, distDir);
  };
