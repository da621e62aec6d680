import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Platform, launchBodySchema, lanternLaunchBodySchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { HUB_SIGNATURE_HEADER, hubSignatureValid } from '../../lib/hub-signature.ts';
import { sandboxGamesRoutes } from '../games/routes.ts';
import type { Sessions } from '../games/sessions.ts';
import { LANTERN_GAMES } from './catalogue.ts';

const BODY_LIMIT = 16 * 1024;
const MAX_SKEW_SEC = 5 * 60;

class LanternRefusal extends Error {
  constructor(
    readonly status: number,
    readonly answer: { status: string; message: string },
  ) {
    super(answer.message);
  }
}

/**
 * Lantern's launch API (`POST /sandbox/lantern/api/launch`, docs/lantern-wallet-api.md#launch): the body
 * signed in `X-Hub-Signature` with Lantern's secret, one of its own game ids, answered `{ status, url }`.
 */
const lanternLaunch = (ctx: AppContext) => (scope: FastifyInstance, sessions: Sessions) => {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    async (request: FastifyRequest, body: string | Buffer) => {
      const secret = ctx.aggregatorSecrets.lantern;
      const header = request.headers[HUB_SIGNATURE_HEADER];
      const secrets = secret ? [secret.current, ...(secret.previous ? [secret.previous] : [])] : [];
      if (!hubSignatureValid(secrets, body as string, Array.isArray(header) ? header[0] : header))
        throw new LanternRefusal(401, { status: 'INVALID_SIGNATURE', message: 'Bad or missing X-Hub-Signature' });
      try {
        return JSON.parse(body as string) as unknown;
      } catch {
        throw new LanternRefusal(400, { status: 'BAD_REQUEST', message: 'The body is not valid JSON' });
      }
    },
  );
  scope.setErrorHandler((error, _request, reply) => {
    if (error instanceof LanternRefusal) return reply.status(error.status).send(error.answer);
    return reply.status(500).send({ status: 'INTERNAL_ERROR', message: 'Internal error' });
  });
  scope.post('/api/launch', { schema: { hide: true } }, async (request) => {
    const parsed = lanternLaunchBodySchema.safeParse(request.body);
    if (!parsed.success)
      throw new LanternRefusal(400, { status: 'BAD_REQUEST', message: parsed.error.issues[0]!.message });
    const body = parsed.data;
    if (Math.abs(Date.now() / 1000 - body.timestamp) > MAX_SKEW_SEC)
      throw new LanternRefusal(400, { status: 'BAD_REQUEST', message: 'timestamp: more than 5 minutes off' });
    const game = LANTERN_GAMES.find((g) => g.id === body.game_id);
    if (!game) throw new LanternRefusal(400, { status: 'BAD_REQUEST', message: `Unknown game ${body.game_id}` });
    if (body.mode === 'real' && (!body.session_id || !body.player_id))
      throw new LanternRefusal(400, { status: 'BAD_REQUEST', message: 'A real launch needs session_id and player_id' });
    // The game server's own launch checks (lobby path, locale, currency…) apply as to every launch.
    const launch = launchBodySchema.safeParse({
      mode: body.mode,
      token: body.session_id,
      ...(body.player_id ? { playerId: body.player_id } : {}),
      gameIdentity: game.id,
      gameName: game.name,
      engine: game.engine,
      currency: body.currency,
      locale: body.language,
      lobbyUrl: body.lobby_url,
      platform: body.device === 'mobile' ? Platform.mobile : Platform.desktop,
      volatility: game.volatility,
      paylines: game.paylines,
    });
    if (!launch.success)
      throw new LanternRefusal(400, { status: 'BAD_REQUEST', message: launch.error.issues[0]!.message });
    const { gameUrl } = await sessions.launch(launch.data);
    return { status: 'OK', url: gameUrl };
  });
};

/**
 * The sandbox Lantern Hub at /sandbox/lantern: a second game aggregator with a protocol of its own at both
 * ends (its launch above; its wallet calls in wallet-client.ts), playing its games on the sandbox game
 * server's engines, rounds and tables (its sessions marked `party = 'lantern'`, served only here).
 */
export const sandboxLanternRoutes = (ctx: AppContext) =>
  sandboxGamesRoutes(ctx, { party: 'lantern', launch: lanternLaunch(ctx) });
