import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EventStage, sportsbookLaunchBodySchema, type SportsbookWidgetEvent } from '@casino/contracts';
import { fixtureById, type ClientSession, type EventSummary } from '@casino/games/sportsbook';
import type { AppContext } from '../../context.ts';
import { inlineScriptHashes } from '../../lib/csp.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { isUuid } from '../../lib/uuid.ts';
import { walletCall } from '../games/wallet-client.ts';
import { DEFAULT_GAMES_DIST, gamesCsp, registerGameAssets } from '../games/static.ts';
import { catalogueEvent, catalogueSports } from './catalogue.ts';
import { answerAsProvider, badSignature, eventNotFound, invalid, noSession, ticketNotFound } from './errors.ts';
import { detailOf, ensureEvent, openEvents, readClock, simTimeOf, sportsOf } from './events.ts';
import { stakeRules } from './stakes.ts';
import { sandboxSportSessions as sessions } from './tables.ts';
import { createTickets, type Tickets } from './tickets.ts';

const BODY_LIMIT = 64 * 1024;
const hidden = { hide: true };
type SessionRow = typeof sessions.$inferSelect;
/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];

const selectionSchema = z.object({
  eventId: z.string().min(1).max(100),
  marketId: z.string().min(1).max(100),
  outcomeId: z.string().min(1).max(50),
  odds: z.number().int().min(1001).max(1_000_000),
});
const placeSchema = z.object({
  type: z.enum(['single', 'accumulator']),
  stake: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  selections: z.array(selectionSchema).min(1).max(20),
  acceptOddsChanges: z.boolean(),
});
const cashOutSchema = z.object({ price: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const eventsQuerySchema = z.object({
  sport: z.string().max(50).optional(),
  league: z.string().max(100).optional(),
  live: z.enum(['0', '1', 'true', 'false']).optional(),
});
const ticketsQuerySchema = z.object({ status: z.enum(['open', 'settled']).default('open') });
const widgetsQuerySchema = z.object({
  kind: z.enum(['top', 'live']).default('top'),
  clientId: z.string().max(100).optional(),
  locale: z.string().max(20).optional(),
});

/** The CSP of the client page: only the casino page that launched it may frame it. */
function clientCsp(parentOrigin: string, scriptHashes: string[]): string {
  return gamesCsp('', scriptHashes).replace(/frame-ancestors [^;]*/, `frame-ancestors ${parentOrigin}`);
}

const originOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/** The client's session a token names, while it lasts (401 `no_session` otherwise). */
async function sessionByToken(ctx: AppContext, token: string | undefined): Promise<SessionRow> {
  if (!token || token.length > 200) throw noSession();
  const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, token));
  if (!row || row.expiresAt.getTime() <= Date.now()) throw noSession();
  return row;
}

/** The session of a client API call: its bearer token. */
const sessionOf = (ctx: AppContext, request: FastifyRequest) => {
  const header = request.headers.authorization ?? '';
  return sessionByToken(ctx, /^Bearer (.+)$/.exec(header)?.[1]);
};

/** A new client session for the casino's launch, and the client's URL for it. */
async function launch(ctx: AppContext, host: string, body: z.infer<typeof sportsbookLaunchBodySchema>) {
  const parentOrigin = originOf(body.parentOrigin);
  if (!parentOrigin) throw invalid('parentOrigin must be an http(s) origin', { parentOrigin: ['not an origin'] });
  const token = randomBytes(32).toString('base64url');
  const real = body.mode === 'real';
  await ctx.db.insert(sessions).values({
    token,
    mode: body.mode,
    casinoToken: real ? body.token! : null,
    playerRef: real ? (body.playerId ?? null) : null,
    clientId: body.clientId,
    currency: body.currency,
    locale: body.locale,
    parentOrigin,
    rules: body.rules,
    expiresAt: new Date(Date.now() + ctx.config.game.sessionTtlSec * 1000),
  });
  const query = new URLSearchParams({ session: token, path: body.path, locale: body.locale });
  return { gameUrl: `${host}/client?${query.toString()}` };
}

