import { dataEnvelope, idParamSchema, pageEnvelope, tournamentSchema, tournamentsQuerySchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { optionalPlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { runTournamentJob } from './completion.ts';
import { createTournamentEngine, SCORING_LANE, type TournamentEngine } from './engine.ts';
import { registerTournamentNotices, registerTournamentPush } from './push.ts';
import { listTournaments, tournamentDetail } from './service.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { createReadCache } from '../../lib/read-cache.ts';

/** How often each node pushes the leaderboards that changed (at most once a second each). */
export const FLUSH_MS = 1_000;
/** How often any node starts and ends what is due (each tournament under a lease). */
export const JOB_MS = 5_000;
/** How long a node answers the tournament list from memory. */
export const LIST_FRESH_MS = 5_000;

/** This node's engine, for the operator routes and tests (one server per process in production). */
const engines = new WeakMap<AppContext, TournamentEngine>();
export const engineOf = (ctx: AppContext) => engines.get(ctx) ?? null;

/**
 * `/api/retention/tournaments`: the list and a tournament (guests too). Registers the scoring lane on
 * `game.bet.settled` (set-based, one statement per run of rows), the completion push and notices, and
 * starts this node's leaderboard flush and tournament job.
 */
export const tournamentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const log = ctx.log.child({ module: 'tournaments' });
    const engine = createTournamentEngine(ctx, (err) => log.warn({ err }, 'tournament leaderboard set not updated'));
    engines.set(ctx, engine);
    const stops = [
      registerTournamentPush(ctx.outboxConsumers),
      registerTournamentNotices(ctx.outboxConsumers),
      ctx.outboxConsumers.register({
        name: SCORING_LANE,
        startFrom: 'now',
        handlers: {},
        batches: { 'game.bet.settled': (rows, tx) => engine.scoreBatch(rows, tx) },
      }),
    ];
    let flushing = false;
    // The leaderboard changes the scoring lane makes are pushed where that lane runs (not on ROLE=api).
    const flushTimer =
      ctx.config.role === 'api'
        ? undefined
        : setInterval(() => {
            if (flushing) return;
            flushing = true;
            engine
              .flush()
              .catch((err: unknown) => log.warn({ err }, 'tournament leaderboard push failed'))
              .finally(() => (flushing = false));
          }, FLUSH_MS);
    flushTimer?.unref();
    startPeriodicJob(app, ctx, 'tournaments', JOB_MS, async () => {
      const { started, completed } = await runTournamentJob(ctx, ctx.config.bonus, {
        onError: (err) => log.error({ err }, 'tournament completion failed; will try again'),
      });
      if (started.length > 0) engine.cache.invalidate();
      for (const result of completed) {
        if (result.outcome !== 'completed') continue;
        engine.cache.invalidate();
        engine.forget(result.tournament.id);
        await engine.store.drop(result.tournament.id);
        log.info({ tournament: result.tournament.identity, awards: result.awards.length }, 'tournament completed');
      }
    });
    app.addHook('onClose', async () => {
      clearInterval(flushTimer);
      for (const stop of stops) stop();
    });

    // The home page's section asks the same list on every load, the same for every visitor. A node
    // keeps each list LIST_FRESH_MS: tournaments start and end by a job that runs every JOB_MS, and
    // the page itself keeps the list 30 s, so a few seconds more change nothing anyone sees.
    const lists = createReadCache<Awaited<ReturnType<typeof listTournaments>>>({
      maxAgeMs: LIST_FRESH_MS,
      maxEntries: 500,
    });
    app.get(
      '/',
      {
        schema: {
          tags: ['retention'],
          summary: 'Tournaments (state 2 upcoming, 3 running, 4 finished, 5 cancelled): running first',
          querystring: tournamentsQuerySchema,
          response: { 200: pageEnvelope(tournamentSchema), ...errorResponses(422) },
        },
      },
      async (request) => lists.get(JSON.stringify(request.query), () => listTournaments(ctx.db, request.query)),
    );

    app.get(
      '/:id',
      {
        onRequest: optionalPlayer(ctx),
        schema: {
          tags: ['retention'],
          summary: 'A tournament by id or identity; to a player also their standing, the prizes and the top 10',
          security: [{ bearer: [] }, {}],
          params: idParamSchema,
          response: { 200: dataEnvelope(tournamentSchema), ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => ({
        data: await tournamentDetail(ctx.db, request.params.id, request.auth?.playerId ?? null),
      }),
    );
  };
