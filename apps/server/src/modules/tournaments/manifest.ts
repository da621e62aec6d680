import type { AppContext } from '../../context.ts';
import type { ModuleManifest } from '../../lib/module.ts';
import { tournamentAdminRoutes } from './admin.ts';
import { tournamentCommand } from './commands.ts';
import { runTournamentJob } from './completion.ts';
import { createTournamentEngine, SCORING_LANE, type TournamentEngine } from './engine.ts';
import { registerTournamentNotices, registerTournamentPush } from './push.ts';
import { tournamentRoutes } from './routes.ts';

/** How often a node pushes the leaderboards that changed (at most once a second each). */
export const FLUSH_MS = 1_000;
/** How often any node starts and ends what is due (each tournament under a lease). */
export const JOB_MS = 5_000;

/** This node's engine, for the operator routes and tests (one server per process in production). */
const engines = new WeakMap<AppContext, TournamentEngine>();
export const engineOf = (ctx: AppContext) => engines.get(ctx) ?? null;

/**
 * Tournaments: the list and detail routes; the scoring lane on `game.bet.settled` (set-based, one
 * statement per run of rows), the completion push and notices; the job that starts and ends them and
 * the flush that pushes the leaderboards the scoring lane changed (where that lane runs).
 */
export const tournamentsModule: ModuleManifest = {
  name: 'tournaments',
  commands: [tournamentCommand(engineOf)],
  adminRoutes: tournamentAdminRoutes,
  setup(ctx) {
    const log = ctx.log.child({ module: 'tournaments' });
    const engine = createTournamentEngine(ctx, (err) => log.warn({ err }, 'tournament leaderboard set not updated'));
    engines.set(ctx, engine);
    return {
      routes: [{ prefix: '/api/retention/tournaments', plugin: tournamentRoutes(ctx) }],
      events: [
        registerTournamentPush,
        registerTournamentNotices,
        (consumers) =>
          consumers.register({
            name: SCORING_LANE,
            startFrom: 'now',
            handlers: {},
            batches: { 'game.bet.settled': (rows, tx) => engine.scoreBatch(rows, tx) },
          }),
      ],
      jobs: [
        { name: 'leaderboard-flush', everyMs: FLUSH_MS, run: () => engine.flush() },
        {
          name: 'tournaments',
          everyMs: JOB_MS,
          run: async () => {
            const { started, completed } = await runTournamentJob(ctx, ctx.config.bonus, {
              onError: (err) => log.error({ err }, 'tournament completion failed; will try again'),
            });
            if (started.length > 0) engine.cache.invalidate();
            for (const result of completed) {
              if (result.outcome !== 'completed') continue;
              engine.cache.invalidate();
              engine.forget(result.tournament.id);
              await engine.store.drop(result.tournament.id);
              log.info(
                { tournament: result.tournament.identity, awards: result.awards.length },
                'tournament completed',
              );
            }
          },
        },
      ],
    };
  },
};