/** The scope of the casino's signed launch: the signature is checked before the body is parsed. */
const launchScope =
  (ctx: AppContext, host: string): FastifyPluginAsyncZod =>
  async (scope) => {
    acceptSignedJson(scope, {
      secret: ctx.gameWalletSecret,
      previousSecret: ctx.previousSecrets.gameWallet,
      scope: 'sportsbook-launch',
      replayGuard: ctx.replayGuard,
      bodyLimit: BODY_LIMIT,
      refuse: badSignature,
      invalidJson: (message) => invalid(message),
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/launch', { schema: { ...hidden, body: sportsbookLaunchBodySchema } }, async (request) =>
        launch(ctx, host, request.body),
      );
  };

/**
 * The sandbox sportsbook provider, mounted at `/sandbox/sportsbook`: the launch the casino calls
 * (signed), the framed client and its API (packages/games/src/sportsbook/api.ts), the public event
 * widgets of the casino's home page. A separate party: it reaches the casino only through the signed
 * seamless wallet, and keeps its own tables.
 */
export const sandboxSportsbookRoutes =
  (ctx: AppContext, options: { distDir?: string } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const distDir = options.distDir ?? DEFAULT_GAMES_DIST;
    const log = app.log.child({ module: 'sandbox-sportsbook' });
    const ticketsApi = createTickets(ctx, log);
    app.addHook('onClose', async () => ticketsApi.close());
    const config = ctx.config.sportsbook;
    const host = config?.host ?? `${ctx.config.publicUrl}/sandbox/sportsbook`;
    const defaultSpeed = config?.sandbox ? config.speed : 1;
    const simNow = async () => simTimeOf(await readClock(ctx.db, defaultSpeed));

    // The client's API uses a bearer token, never a cookie: any origin may read it (the casino home page reads the widgets).
    await app.register(cors, { origin: '*', methods: ['GET', 'POST', 'OPTIONS'], maxAge: 600 });
    const apiCsp = gamesCsp(ctx.config.publicUrl);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('content-security-policy', apiCsp);
    });

    answerAsProvider(app, 'sandbox sportsbook', 'invalid');

    // The casino's launch: signed, checked before the body is parsed, in a scope of its own.
    await app.register(launchScope(ctx, host));

    // The client's API.
    sessionRoute(app, ctx, log);
    eventRoutes(app, ctx, simNow);
    ticketRoutes(app, ctx, ticketsApi);

    // The catalogue (public): the casino's operator checks a sport or an event before restricting it.
    catalogueRoutes(app);
    // The casino home page's "top events" and "live events".
    widgetRoutes(app, ctx, simNow);

    // The client page: framed only by the casino page that launched it.
    clientPageRoute(app, ctx, distDir);
    await registerGameAssets(app, distDir);
  };

/** `GET /api/session`: the client's session, with the balance the casino tells now (real play). */
function sessionRoute(app: App, ctx: AppContext, log: FastifyBaseLogger): void {
  app.get('/api/session', { schema: hidden }, async (request): Promise<ClientSession> => {
    let session = await sessionOf(ctx, request);
    if (session.mode === 'real' && session.casinoToken) {
      const result = await walletCall(ctx, 'balance', { token: session.casinoToken }, log);
      if (result.kind === 'ok') {
        const [row] = await ctx.db
          .update(sessions)
          .set({ balance: result.answer.balance })
          .where(eq(sessions.id, session.id))
          .returning();
        session = row ?? session;
      }
    }
    const rules = stakeRules(session.currency);
    return {
      mode: session.mode === 'real' ? 'real' : 'demo',
      currency: session.currency,
      subunit: rules.subunit,
      locale: session.locale,
      balance: session.mode === 'real' ? session.balance : null,
      stakePresets: rules.stakePresets,
      minStake: rules.minStake,
      // The casino's rules as its launch told them (null: a session launched before it told them).
      maxStake: session.rules?.maxStake ?? null,
      maxEventStake: session.rules?.maxEventStake ?? null,
      restricted: session.rules?.restricted ?? { sports: [], events: [] },
    };
  });
}

/** The sports, the open events (by sport, league, live), and one event's detail, at the simulated now. */
function eventRoutes(app: App, ctx: AppContext, simNow: () => Promise<number>): void {
  app.get('/api/sports', { schema: hidden }, async () => sportsOf(await openEvents(ctx.db, await simNow())));

  app.get('/api/events', { schema: { ...hidden, querystring: eventsQuerySchema } }, async (request) => {
    const { sport, league, live } = request.query;
    const liveOnly = live === '1' || live === 'true';
    return (await openEvents(ctx.db, await simNow())).filter(
      (e) => (!sport || e.sport === sport) && (!league || e.leagueId === league) && (!liveOnly || e.status === 'live'),
    );
  });

  app.get('/api/events/:id', { schema: hidden }, async (request) => {
    const id = (request.params as { id: string }).id;
    if (!fixtureById(id)) throw eventNotFound();
    const found = await ensureEvent(ctx.db, id);
    if (!found) throw eventNotFound();
    return detailOf(found.fixture, found.row, await simNow());
  });
}

const ticketIdOf = (request: FastifyRequest) => {
  const id = (request.params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw ticketNotFound();
  return id;
};

/** The player's tickets: placing one, listing, reading one, cashing one out. */
function ticketRoutes(app: App, ctx: AppContext, ticketsApi: Tickets): void {
  app.post('/api/tickets', { schema: { ...hidden, body: placeSchema } }, async (request, reply) => {
    const session = await sessionOf(ctx, request);
    const ticket = await ticketsApi.place(session, request.body);
    return reply.status(201).send(ticket);
  });

  app.get('/api/tickets', { schema: { ...hidden, querystring: ticketsQuerySchema } }, async (request) =>
    ticketsApi.list(await sessionOf(ctx, request), request.query.status),
  );

  app.get('/api/tickets/:id', { schema: hidden }, async (request) =>
    ticketsApi.get(await sessionOf(ctx, request), ticketIdOf(request)),
  );
  app.post('/api/tickets/:id/cash-out', { schema: { ...hidden, body: cashOutSchema } }, async (request) => {
    const session = await sessionOf(ctx, request);
    return ticketsApi.cashOut(session, ticketIdOf(request), request.body.price);
  });
}

/** The public catalogue: every sport, and one event. */
function catalogueRoutes(app: App): void {
  app.get('/api/catalogue/sports', { schema: hidden }, async () => ({ data: catalogueSports() }));
  app.get('/api/catalogue/events/:id', { schema: hidden }, async (request) => {
    const found = catalogueEvent((request.params as { id: string }).id);
    if (!found) throw eventNotFound();
    return { data: found };
  });
}

/** An open event as a home page widget shows it: its main market's outcomes named 1, X, 2. */
function widgetEventOf(e: EventSummary): SportsbookWidgetEvent {
  const names = e.main && e.main.outcomes.length === 3 ? ['1', 'X', '2'] : ['1', '2'];
  return {
    id: e.id,
    sport: e.sport,
    discipline: e.sportName,
    tournament: e.league,
    home: e.home,
    away: e.away,
    startsAt: e.startsAt,
    stage: e.status === 'live' ? EventStage.live : EventStage.prematch,
    score: e.status === 'live' ? e.score : null,
    clock: e.status === 'live' ? e.clock : null,
    market: e.main?.name ?? 'Match result',
    outcomes: (e.main?.outcomes ?? []).map((o, i) => ({ name: names[i]!, odds: o.odds })),
    path: `/events/${e.id}`,
  };
}

/** `GET /api/widgets/events`: the next scheduled events (`top`) or the live ones. */
function widgetRoutes(app: App, ctx: AppContext, simNow: () => Promise<number>): void {
  app.get('/api/widgets/events', { schema: { ...hidden, querystring: widgetsQuerySchema } }, async (request, reply) => {
    const list = await openEvents(ctx.db, await simNow());
    const kind = request.query.kind;
    const chosen =
      kind === 'live'
        ? list.filter((e) => e.status === 'live').slice(0, 20)
        : list.filter((e) => e.status === 'scheduled').slice(0, 10);
    const data: SportsbookWidgetEvent[] = chosen.map(widgetEventOf);
    // Shared by every visitor: a short cache keeps the home page cheap.
    return reply.header('cache-control', 'public, max-age=10').send({ data });
  });
}

/** `GET /client`: the client page of a session, framed only by the casino page that launched it. */
function clientPageRoute(app: App, ctx: AppContext, distDir: string): void {
  app.get('/client', { schema: hidden }, async (request, reply) => {
    const token = (request.query as { session?: string }).session;
    const session = await sessionByToken(ctx, token).catch(() => null);
    if (!session)
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('This sportsbook session does not exist (or is over): open the sportsbook again.');
    let html: string;
    try {
      html = await fs.promises.readFile(path.join(distDir, 'sportsbook.html'), 'utf8');
    } catch {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The sportsbook client is not built yet: run `npm run build -w @casino/games`.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', clientCsp(session.parentOrigin, inlineScriptHashes(html)))
      .send(html);
  });
}
